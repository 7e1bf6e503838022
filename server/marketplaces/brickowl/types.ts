/**
 * What the warehouse sends to BrickOwl. The answers, as BrickOwl sends them and as they are read,
 * are in answers.ts.
 */
export type { BoLot, BoOrder, BoOrderItem, BoOrderView } from './answers';

/**
 * BrickOwl's condition codes. Parts and minifigures take new or a used grade (usedn like new,
 * usedg good, useda acceptable); sets take news (sealed), newc / newi (new complete / incomplete)
 * and usedc / usedi (used complete / incomplete).
 */
export type BoCondition =
  'new' | 'news' | 'newc' | 'newi' | 'usedc' | 'usedi' | 'usedn' | 'usedg' | 'useda' | 'other';

export const BO_CONDITIONS = [
  'new',
  'news',
  'newc',
  'newi',
  'usedc',
  'usedi',
  'usedn',
  'usedg',
  'useda',
  'other',
] as const satisfies readonly BoCondition[];

export type BoItemType =
  'Part' | 'Set' | 'Minifigure' | 'Gear' | 'Sticker' | 'Minibuild' | 'Instructions' | 'Packaging';

export interface BoNewLot {
  boid: string;
  /** Required for parts. */
  color_id?: number;
  quantity: number;
  price: number;
  condition: BoCondition;
  /** Our own id for the lot, so it can be found (and updated) without BrickOwl's lot_id. */
  external_id?: string;
}

/**
 * What a lot carries that only inventory/update sets (BrickOwl's documentation lists none of these
 * for inventory/create).
 */
export interface BoLotFields {
  /** 0: kept off sale (a lot in BrickLink's stockroom: BrickOwl has no stockroom). */
  for_sale?: 0 | 1;
  /** Percent off, a whole number from -95 to 95. */
  sale_percent?: number;
  /** Sold only in multiples of this. */
  bulk_qty?: number;
  /** 'qty:price,qty:price,qty:price' or 'remove'. */
  tier_price?: string;
}

/** Exactly one of lot_id / external_id, and at least one change. */
export interface BoLotChange extends BoLotFields {
  lot_id?: string;
  external_id?: string;
  absolute_quantity?: number;
  relative_quantity?: number;
  price?: number;
  public_note?: string;
  personal_note?: string;
}

/** A colour as the client hands it out: BrickOwl's id and name, and BrickLink's ids for it. */
export interface BoColourEntry {
  id: number;
  name: string;
  blIds: number[];
}

export interface BoBatchRequest {
  endpoint: string;
  request_method: 'GET' | 'POST';
  params: Record<string, string | number>[];
}
