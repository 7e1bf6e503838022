/** A timestamp as shown in the catalog screens: to the minute, "2024-05-01 14:07". */
export { minuteTime as shownTime } from '../../ui/minuteTime';

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
