import type { Order, OrderItem } from '../../contract/orders';
import type { WarehouseTray } from '../../contract/warehouse';

/**
 * The rows of the device's floor tables, as the server's pull collections send them
 * (server/modules/orders/collections.ts, server/modules/warehouse/sync.ts). Declared once here so
 * features read typed tables (db.ts) instead of casting. The pull stores whatever row the server
 * sends, so writes to these tables take any record (`SyncedRow`); only reads are typed. Object
 * types, not interfaces, so a row is also a `SyncedRow` for the local effects (effects.ts).
 */

/** An order (collection `orders`): the server's order without the caller-dependent fields. */
export type LocalOrder = Omit<Order, 'allowed_to_pick' | 'claimed_by_name'> & {
  claimed_by_name?: string | null;
};

/** An order item (collection `order_items`; `id` = order item id). */
export type LocalOrderItem = OrderItem & { id: number };

/** A location (collection `locations`). */
export type LocalLocation = {
  location_id: number;
  parent_id: number | null;
  name: string;
  code: string;
  sort_order: number;
  /** 1 = marked for new items (its subtree too); 0 or 2 (inherited) otherwise. */
  is_selected_new_location?: number | null;
};

/**
 * Stock of an item at a location (collection `location_content`). The filler's stand-in rows,
 * made on the device for a fill at a location that held none of the item, have a string `id`
 * and the `tray_id` of the fill (src/features/trays/effects.ts).
 */
export type LocalStock = {
  id: number | string;
  location_id: number;
  item_id: number;
  colour_id?: number | null;
  quantity: number;
  tray_id?: number;
};

/** A tray of a batch being filled (collection `trays`). */
export type LocalTray = WarehouseTray & {
  readable_id?: string | null;
  item_uuid?: string | null;
  image_path?: string | null;
  bl_mold_id?: string | null;
  colour_hex?: string | null;
  bl_colour_id?: number | null;
};
