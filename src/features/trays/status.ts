import type { TrayStatus } from '../../../contract/batch-trays';

/**
 * How a tray's status reads on the floor: the five known statuses, capitalised; an
 * unknown status is displayed as Filled.
 */
const LABELS: Record<TrayStatus, string> = {
  'ready for filling': 'Ready for filling',
  missing: 'Missing',
  filled: 'Filled',
  uploaded: 'Uploaded',
  reserve: 'Reserve',
};

export function trayStatusLabel(status: string | null | undefined): string {
  const key = (status ?? '').trim().toLowerCase();
  return (LABELS as Record<string, string>)[key] ?? 'Filled';
}

/** A batch's status as the floor reads it: "Ready for filling", "Filled", "Completed". */
export function batchStatusLabel(status: string | null | undefined): string {
  const text = (status ?? '').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : '—';
}

/** Statuses that mean the bricks are already on a shelf: the server refuses to fill them again. */
export function isTrayFilled(status: string | null | undefined): boolean {
  const key = (status ?? '').trim().toLowerCase();
  return key === 'filled' || key === 'uploaded';
}

export interface BatchProgress {
  /** 0–100, capped at 100. */
  percent: number;
  /** filled|total. */
  label: string;
  complete: boolean;
}

export function batchProgress(filled: number, total: number): BatchProgress {
  const raw = total > 0 ? (filled / total) * 100 : 0;
  return {
    percent: Math.min(100, Math.max(0, Math.round(raw))),
    label: `${filled}|${total}`,
    complete: total > 0 && filled >= total,
  };
}
