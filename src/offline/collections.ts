import type { WarehouseDb } from './db';

/**
 * The floor's collections as GET /api/v1/sync/pull names them, with the local table each one
 * fills and the key every pulled row must carry (the table's primary key in db.ts). Tombstones are
 * values of that key. A server collection (server/sync defineCollection) uses the same name and
 * sends rows whose `key` field is the server id.
 */
export const COLLECTIONS = {
  orders: { table: 'orders', key: 'order_id' },
  order_items: { table: 'orderItems', key: 'id' },
  locations: { table: 'locations', key: 'location_id' },
  location_content: { table: 'locationContent', key: 'id' },
  trays: { table: 'trays', key: 'tray_id' },
  // Not pulled: colours, moulds and issues. No screen reads them from the device (order items and
  // trays carry the names they show; issue reports are only sent); schema version 2 dropped their
  // local tables.
} as const satisfies Record<string, { table: keyof WarehouseDb; key: string }>;

export type CollectionName = keyof typeof COLLECTIONS;

/** Every floor collection, in the order a first sync pulls them. */
export const FLOOR_COLLECTIONS = Object.keys(COLLECTIONS) as CollectionName[];

export function isCollectionName(name: string): name is CollectionName {
  return Object.prototype.hasOwnProperty.call(COLLECTIONS, name);
}

export function tableFor(db: WarehouseDb, collection: CollectionName) {
  return db[COLLECTIONS[collection].table];
}
