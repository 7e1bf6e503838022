/**
 * The quantity of an item in the tree (spec 3 §5 "Item quantity in the tree", §9 "Prompt quantity
 * range"): a whole number from 0 to 100. The original prompt repeated until the entry was valid;
 * the modal keeps refusing other entries with this message instead.
 */
export const TREE_QUANTITY_MIN = 0;
export const TREE_QUANTITY_MAX = 100;
export const TREE_QUANTITY_RULE = `Enter a whole number from ${TREE_QUANTITY_MIN} to ${TREE_QUANTITY_MAX}.`;

export type QuantityEntry = { ok: true; value: number } | { ok: false; message: string };

/** Reads what the user typed (text or a number input's value). */
export function readTreeQuantity(entry: string | number | null | undefined): QuantityEntry {
  const text = typeof entry === 'number' ? String(entry) : (entry ?? '').trim();
  if (!/^\d+$/.test(text)) return { ok: false, message: TREE_QUANTITY_RULE };
  const value = Number(text);
  if (value < TREE_QUANTITY_MIN || value > TREE_QUANTITY_MAX) {
    return { ok: false, message: TREE_QUANTITY_RULE };
  }
  return { ok: true, value };
}
