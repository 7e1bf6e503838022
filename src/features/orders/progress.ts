export interface PickProgress {
  /** 0–100, capped at 100 even when more was picked than ordered. */
  percent: number;
  /** Yellow when picked exceeds ordered; teal when complete; blue while under way. */
  color: 'yellow' | 'teal' | 'blue';
  /** Picked|Ordered. */
  label: string;
}

export function pickProgress(picked: number, ordered: number): PickProgress {
  const raw = ordered > 0 ? (picked / ordered) * 100 : picked > 0 ? 100 : 0;
  const percent = Math.min(100, Math.max(0, Math.round(raw)));
  const color = picked > ordered ? 'yellow' : ordered > 0 && picked === ordered ? 'teal' : 'blue';
  return { percent, color, label: `${picked}|${ordered}` };
}
