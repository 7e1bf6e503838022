import {
  LocationMessages,
  TREE_QUANTITY_MAX,
  TREE_QUANTITY_MIN,
} from '../../../contract/locations';

/**
 * The quantity of an item in the tree: a whole number from 0 to 100. The edit-quantity modal keeps
 * refusing other entries with this message until the entry is valid.
 */
export { TREE_QUANTITY_MAX, TREE_QUANTITY_MIN };
export const TREE_QUANTITY_RULE = LocationMessages.quantityRange;

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
