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
