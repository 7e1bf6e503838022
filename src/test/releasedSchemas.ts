import { Dexie } from 'dexie';

/**
 * The device database's schemas as they were released, frozen: a device may still hold a database
 * one of them made, so the upgrade tests start from it. Never edit one. Each version lists what it
 * changed on the one before (null: a store dropped), as Dexie takes them.
 */
const RELEASED_STORES = {
  1: {
    outbox: '++localId, &id, seq, state, [state+seq]',
    meta: 'key',
    orders: 'order_id, picking_status_id, order_number',
    orderItems: 'id, order_id, item_id, [order_id+item_id]',
    locations: 'location_id, parent_id, code',
    locationContent: 'id, location_id, item_id, [location_id+item_id]',
    trays: 'tray_id, batch_id, status',
    issues: 'id, location_id, item_id',
    colours: 'id, rebrickable_id',
    moulds: 'mold_id',
  },
  2: {
    outbox: '++localId, &id, seq, state, [state+seq], name',
    issues: null,
    colours: null,
    moulds: null,
  },
};

/** The database `name` with the schema the app had in release `version` (not opened yet). */
export function releasedDatabase(name: string, version: keyof typeof RELEASED_STORES): Dexie {
  const db = new Dexie(name);
  for (let v = 1; v <= version; v++) {
    db.version(v).stores(RELEASED_STORES[v as keyof typeof RELEASED_STORES]);
  }
  return db;
}
