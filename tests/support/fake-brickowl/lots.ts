import {
  BO_CONDITIONS,
  type BoCondition,
  type BoLot,
} from '../../../server/marketplaces/brickowl/types';

/** The fake BrickOwl's lot rules: listing, finding, creating and updating lots as BrickOwl does. */

/** A request the fake BrickOwl turns down: its HTTP status and BrickOwl's text. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** inventory/list: active lots only unless `active_only=0`; one lot by lot_id or external_id_1. */
export function listLots(lots: Iterable<BoLot>, p: Record<string, string>): BoLot[] {
  const activeOnly = p.active_only !== '0';
  return [...lots].filter(
    (l) =>
      (!activeOnly || (l.for_sale === '1' && Number(l.quantity) > 0)) &&
      (!p.lot_id || l.lot_id === p.lot_id) &&
      (!p.external_id_1 || l.external_lot_ids?.['1'] === p.external_id_1),
  );
}

/** The lot named by exactly one of lot_id / external_id. */
export function findLot(lots: Map<string, BoLot>, p: Record<string, string>): BoLot {
  if (!!p.lot_id === !!p.external_id)
    throw new Refusal(400, 'Pass exactly one of lot_id or external_id');
  const lot = p.lot_id
    ? lots.get(p.lot_id)
    : [...lots.values()].find((l) => l.external_lot_ids?.['1'] === p.external_id);
  if (!lot) throw new Refusal(404, 'Lot not found');
  return lot;
}

/** inventory/create's checks; the new lot, with the given lot id. */
export function newLot(p: Record<string, string>, lotId: string): BoLot {
  if (!p.boid) throw new Refusal(400, 'Missing boid');
  const quantity = Number(p.quantity);
  if (!Number.isInteger(quantity) || quantity <= 0)
    throw new Refusal(400, 'Quantity must be a whole number greater than zero');
  if (!(Number(p.price) > 0)) throw new Refusal(400, 'Price must be a positive number');
  if (!BO_CONDITIONS.includes(p.condition as BoCondition))
    throw new Refusal(400, 'Invalid condition');
  return {
    lot_id: lotId,
    boid: p.boid,
    color_id: p.color_id,
    quantity: String(quantity),
    price: Number(p.price).toFixed(3),
    condition: p.condition as BoCondition,
    for_sale: '1',
    external_lot_ids: p.external_id ? { '1': p.external_id } : {},
  };
}

const UPDATE_FIELDS = [
  'absolute_quantity',
  'relative_quantity',
  'price',
  'for_sale',
  'public_note',
  'personal_note',
  'bulk_qty',
  'tier_price',
];

/** inventory/update applied to a lot in place (a quantity may not fall below zero). */
export function updateLot(lot: BoLot, p: Record<string, string>): void {
  if (!UPDATE_FIELDS.some((f) => p[f] !== undefined)) throw new Refusal(400, 'Nothing to update');
  let quantity = Number(lot.quantity);
  if (p.absolute_quantity !== undefined) quantity = Number(p.absolute_quantity);
  if (p.relative_quantity !== undefined) quantity += Number(p.relative_quantity);
  if (!Number.isInteger(quantity) || quantity < 0)
    throw new Refusal(400, 'Quantity can not be below zero');
  if (p.price !== undefined && !(Number(p.price) > 0))
    throw new Refusal(400, 'Price must be a positive number');
  lot.quantity = String(quantity);
  if (p.price !== undefined) lot.price = Number(p.price).toFixed(3);
  if (p.for_sale !== undefined) lot.for_sale = p.for_sale === '1' ? '1' : '0';
  if (p.public_note !== undefined) lot.public_note = p.public_note;
  if (p.personal_note !== undefined) lot.personal_note = p.personal_note;
}
