import type { BlItemType } from '../../../server/marketplaces/bricklink/types';
import type { FakeLot } from './answers';
import { Refusal } from './refusal';

/** The fake BrickLink's lot rules: filtering a listing, checking a new lot, applying an update. */

const TYPES: BlItemType[] = [
  'PART',
  'SET',
  'MINIFIG',
  'BOOK',
  'GEAR',
  'CATALOG',
  'INSTRUCTION',
  'UNSORTED_LOT',
  'ORIGINAL_BOX',
];
export const ITEM_TYPES = new Set<string>(TYPES);

/** The lots matching the `item_type` and `color_id` filters of a GET /inventories query. */
export function listLots(lots: Iterable<FakeLot>, query: URLSearchParams): FakeLot[] {
  const types = query.get('item_type')?.toUpperCase().split(',');
  const colors = query.get('color_id')?.split(',').map(Number);
  return [...lots].filter(
    (l) => (!types || types.includes(l.item.type)) && (!colors || colors.includes(l.color_id)),
  );
}

const isTierPrice = (v: unknown) => v === undefined || Number(v) >= 0;

/**
 * The checks of a lot's other fields, in a create or an update: bulk a whole number of at least 1,
 * sale a whole number, retain and stockroom booleans, a stockroom A, B or C, tier quantities whole
 * numbers with prices of 0 or more.
 */
function checkFields(b: Partial<FakeLot>, bad: (field: string) => Refusal): void {
  if (b.bulk !== undefined && (!Number.isInteger(b.bulk) || b.bulk < 1)) throw bad('bulk');
  if (b.sale_rate !== undefined && !Number.isInteger(b.sale_rate)) throw bad('sale_rate');
  if (b.is_retain !== undefined && typeof b.is_retain !== 'boolean') throw bad('is_retain');
  if (b.is_stock_room !== undefined && typeof b.is_stock_room !== 'boolean')
    throw bad('is_stock_room');
  if (b.stock_room_id !== undefined && !['A', 'B', 'C'].includes(b.stock_room_id))
    throw bad('stock_room_id');
  for (const n of [1, 2, 3] as const) {
    const q = b[`tier_quantity${n}`];
    if (q !== undefined && (!Number.isInteger(q) || q < 0)) throw bad(`tier_quantity${n}`);
    if (!isTierPrice(b[`tier_price${n}`])) throw bad(`tier_price${n}`);
  }
}

/** A new lot as BrickLink would accept it, or a Refusal naming the first bad field. */
export function validNewLot(input: unknown): Omit<FakeLot, 'inventory_id'> {
  const b = (input ?? {}) as Partial<FakeLot>;
  const bad = (field: string) =>
    new Refusal(400, 'PARAMETER_MISSING_OR_INVALID', `${field} is missing or invalid`);
  if (typeof b.item?.no !== 'string' || !b.item.no) throw bad('item.no');
  if (typeof b.item.type !== 'string' || !ITEM_TYPES.has(b.item.type)) throw bad('item.type');
  if (!Number.isInteger(b.color_id) || (b.color_id as number) < 0) throw bad('color_id');
  if (!Number.isInteger(b.quantity) || (b.quantity as number) <= 0) throw bad('quantity');
  if (!(Number(b.unit_price) >= 0) || b.unit_price === undefined) throw bad('unit_price');
  if (b.new_or_used !== 'N' && b.new_or_used !== 'U') throw bad('new_or_used');
  checkFields(b, bad);
  return {
    ...b,
    item: { no: b.item.no, type: b.item.type },
    unit_price: Number(b.unit_price).toFixed(4),
  } as Omit<FakeLot, 'inventory_id'>;
}

/**
 * Applies a PUT to a stored lot in place: the quantity only as a signed change ("+3", "-2") that
 * may not take it below zero; the lot's id and item never change.
 */
export function updateLot(lot: FakeLot, input: unknown): FakeLot {
  const {
    quantity,
    inventory_id: _id,
    item: _item,
    ...rest
  } = (input ?? {}) as Record<string, unknown>;
  checkFields(
    rest as Partial<FakeLot>,
    (field) => new Refusal(400, 'PARAMETER_MISSING_OR_INVALID', `${field} is missing or invalid`),
  );
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
