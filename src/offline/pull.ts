import { PullResponse } from '../../contract/sync';
import { COLLECTIONS, isCollectionName, tableFor, type CollectionName } from './collections';
import { getDb, type WarehouseDb } from './db';
import { getMeta, markSynced, META } from './meta';
import { rebaseOnto } from './rebase';
import { callWithSession, type PullFn, type RefreshSession } from './transport';

export const PULL_PAGE_SIZE = 1000;

export interface PullProgress {
  collection: CollectionName;
  pages: number;
  rows: number;
  tombstones: number;
  done: boolean;
  /** The server asked for the collection whole again (see `resync` in contract/sync.ts). */
  resynced?: boolean;
}

export interface PullDeps {
  pullFn: PullFn;
  refreshSession?: RefreshSession;
  db?: WarehouseDb;
  limit?: number;
  now?: () => number;
  onProgress?: (progress: PullProgress) => void;
}

export class PullError extends Error {
  constructor(
    message: string,
    readonly kind: 'signed-out' | 'transient',
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'PullError';
  }
}

/** The stored cursor of a collection (0 before its first sync). */
export async function getCursor(collection: string, db: WarehouseDb = getDb()): Promise<number> {
  return (await getMeta<number>(db, META.cursor(collection))) ?? 0;
}

/**
 * Bring one collection up to date: page through changes since the stored cursor. Each page's rows,
 * tombstones and new cursor are written in one transaction, so an interrupted sync resumes from the
 * last stored page. Throws PullError when the server cannot be reached or the session is gone.
 */
export async function pullCollection(name: string, deps: PullDeps): Promise<PullProgress> {
  if (!isCollectionName(name)) throw new Error(`Unknown collection: ${name}`);
  const db = deps.db ?? getDb();
  const now = deps.now ?? Date.now;
  const limit = deps.limit ?? PULL_PAGE_SIZE;
  const table = tableFor(db, name);
  const progress: PullProgress = {
    collection: name,
    pages: 0,
    rows: 0,
    tombstones: 0,
    done: false,
  };
  let cursor = await getCursor(name, db);

  for (;;) {
    const query = { collection: name, cursor, limit };
    const outcome = await callWithSession(() => deps.pullFn(query), deps.refreshSession, now);
    if (outcome.kind === 'signed-out' || outcome.kind === 'unauthorized') {
      throw new PullError('signed out', 'signed-out');
    }
    if (outcome.kind === 'transient') {
      throw new PullError(outcome.error, 'transient', outcome.retryAfterMs);
    }
    if (outcome.kind === 'client-error') {
      throw new PullError(`pull of ${name} refused: ${outcome.message}`, 'transient');
    }
    const parsed = PullResponse.safeParse(outcome.body);
    if (!parsed.success || parsed.data.collection !== name) {
      throw new PullError(`unreadable pull page for ${name}`, 'transient');
    }
    const page = parsed.data;
    if (page.resync) {
      // The server cannot continue from our cursor (it pruned what we missed, or its database was
      // restored from a backup): drop our copy of the collection and pull it whole. The outbox is
      // not touched; the rebase of each page puts the unsent work back on top.
      if (cursor === 0) throw new PullError(`pull of ${name} asked to resync from 0`, 'transient');
      await db.transaction('rw', table, db.meta, async () => {
        await table.clear();
        await db.meta.delete(META.cursor(name));
        await db.meta.delete(META.complete(name));
      });
      cursor = 0;
      progress.resynced = true;
      continue;
    }
    if (page.has_more && page.cursor === cursor && page.rows.length === 0) {
      throw new PullError(`pull of ${name} made no progress`, 'transient');
    }
    const { key, table: tableName } = COLLECTIONS[name];
    await db.transaction('rw', db.tables, async () => {
      if (page.rows.length > 0) await table.bulkPut(page.rows);
      if (page.tombstones.length > 0) await table.bulkDelete(page.tombstones);
      await rebaseOnto(
        db,
        tableName,
        page.rows.map((row) => row[key] as string | number),
      );
      await db.meta.put({ key: META.cursor(name), value: page.cursor });
      if (!page.has_more) await db.meta.put({ key: META.complete(name), value: true });
      await markSynced(db, now());
    });
    cursor = page.cursor;
    progress.pages++;
    progress.rows += page.rows.length;
    progress.tombstones += page.tombstones.length;
    progress.done = !page.has_more;
    deps.onProgress?.({ ...progress });
    if (progress.done) return progress;
  }
}

/** Pull several collections one after the other. */
export async function pullAll(collections: readonly string[], deps: PullDeps) {
  const results: PullProgress[] = [];
  for (const name of collections) results.push(await pullCollection(name, deps));
  return results;
}
