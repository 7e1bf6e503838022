import type { BlInventory, BlItemType } from '../../../server/marketplaces/bricklink/types';
import { Refusal } from './refusal';

/** The fake BrickLink's lot rules: filtering a listing, checking a new lot, applying an update. */

export const ITEM_TYPES = new Set<BlItemType>([
  'PART',
  'SET',
  'MINIFIG',
  'BOOK',
  'GEAR',
  'CATALOG',
  'INSTRUCTION',
  'UNSORTED_LOT',
  'ORIGINAL_BOX',
]);

/** The lots matching the `item_type` and `color_id` filters of a GET /inventories query. */
export function listLots(lots: Iterable<BlInventory>, query: URLSearchParams): BlInventory[] {
  const types = query.get('item_type')?.toUpperCase().split(',');
  const colors = query.get('color_id')?.split(',').map(Number);
  return [...lots].filter(
    (l) => (!types || types.includes(l.item.type)) && (!colors || colors.includes(l.color_id)),
  );
}

/** A new lot as BrickLink would accept it, or a Refusal naming the first bad field. */
export function validNewLot(input: unknown): Omit<BlInventory, 'inventory_id'> {
  const b = (input ?? {}) as Partial<BlInventory>;
  const bad = (field: string) =>
    new Refusal(400, 'PARAMETER_MISSING_OR_INVALID', `${field} is missing or invalid`);
  if (typeof b.item?.no !== 'string' || !b.item.no) throw bad('item.no');
  if (!ITEM_TYPES.has(b.item.type)) throw bad('item.type');
  if (!Number.isInteger(b.color_id) || (b.color_id as number) < 0) throw bad('color_id');
  if (!Number.isInteger(b.quantity) || (b.quantity as number) <= 0) throw bad('quantity');
  if (!(Number(b.unit_price) >= 0) || b.unit_price === undefined) throw bad('unit_price');
  if (b.new_or_used !== 'N' && b.new_or_used !== 'U') throw bad('new_or_used');
  return {
    ...b,
    item: { no: b.item.no, type: b.item.type },
    unit_price: Number(b.unit_price).toFixed(4),
  } as Omit<BlInventory, 'inventory_id'>;
}

/**
 * Applies a PUT to a stored lot in place: the quantity only as a signed change ("+3", "-2") that
 * may not take it below zero; the lot's id and item never change.
 */
export function updateLot(lot: BlInventory, input: unknown): BlInventory {
  const {
    quantity,
    inventory_id: _id,
    item: _item,
    ...rest
  } = (input ?? {}) as Record<string, unknown>;
  let next = lot.quantity;
  if (quantity !== undefined) {
    const text = String(quantity);
    if (!/^[+-]\d+$/.test(text)) {
      throw new Refusal(
        400,
        'PARAMETER_MISSING_OR_INVALID',
        'quantity must be a change with + or -',
      );
    }
    next += Number(text);
    if (next < 0)
      throw new Refusal(400, 'PARAMETER_MISSING_OR_INVALID', 'quantity would fall below 0');
  }
  if (rest.unit_price !== undefined) rest.unit_price = Number(rest.unit_price).toFixed(4);
  Object.assign(lot, rest, { quantity: next });
  return lot;
}
