import type { z } from 'zod';
import type { boLotAnswer } from '../../../server/marketplaces/brickowl/answers';
import { BO_CONDITIONS, type BoCondition } from '../../../server/marketplaces/brickowl/types';

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

/**
 * A lot as the fake keeps it (tests read and set these): the fields a create or update sets, in
 * BrickOwl's request words. What inventory/list answers is made from it by lotAnswer, in the shape
 * BrickOwl answers. `external_lot_ids['1']` is the external id the lot was created with.
 */
export interface FakeLot {
  lot_id: string;
  /** The item's BOID, without the colour. */
  boid: string;
  color_id?: string;
  quantity: string;
  price: string;
  condition: BoCondition;
  for_sale: string;
  public_note?: string;
  personal_note?: string;
  /** Percent off, a whole number from -95 to 95 (inventory/update only). */
  sale_percent?: string;
  /** Sold only in multiples of this (inventory/update only). */
  bulk_qty?: string;
  /** 'qty:price,qty:price' as inventory/update took it; absent for none. */
  tier_price?: string;
  external_lot_ids?: Record<string, string>;
  /** BrickOwl's item type, when the fake's catalog knew it. */
  type?: string;
}

/**
 * One lot of inventory/list as BrickOwl answers it (tests/fixtures/marketplaces/brickowl/
 * inventory-list.json): the fields the client reads typed by the client's own schema, with the
 * other fields BrickOwl sends beside them.
 */
export type LotAnswer = z.input<typeof boLotAnswer> & {
  url: string;
  owl_id: string;
  sale_percent: string;
  bulk_qty: string;
  /** A lot with tier prices only: each tier as [quantity, price] (BrickOwlSharp's reading). */
  tier_price?: [string, string][];
  ids: { id: string; type: string }[];
};

/** BrickOwl writes a coloured item's BOID with its colour: "306255-64". */
export const colouredBoid = (lot: { boid: string; color_id?: string }) =>
  lot.color_id ? `${lot.boid}-${lot.color_id}` : lot.boid;

/** The lot as inventory/list answers it. */
export function lotAnswer(lot: FakeLot): LotAnswer {
  const mark = lot.external_lot_ids?.['1'];
  const boid = colouredBoid(lot);
  return {
    con: lot.condition.startsWith('new') ? 'new' : 'used',
    full_con: lot.condition,
    qty: lot.quantity,
    lot_id: lot.lot_id,
    price: lot.price,
    url: `http://fake.brickowl.test/store/lot-${lot.lot_id}`,
    owl_id: lot.boid,
    public_note: lot.public_note ?? '',
    personal_note: lot.personal_note ?? '',
    sale_percent: lot.sale_percent ?? '0',
    bulk_qty: lot.bulk_qty ?? '1',
    ...(lot.tier_price
      ? {
          tier_price: lot.tier_price
            .split(',')
            .map((t) => t.split(':') as [string, string])
            .map(([q, p]): [string, string] => [q, Number(p).toFixed(3)]),
        }
      : {}),
    for_sale: lot.for_sale,
    boid,
    // A lot without an external id: an empty list, as BrickOwl sends it.
    external_lot_ids: mark === undefined ? [] : { other: mark },
    type: lot.type ?? (lot.color_id ? 'Part' : 'Set'),
    ids: [{ id: boid, type: 'boid' }],
  };
}

/** inventory/list: active lots only unless `active_only=0`; one lot by lot_id or external_id_1. */
export function listLots(lots: Iterable<FakeLot>, p: Record<string, string>): LotAnswer[] {
  const activeOnly = p.active_only !== '0';
  return [...lots]
    .filter(
      (l) =>
        (!activeOnly || (l.for_sale === '1' && Number(l.quantity) > 0)) &&
        (!p.lot_id || l.lot_id === p.lot_id) &&
        (!p.external_id_1 || l.external_lot_ids?.['1'] === p.external_id_1),
    )
    .map(lotAnswer);
}

/** The lot named by exactly one of lot_id / external_id. */
export function findLot(lots: Map<string, FakeLot>, p: Record<string, string>): FakeLot {
  if (!!p.lot_id === !!p.external_id)
    throw new Refusal(400, 'Pass exactly one of lot_id or external_id');
  const lot = p.lot_id
    ? lots.get(p.lot_id)
    : [...lots.values()].find((l) => l.external_lot_ids?.['1'] === p.external_id);
  if (!lot) throw new Refusal(404, 'Lot not found');
  return lot;
}

/** The conditions BrickOwl takes for a set: sealed, complete or incomplete. */
export const SET_CONDITIONS: readonly BoCondition[] = ['news', 'newc', 'newi', 'usedc', 'usedi'];

/**
 * inventory/create's checks; the new lot, with the given lot id. `type` is the item's type when the
 * fake's catalog knows it: a set takes only the set conditions. Like BrickOwl's documented create,
 * it takes boid, color_id, quantity, price, condition and external_id only: a new lot is for sale,
 * at no sale, bulk 1 and without tiers until an update sets them.
 */
export function newLot(p: Record<string, string>, lotId: string, type?: string): FakeLot {
  if (!p.boid) throw new Refusal(400, 'Missing boid');
  const quantity = Number(p.quantity);
  if (!Number.isInteger(quantity) || quantity <= 0)
    throw new Refusal(400, 'Quantity must be a whole number greater than zero');
  if (!(Number(p.price) > 0)) throw new Refusal(400, 'Price must be a positive number');
  const condition = BO_CONDITIONS.find((c) => c === p.condition);
  if (!condition) throw new Refusal(400, 'Invalid condition');
  if (type === 'Set' && !SET_CONDITIONS.includes(condition))
    throw new Refusal(400, 'Invalid condition for a set');
  return {
    lot_id: lotId,
    boid: p.boid,
    color_id: p.color_id,
    quantity: String(quantity),
    price: Number(p.price).toFixed(3),
    condition,
    for_sale: '1',
    external_lot_ids: p.external_id ? { '1': p.external_id } : {},
    ...(type === undefined ? {} : { type }),
  };
}

const UPDATE_FIELDS = [
  'absolute_quantity',
  'relative_quantity',
  'price',
  'for_sale',
  'sale_percent',
  'public_note',
  'personal_note',
  'bulk_qty',
  'tier_price',
];

/** A tier price as inventory/update takes it: up to three 'quantity:price', or 'remove'. */
const TIER_PRICE = /^[1-9]\d*:\d+(\.\d+)?(,[1-9]\d*:\d+(\.\d+)?){0,2}$/;

/** The checks of inventory/update's fields besides quantity and price, as BrickOwl documents them. */
function checkFields(p: Record<string, string>): void {
  if (p.for_sale !== undefined && p.for_sale !== '0' && p.for_sale !== '1')
    throw new Refusal(400, 'for_sale must be 0 or 1');
  if (p.sale_percent !== undefined) {
    const sale = Number(p.sale_percent);
    if (!Number.isInteger(sale) || sale < -95 || sale > 95)
      throw new Refusal(400, 'Sale percent must be a whole number between -95 and 95');
  }
  if (p.bulk_qty !== undefined) {
    const bulk = Number(p.bulk_qty);
    if (!Number.isInteger(bulk) || bulk < 1)
      throw new Refusal(400, 'Bulk quantity must be a positive whole number');
  }
  if (p.tier_price !== undefined && p.tier_price !== 'remove' && !TIER_PRICE.test(p.tier_price))
    throw new Refusal(400, 'Invalid tier price');
}

/** inventory/update applied to a lot in place (a quantity may not fall below zero). */
export function updateLot(lot: FakeLot, p: Record<string, string>): void {
  if (!UPDATE_FIELDS.some((f) => p[f] !== undefined)) throw new Refusal(400, 'Nothing to update');
  checkFields(p);
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
  if (p.sale_percent !== undefined) lot.sale_percent = String(Number(p.sale_percent));
  if (p.bulk_qty !== undefined) lot.bulk_qty = String(Number(p.bulk_qty));
  if (p.tier_price === 'remove') delete lot.tier_price;
  else if (p.tier_price !== undefined) lot.tier_price = p.tier_price;
}
