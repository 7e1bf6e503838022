/** A timestamp as shown in the catalog screens: to the minute, "2024-05-01 14:07". */
export { minuteTime as shownTime } from '../../ui/minuteTime';

/**
 * A value in a change line: null as 'null', a uuid of a catalog object as that object's name
 * (from `names`), text as is, anything else as JSON.
 */
export function valueText(v: unknown, names: Record<string, string> = {}): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string' && names[v] !== undefined) return names[v];
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
  names: Record<string, string> = {},
): string[] {
  return Object.entries(changes).map(
    ([field, value]) =>
      `${field}: from ${valueText(object ? object[field] : null, names)} to ${valueText(value, names)}`,
  );
}

/**
 * What a suggestion is about, in words: "part Brick 2 x 4" for an edit, "new subpart relation:
 * Brick 2 x 4 to Plate 1 x 2" for a relation (×quantity for an inventory link above 1). A uuid
 * the catalog no longer has shows as "an item that no longer exists".
 */
export function suggestionSubject(s: {
  object_type: string;
  object_uuid: string | null;
  changes: Record<string, unknown>;
  names: Record<string, string>;
}): string {
  const named = (uuid: unknown) =>
    typeof uuid === 'string' ? (s.names[uuid] ?? 'an item that no longer exists') : 'nothing';
  if (s.object_uuid) return `${s.object_type} ${named(s.object_uuid)}`;
  const quantity = typeof s.changes.quantity === 'number' ? s.changes.quantity : 1;
  return (
    `new ${s.object_type} relation: ${named(s.changes.from)} to ${named(s.changes.to)}` +
    (quantity > 1 ? ` (×${quantity})` : '')
  );
}
