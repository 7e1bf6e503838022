const two = (n: number) => String(n).padStart(2, '0');

/**
 * A timestamp as shown in the catalog screens: the stored time without its last 3 characters
 * (the seconds), read in the device's time zone: "2024-05-01 14:07".
 */
export function shownTime(stored: string): string {
  const date = new Date(stored);
  if (!/^\d{4}-\d{2}-\d{2}/.test(stored) || Number.isNaN(date.getTime())) {
    return stored.length > 3 ? stored.slice(0, -3) : stored;
  }
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}`
  );
}

/** A value in a change line: null as 'null', text as is, anything else as JSON. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

/**
 * 'field: from old value to new value' for each proposed change; the old value is null when the
 * object is missing or its value is null.
 */
export function changeLines(
  changes: Record<string, unknown>,
  object: Record<string, unknown> | null,
): string[] {
  return Object.entries(changes).map(
    ([field, value]) =>
      `${field}: from ${valueText(object ? object[field] : null)} to ${valueText(value)}`,
  );
}
