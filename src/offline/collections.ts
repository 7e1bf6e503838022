import type { WarehouseDb } from './db';

/**
 * The floor's collections as the pull endpoint names them, with the local table each one fills.
 * Every pulled row must carry the table's primary key (the first field of its schema in db.ts);
 * tombstones are values of that key.
 */
export const COLLECTIONS = {
  orders: 'orders',
  order_items: 'orderItems',
  locations: 'locations',
  location_content: 'locationContent',
  trays: 'trays',
  issues: 'issues',
  colours: 'colours',
  moulds: 'moulds',
} as const satisfies Record<string, keyof WarehouseDb>;

export type CollectionName = keyof typeof COLLECTIONS;

/** Every floor collection, in the order a first sync pulls them. */
export const FLOOR_COLLECTIONS = Object.keys(COLLECTIONS) as CollectionName[];

export function isCollectionName(name: string): name is CollectionName {
  return Object.prototype.hasOwnProperty.call(COLLECTIONS, name);
}

export function tableFor(db: WarehouseDb, collection: CollectionName) {
  return db[COLLECTIONS[collection]];
}
