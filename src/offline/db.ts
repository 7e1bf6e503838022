import { Dexie, type Table } from 'dexie';
import type { LocalLocation, LocalOrder, LocalOrderItem, LocalStock, LocalTray } from './rows';
import { DB_NAME, STORES } from './schema';

export { DB_NAME };

/**
 * The device's local database (docs in src/offline/README.md). Shared by the page and the service
 * worker: no React, no `window`.
 *
 * Schema changes: never edit a released version in schema.ts; add version n + 1 there and here
 * (with an `upgrade()` when rows must be rewritten).
 */

/**
 * - 'pending': waiting to be sent; 'sending': in a push right now.
 * - 'rejected': the server refused it for good (a rule, bad args, no permission); listed under
 *   sync problems until the user dismisses or retries it.
 * - 'stuck': the server failed on it again and again (a fault, not a rule); listed under sync
 *   problems with Retry and Dismiss, and the entries behind it go on. Its local effect stays.
 * - 'parked': the entry belongs to another user of this device (see owner.ts); it waits, untouched,
 *   until that user signs in here again.
 */
export type OutboxState = 'pending' | 'sending' | 'rejected' | 'stuck' | 'parked';

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
  /** Failed attempts at sending this entry (network, 5xx, a server fault on it) so far. */
  attempts: number;
  /**
   * Times the server answered this entry with a fault (`failed`, or a 5xx for a batch it was in).
   * At STUCK_AFTER_FAULTS the entry becomes 'stuck'. Absent on entries made before version 2.
   */
  faults?: number;
  /** Epoch ms before which the entry is not sent again (its own backoff); 0 = now. */
  nextAttemptAt: number;
  /**
   * What the entry's local effect needs beyond `args` (e.g. the item a tray holds): stored so the
   * effect can be applied again after a pull (effects.ts). Never sent.
   */
  local?: unknown;
  /** `company:user` that made the entry (owner.ts); absent on entries made before owners. */
  owner?: string;
  /** The state a parked entry returns to when its owner signs in again. */
  parkedFrom?: OutboxState;
  /** Set when rejected: the server's machine code and the message the user sees. */
  code?: string;
  message?: string;
}

/**
 * A tray edit typed in the batch trays editor and not accepted yet, kept per user and batch from
 * the moment it is typed (features/batch-trays/pendingEdits.ts). Never sent as it is: Accept turns
 * the edits into one outbox entry, in the same transaction that removes them here.
 */
export interface TrayEditRecord {
  owner: string;
  batch_id: number;
  tray_id: number;
  draft: unknown;
  at: string;
}

/** The batch's trays as the editor last read them, so it opens without a network. */
export interface TrayListRecord {
  owner: string;
  batch_id: number;
  list: unknown;
  at: string;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** One catalog chunk as fetched; `body` is the JSON text, parsed when the index is built. */
export interface CatalogChunkRecord {
  name: string;
  hash: string;
  kind: string;
  rows: number;
  body: string;
  storedAt: string;
}

/** A row pulled from the server: a plain record keyed by its server id. */
export type SyncedRow = Record<string, unknown>;
export type RowKey = string | number;

/**
 * A floor table: reads give the row type the server's collection sends (rows.ts); writes take any
 * pulled record, because the pull and the local effects store rows as they come.
 */
export type FloorRows<Row> = Table<Row, RowKey, SyncedRow>;

export class WarehouseDb extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  meta!: Table<MetaRow, string>;
  orders!: FloorRows<LocalOrder>;
  orderItems!: FloorRows<LocalOrderItem>;
  locations!: FloorRows<LocalLocation>;
  locationContent!: FloorRows<LocalStock>;
  trays!: FloorRows<LocalTray>;
  /** The catalog on the device: one record per chunk (src/offline/catalog/). */
  catalogChunks!: Table<CatalogChunkRecord, string>;
  /** The batch trays editor's edits not accepted yet, and the batches it last read. */
  trayEdits!: Table<TrayEditRecord, [string, number, number]>;
  trayLists!: Table<TrayListRecord, [string, number]>;

  constructor(name: string = DB_NAME) {
    super(name);
    this.version(1).stores(STORES[1]);
    // Version 2: entries count server faults (`faults`, stuck after a few) and are found by name
    // (the filler looks up a tray's pending fill). Existing entries start with no faults. The
    // issues, colours and moulds tables go: no screen read them (order items and trays carry the
    // names and colours they show), so the device no longer pulls them.
    this.version(2)
      .stores(STORES[2])
      .upgrade((tx) =>
        tx
          .table('outbox')
          .toCollection()
          .modify((entry: OutboxEntry) => {
            entry.faults ??= 0;
            entry.nextAttemptAt ??= 0;
          }),
      );
    // Version 3: the catalog on the device, one record per chunk of a few thousand items, replaced
    // whole when its hash changes (src/offline/catalog/).
    this.version(3).stores(STORES[3]);
    // Version 4: the batch trays editor keeps each edit on the device as it is typed, and the
    // batch as it last read it, per user and batch (features/batch-trays/pendingEdits.ts).
    this.version(4).stores(STORES[4]);
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
