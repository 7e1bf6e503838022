import type { WarehouseDb } from '../src/offline/db';
import { DB_NAME, IDB_VERSION, STORES } from '../src/offline/schema';

/**
 * The service worker's view of the device database: the few table operations the outbox flush,
 * the flush lock and the stored session use (the Dexie calls of push.ts, lock.ts, meta.ts and
 * session.ts), on the raw IndexedDB API. Dexie cannot be tree-shaken and is most of a worker's
 * size, so the worker does without it.
 *
 * The page owns the schema (schema.ts, opened and upgraded by Dexie in db.ts). The worker only
 * opens the database the page made, at the page's version or newer, and closes its connection as
 * soon as a page wants to upgrade it. A database that does not exist yet, or that the page has not
 * upgraded yet, is none for the worker: there is no session or outbox in it to send.
 *
 * Transactions: `transaction('rw', tables…, fn)` opens one IndexedDB transaction; table calls made
 * while `fn` runs join it (like Dexie's), as long as `fn` awaits nothing but these calls.
 */

type Key = IDBValidKey;
type Row = Record<string, unknown>;
type Changes = Row | ((row: Row) => unknown);

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function applyChanges(row: Row, changes: Changes): void {
  if (typeof changes === 'function') changes(row);
  else Object.assign(row, changes);
}

/** The indexes a table has in the newest schema, by name (Dexie's `[a+b]` for compound ones). */
function schemaOf(table: string): { primary: string; indexes: string[] } {
  let spec: string | null | undefined;
  for (const version of Object.values(STORES) as Record<string, string | null>[]) {
    if (table in version) spec = version[table];
  }
  if (!spec) throw new Error(`No table ${table} in the device database`);
  const [primary, ...indexes] = spec.split(',').map((part) => part.trim().replace(/^(\+\+|&)/, ''));
  return { primary, indexes };
}

/**
 * The pages read through Dexie, whose live queries re-run on the change messages Dexie posts
 * between contexts (its BroadcastChannel). The worker writes without Dexie, so after each write it
 * commits it posts the same message for the tables it wrote; otherwise an open page would not see
 * what the worker sent (an entry leaving the outbox) until the page itself next wrote.
 */
const DEXIE_CHANGES_CHANNEL = 'x-storagemutated-1';
/** Dexie's range set for "every key". */
const EVERY_KEY = { d: 1, from: -Infinity, to: [[[]]] };

function tellPages(dbName: string, stores: string[]): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const parts: Record<string, typeof EVERY_KEY> = {};
  for (const store of stores) {
    const base = `idb://${dbName}/${store}/`;
    parts[base] = parts[`${base}:dels`] = EVERY_KEY;
    for (const index of schemaOf(store).indexes) parts[base + index] = EVERY_KEY;
  }
  const channel = new BroadcastChannel(DEXIE_CHANGES_CHANNEL);
  channel.postMessage(parts);
  channel.close();
}

type Source = { kind: 'all' } | { kind: 'range'; index: string; range: IDBKeyRange };

/** A query on a table (Dexie's Collection): where(…).between / equals / anyOf, then filter and limit. */
class Collection {
  private filters: Array<(row: Row) => boolean> = [];
  private max = Infinity;

  constructor(
    private readonly table: Table,
    private readonly sources: Source[],
  ) {}

  filter(fn: (row: Row) => boolean): this {
    this.filters.push(fn);
    return this;
  }

  limit(n: number): this {
    this.max = n;
    return this;
  }

  /** Visit the matching rows in order; `update` writes a row back. */
  private async walk(
    mode: IDBTransactionMode,
    visit: (row: Row, update: (row: Row) => Promise<unknown>) => Promise<void> | void,
  ): Promise<number> {
    let seen = 0;
    await this.table.db.run([this.table.name], mode, async (tx) => {
      const store = tx.objectStore(this.table.name);
      for (const source of this.sources) {
        const target =
          source.kind === 'range' && source.index !== this.table.primary
            ? store.index(source.index)
            : store;
        const cursorRequest = target.openCursor(source.kind === 'range' ? source.range : null);
        for (;;) {
          const cursor = await request(cursorRequest);
          if (!cursor || seen >= this.max) break;
          const row = cursor.value as Row;
          if (this.filters.every((keep) => keep(row))) {
            seen++;
            await visit(row, (next) => request(cursor.update(next)));
          }
          cursor.continue();
        }
      }
    });
    return seen;
  }

  async toArray(): Promise<Row[]> {
    const rows: Row[] = [];
    await this.walk('readonly', (row) => void rows.push(row));
    return rows;
  }

  async each(fn: (row: Row) => void): Promise<void> {
    await this.walk('readonly', (row) => fn(row));
  }

  /** Change every matching row (an object of new values, or a function that edits the row). */
  modify(changes: Changes): Promise<number> {
    return this.walk('readwrite', async (row, update) => {
      applyChanges(row, changes);
      await update(row);
    });
  }
}

class Where {
  constructor(
    private readonly table: Table,
    private readonly index: string,
  ) {}

  private on(range: IDBKeyRange): Source {
    return { kind: 'range', index: this.index, range };
  }

  /** Lower bound included, upper bound excluded (as in Dexie). */
  between(lower: Key, upper: Key): Collection {
    return new Collection(this.table, [this.on(IDBKeyRange.bound(lower, upper, false, true))]);
  }

  equals(value: Key): Collection {
    return new Collection(this.table, [this.on(IDBKeyRange.only(value))]);
  }

  anyOf(values: Key[]): Collection {
    const sorted = [...values].sort((a, b) => indexedDB.cmp(a, b));
    const unique = sorted.filter((v, i) => i === 0 || indexedDB.cmp(v, sorted[i - 1]) !== 0);
    return new Collection(
      this.table,
      unique.map((v) => this.on(IDBKeyRange.only(v))),
    );
  }
}

class Table {
  readonly primary: string;
  private readonly indexes: string[];

  constructor(
    readonly db: WorkerDb,
    readonly name: string,
  ) {
    ({ primary: this.primary, indexes: this.indexes } = schemaOf(name));
  }

  private store<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => Promise<T>) {
    return this.db.run([this.name], mode, (tx) => fn(tx.objectStore(this.name)));
  }

  get(key: Key): Promise<Row | undefined> {
    return this.store('readonly', (s) => request(s.get(key)) as Promise<Row | undefined>);
  }

  put(row: Row): Promise<Key> {
    return this.store('readwrite', (s) => request(s.put(row)));
  }

  delete(key: Key): Promise<void> {
    return this.store('readwrite', (s) => request(s.delete(key)));
  }

  bulkDelete(keys: Key[]): Promise<void> {
    return this.store('readwrite', async (s) => {
      for (const key of keys) await request(s.delete(key));
    });
  }

  /** Change one row by its key; resolves with 1, or 0 when there is no such row. */
  update(key: Key, changes: Changes): Promise<number> {
    return this.bulkUpdate([{ key, changes }]);
  }

  bulkUpdate(updates: Array<{ key: Key; changes: Changes }>): Promise<number> {
    return this.store('readwrite', async (s) => {
      let changed = 0;
      for (const { key, changes } of updates) {
        const row = (await request(s.get(key))) as Row | undefined;
        if (!row) continue;
        applyChanges(row, changes);
        await request(s.put(row));
        changed++;
      }
      return changed;
    });
  }

  where(index: string): Where {
    if (index !== this.primary && !this.indexes.includes(index)) {
      throw new Error(`${this.name} has no index ${index}`);
    }
    return new Where(this, index);
  }

  toCollection(): Collection {
    return new Collection(this, [{ kind: 'all' }]);
  }
}

export class WorkerDb {
  readonly outbox: Table;
  readonly meta: Table;
  private ambient: { tx: IDBTransaction; stores: string[] } | null = null;

  constructor(private readonly idb: IDBDatabase) {
    this.outbox = new Table(this, 'outbox');
    this.meta = new Table(this, 'meta');
  }

  /** Run `fn` in the transaction of the running `transaction()` call, or in a new one. */
  async run<T>(
    stores: string[],
    mode: IDBTransactionMode,
    fn: (tx: IDBTransaction) => Promise<T>,
  ): Promise<T> {
    const ambient = this.ambient;
    if (ambient && stores.every((s) => ambient.stores.includes(s))) {
      try {
        return await fn(ambient.tx);
      } catch (error) {
        // The transaction has finished (its callback awaited something else): go on without it.
        if ((error as Error)?.name !== 'TransactionInactiveError') throw error;
      }
    }
    const tx = this.idb.transaction(stores, mode);
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = tx.onerror = () =>
        reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
    try {
      const result = await fn(tx);
      await done;
      if (mode === 'readwrite') tellPages(this.idb.name, stores);
      return result;
    } catch (error) {
      done.catch(() => undefined);
      try {
        tx.abort();
      } catch {
        // Already finished.
      }
      throw error;
    }
  }

  /** Dexie's `db.transaction(mode, table…, fn)`: the tables' calls inside `fn` share one transaction. */
  async transaction<T>(_mode: 'rw' | 'r', ...args: [...Table[], () => Promise<T>]): Promise<T> {
    const fn = args.pop() as () => Promise<T>;
    const stores = (args as Table[]).map((t) => t.name);
    if (this.ambient) return fn();
    return this.run(stores, 'readwrite', async (tx) => {
      this.ambient = { tx, stores };
      try {
        return await fn();
      } finally {
        this.ambient = null;
      }
    });
  }

  close(): void {
    this.idb.close();
  }
}

/**
 * Open the page's database for the worker, or null when there is none the worker can use yet
 * (never made, or older than the worker's schema: the page creates and upgrades it).
 */
export function openWorkerDb(name: string = DB_NAME): Promise<WorkerDb | null> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name);
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onerror = () => {
      if (req.error?.name === 'AbortError') resolve(null);
      else reject(req.error ?? new Error(`IndexedDB: cannot open ${name}`));
    };
    req.onsuccess = () => {
      const idb = req.result;
      const ready =
        idb.version >= IDB_VERSION &&
        ['outbox', 'meta'].every((s) => idb.objectStoreNames.contains(s));
      if (!ready) {
        idb.close();
        resolve(null);
        return;
      }
      // A page opening a newer schema waits for every other connection to close.
      idb.onversionchange = () => idb.close();
      resolve(new WorkerDb(idb));
    };
  });
}

/**
 * The worker's database where the engine takes the page's (Dexie) one. The engine's outbox flush,
 * flush lock and session calls use only what WorkerDb has; the worker's tests run them on it.
 */
export function engineDb(db: WorkerDb): WarehouseDb {
  return db as unknown as WarehouseDb;
}
