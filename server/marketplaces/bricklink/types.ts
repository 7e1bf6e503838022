import type { z } from 'zod';
import type { blLotSchema, blOrderItemSchema, blOrderSchema, blPriceGuideSchema } from './schemas';

/** The BrickLink Store API's shapes, as far as the warehouse uses them. */
export type BlItemType =
  | 'PART'
  | 'SET'
  | 'MINIFIG'
  | 'BOOK'
  | 'GEAR'
  | 'CATALOG'
  | 'INSTRUCTION'
  | 'UNSORTED_LOT'
  | 'ORIGINAL_BOX';

/** A store lot as the client reads it (see schemas.ts for what is read and how). */
export type BlInventory = z.output<typeof blLotSchema>;

/** What a create sends: a lot without the fields BrickLink assigns. Prices are strings with 4 decimals. */
export interface BlNewInventory {
  item: { no: string; type: BlItemType };
  color_id: number;
  quantity: number;
  new_or_used: 'N' | 'U';
  completeness?: 'C' | 'B' | 'S';
  unit_price: string;
  description?: string;
  remarks?: string;
  bulk?: number;
  is_retain?: boolean;
  is_stock_room?: boolean;
  stock_room_id?: 'A' | 'B' | 'C';
  my_cost?: string;
  sale_rate?: number;
  tier_quantity1?: number;
  tier_price1?: string;
  tier_quantity2?: number;
  tier_price2?: string;
  tier_quantity3?: number;
  tier_price3?: string;
}

/**
 * What an update sends. `quantity` is a change, never a new total (BrickLink refuses totals because
 * orders change the quantity meanwhile): the client writes it with its sign, "+3" or "-2".
 */
export type BlInventoryChange = Partial<
  Omit<BlNewInventory, 'item' | 'color_id' | 'new_or_used' | 'quantity'>
> & { quantityChange?: number };

export interface BlInventoryFilter {
  item_type?: string;
  status?: string;
  category_id?: string;
  color_id?: string;
}

/** An order as order intake reads it: id, date, buyer and status. */
export type BlOrder = z.output<typeof blOrderSchema>;

/** One line of an order. */
export type BlOrderItem = z.output<typeof blOrderItemSchema>;

/** Which price guide: the last 6 months' sales, or the lots for sale now. */
export type BlGuideType = 'sold' | 'stock';

/**
 * BrickLink's price guide of an item in one colour and condition (`GET /items/{type}/{no}/price`).
 * Prices are fixed-point strings with 4 decimals in `currency_code`. For the sold guide
 * `unit_quantity` is the number of sales and `total_quantity` the pieces sold; for the stock guide
 * the number of lots for sale and the pieces in them.
 */
export type BlPriceGuide = z.output<typeof blPriceGuideSchema>;

export interface BlPriceGuideQuery {
  colorId: number;
  guideType: BlGuideType;
  newOrUsed: 'N' | 'U';
  currencyCode: string;
}
