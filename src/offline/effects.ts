import type { OutboxEntry, SyncedRow, WarehouseDb } from './db';

/**
 * Local effects: what a mutation does to the device's floor rows, as a function of the stored
 * rows. One per mutation name, registered by the feature that owns the mutation.
 *
 * The effect runs twice in an entry's life:
 * - at enqueue, in the same transaction as the outbox entry (the user sees the change at once);
 * - after a pull stored server rows, once for every entry still waiting to reach the server, on
 *   top of those rows (rebase.ts). The pulled row is the server's state WITHOUT the unsent work, so
 *   the work is applied to it again; rows the pull did not bring still hold it and are left alone.
 *
 * So an effect must only read and write through the store it is given, and must be the same
 * function of (rows, args, entry) every time: no clocks, no random ids, no network.
 */
export type FloorTable = 'orders' | 'orderItems' | 'locations' | 'locationContent' | 'trays';
type Key = string | number;

export interface EffectStore {
  get(table: FloorTable, key: Key): Promise<SyncedRow | undefined>;
  /** Rows whose `index` (a Dexie index of the table, e.g. '[location_id+item_id]') equals value. */
  find(table: FloorTable, index: string, value: Key | Key[]): Promise<SyncedRow[]>;
  /** Change an existing row; nothing happens when the row is not on the device. */
  update(table: FloorTable, key: Key, change: (row: SyncedRow) => void): Promise<void>;
  /** Write a whole row the device makes up (e.g. a stand-in stock row). */
  put(table: FloorTable, row: SyncedRow): Promise<void>;
}

export type LocalEffect<A = never> = (
  store: EffectStore,
  args: A,
  entry: Pick<OutboxEntry, 'owner' | 'local'>,
) => Promise<void>;

const registry = new Map<string, LocalEffect<never>>();

/** Register the local effect of a mutation (idempotent for the same function). */
export function defineLocalEffect<A>(name: string, effect: LocalEffect<A>): void {
  registry.set(name, effect as LocalEffect<never>);
}

export function localEffectOf(name: string): LocalEffect<unknown> | undefined {
  return registry.get(name) as LocalEffect<unknown> | undefined;
}

/** The user id in an entry's owner (`company:user`), or null. */
export function ownerUserId(entry: Pick<OutboxEntry, 'owner'>): number | null {
  const user = Number(entry.owner?.split(':')[1]);
  return Number.isFinite(user) ? user : null;
}

const primaryKey = (db: WarehouseDb, table: FloorTable) => db[table].schema.primKey.keyPath;

/**
 * A store over the database. With `writable`, writes only reach rows whose key is in it (the rows
 * a pull just stored); other writes are skipped, because those rows already hold the effect.
 */
export function effectStore(
  db: WarehouseDb,
  writable?: Partial<Record<string, ReadonlySet<Key>>>,
): EffectStore {
  const mayWrite = (table: FloorTable, key: Key) => !writable || !!writable[table]?.has(key);
  return {
    get: (table, key) => db[table].get(key),
    find: (table, index, value) => db[table].where(index).equals(value).toArray(),
    async update(table, key, change) {
      if (!mayWrite(table, key)) return;
      const row = await db[table].get(key);
      if (!row) return;
      change(row);
      await db[table].put(row);
    },
    async put(table, row) {
      const keyPath = primaryKey(db, table);
      const key = typeof keyPath === 'string' ? (row[keyPath] as Key) : undefined;
      if (key === undefined || !mayWrite(table, key)) return;
      await db[table].put(row);
    },
  };
}
