import { Dexie, type Table } from 'dexie';

/**
 * The device's local database (DESIGN.md "Offline-first"). Shared by the page and the service
 * worker: no React, no `window`.
 *
 * Schema changes: never edit a released `version(n)`; add `version(n + 1)` with the new stores
 * (and an `upgrade()` when rows must be rewritten).
 */
export const DB_NAME = 'brick-warehouse';

/**
 * 'parked': the entry belongs to another user of this device (see owner.ts); it waits, untouched,
 * until that user signs in here again.
 */
export type OutboxState = 'pending' | 'sending' | 'rejected' | 'parked';

export interface OutboxEntry {
  /** Local auto-increment key (order of creation on this device). */
  localId?: number;
  /** Client-made UUID: the server's idempotency key for this mutation. */
  id: string;
  /** Per-device counter; entries go out in seq order. */
  seq: number;
  /** Versioned business action, e.g. `pick.confirm.v1`. */
  name: string;
  args: unknown;
  /** ISO time the user made the change. */
  createdAt: string;
  state: OutboxState;
  /** Failed transport attempts (network error, 5xx, 429) so far. */
  attempts: number;
  /** Epoch ms before which the entry is not sent again (backoff); 0 = now. */
  nextAttemptAt: number;
  /** `company:user` that made the entry (owner.ts); absent on entries made before owners. */
  owner?: string;
  /** The state a parked entry returns to when its owner signs in again. */
  parkedFrom?: OutboxState;
  /** Set when rejected: the server's machine code and the message the user sees. */
  code?: string;
  message?: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** A row pulled from the server: a plain record keyed by its server id. */
export type SyncedRow = Record<string, unknown>;
type Key = string | number;

export class WarehouseDb extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  meta!: Table<MetaRow, string>;
  orders!: Table<SyncedRow, Key>;
  orderItems!: Table<SyncedRow, Key>;
  locations!: Table<SyncedRow, Key>;
  locationContent!: Table<SyncedRow, Key>;
  trays!: Table<SyncedRow, Key>;
  issues!: Table<SyncedRow, Key>;
  colours!: Table<SyncedRow, Key>;
  moulds!: Table<SyncedRow, Key>;

  constructor(name: string = DB_NAME) {
    super(name);
    this.version(1).stores({
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
    });
  }
}

let current: WarehouseDb | null = null;

/** The database of this context (page or service worker), opened on first use. */
export function getDb(): WarehouseDb {
  if (!current) current = new WarehouseDb();
  return current;
}

/**
 * Replace the context's database (tests simulate a reload with it). Closes the previous one.
 * Passing null forgets it so the next getDb() opens a fresh connection.
 */
export function setDb(db: WarehouseDb | null): void {
  if (current && current !== db) current.close();
  current = db;
}
