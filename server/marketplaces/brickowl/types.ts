/** BrickOwl API shapes, as far as the warehouse uses them. BrickOwl sends most numbers as strings. */
export type BoCondition =
  'new' | 'news' | 'newc' | 'newi' | 'usedc' | 'usedi' | 'usedn' | 'usedg' | 'useda' | 'other';

export const BO_CONDITIONS: readonly BoCondition[] = [
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
];

export type BoItemType =
  'Part' | 'Set' | 'Minifigure' | 'Gear' | 'Sticker' | 'Minibuild' | 'Instructions' | 'Packaging';

/** A lot in the store, as inventory/list answers it. */
export interface BoLot {
  lot_id: string;
  boid: string;
  color_id?: string;
  quantity: string;
  price: string;
  condition: BoCondition;
  for_sale: string;
  public_note?: string;
  personal_note?: string;
  external_lot_ids?: Record<string, string>;
}

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

/** Exactly one of lot_id / external_id, and at least one change. */
export interface BoLotChange {
  lot_id?: string;
  external_id?: string;
  absolute_quantity?: number;
  relative_quantity?: number;
  price?: number;
  for_sale?: 0 | 1;
  public_note?: string;
  personal_note?: string;
  bulk_qty?: number;
  /** 'qty:price,qty:price,qty:price' or 'remove'. */
  tier_price?: string;
}

/**
 * One colour of catalog/color_list as BrickOwl sends it: the list is an object of these keyed by
 * BrickOwl's colour id (ids as strings), each naming the ids the colour has on other sites.
 */
export interface BoColour {
  id: string;
  name: string;
  hex?: string;
  peeron_names?: string[];
  ldraw_ids?: string[];
  /** BrickLink's colour ids for it (empty for a colour BrickLink does not have). */
  bl_ids?: string[];
  bl_names?: string[];
  lego_colors?: { lego_id: string; raw_name: string }[];
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

export interface BoOrder {
  order_id: string;
  order_date: string;
  status: string;
  total_quantity?: string;
  total_lots?: string;
  base_order_total?: string;
}

/** What order/view answers: the order's details (only the fields the warehouse reads). */
export interface BoOrderView {
  order_id: string;
  order_time?: string;
  /** The status's name ("Payment Received", "Cancelled", …) and its number ("2", "8", …). */
  status: string;
  status_id?: string;
  total_quantity?: string;
  total_lots?: string;
}

export interface BoOrderItem {
  lot_id: string;
  boid: string;
  name?: string;
  color_id?: string;
  quantity: string;
  base_price: string;
  condition: string;
  external_lot_ids?: Record<string, string>;
  ids?: { id: string; type: string }[];
}
