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

export interface BlEnvelope<T> {
  meta: { description: string; message: string; code: number };
  data: T;
}

/** A store lot ("inventory"). Prices travel as strings with 4 decimals. */
export interface BlInventory {
  inventory_id: number;
  item: { no: string; type: BlItemType; name?: string; category_id?: number };
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
  date_created?: string;
}

/** What a create sends: a lot without the fields BrickLink assigns. */
export type BlNewInventory = Omit<BlInventory, 'inventory_id' | 'date_created' | 'item'> & {
  item: { no: string; type: BlItemType };
};

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

export interface BlOrder {
  order_id: number;
  date_ordered: string;
  buyer_name: string;
  store_name?: string;
  status: string;
  total_count: number;
  unique_count: number;
  cost?: { currency_code: string; subtotal: string; grand_total: string };
}

export interface BlOrderItem {
  inventory_id: number;
  item: { no: string; type: BlItemType; name?: string };
  color_id: number;
  quantity: number;
  new_or_used: 'N' | 'U';
  unit_price: string;
  remarks?: string;
  description?: string;
}

/** Which price guide: the last 6 months' sales, or the lots for sale now. */
export type BlGuideType = 'sold' | 'stock';

/**
 * BrickLink's price guide of an item in one colour and condition (`GET /items/{type}/{no}/price`).
 * Prices are fixed-point strings with 4 decimals in `currency_code`. For the sold guide
 * `unit_quantity` is the number of sales and `total_quantity` the pieces sold; for the stock guide
 * the number of lots for sale and the pieces in them.
 */
export interface BlPriceGuide {
  item: { no: string; type: BlItemType };
  new_or_used: 'N' | 'U';
  currency_code: string;
  min_price: string;
  max_price: string;
  avg_price: string;
  qty_avg_price: string;
  unit_quantity: number;
  total_quantity: number;
  price_detail: BlPriceDetail[];
}

/** One sale (sold guide) or one lot for sale (stock guide). */
export interface BlPriceDetail {
  quantity: number;
  unit_price: string;
  /** stock guide */
  shipping_available?: boolean | string;
  /** sold guide */
  seller_country_code?: string;
  buyer_country_code?: string;
  date_ordered?: string;
}

export interface BlPriceGuideQuery {
  colorId: number;
  guideType: BlGuideType;
  newOrUsed: 'N' | 'U';
  currencyCode: string;
}
