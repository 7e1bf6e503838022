/**
 * The device database's name and stores, version by version, in Dexie's notation. The one
 * definition the page (Dexie, db.ts) and the service worker (raw IndexedDB, sw/worker-db.ts)
 * both read; nothing here imports Dexie, so the worker stays small.
 *
 * Never edit a released version: add the next one (and its `upgrade()` in db.ts when rows must be
 * rewritten). Only the page creates or upgrades the database.
 */
export const DB_NAME = 'brick-warehouse';

export const STORES = {
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
  3: { catalogChunks: 'name, [name+hash]' },
  4: {
    trayEdits: '[owner+batch_id+tray_id], [owner+batch_id]',
    trayLists: '[owner+batch_id]',
  },
} as const satisfies Record<number, Record<string, string | null>>;

/** The newest schema version (Dexie's; IndexedDB's own version number is ten times this). */
export const SCHEMA_VERSION = 4;

/** Dexie stores version n of its schema as IndexedDB version n × 10. */
export const IDB_VERSION = SCHEMA_VERSION * 10;
