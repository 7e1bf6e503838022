import { getDb, type OutboxEntry, type WarehouseDb } from './db';
import { getMeta, META, newUuid, setMeta } from './meta';

/** The local optimistic change of a mutation; runs inside the same transaction as the entry. */
export type ApplyLocally = (db: WarehouseDb) => unknown;

type Listener = (entry: OutboxEntry) => void;
const listeners = new Set<Listener>();

/** Called after every enqueue in this context (the scheduler flushes on it). */
export function onEnqueue(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function addEntry(db: WarehouseDb, name: string, args: unknown): Promise<OutboxEntry> {
  const seq = (await getMeta<number>(db, META.nextSeq)) ?? 1;
  await setMeta(db, META.nextSeq, seq + 1);
  const owner = await getMeta<string>(db, META.owner);
  const entry: OutboxEntry = {
    ...(owner ? { owner } : {}),
    id: newUuid(),
    seq,
    name,
    args,
    createdAt: new Date().toISOString(),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
  };
  entry.localId = await db.outbox.add(entry);
  return entry;
}

function notify(entry: OutboxEntry) {
  for (const listener of listeners) listener(entry);
}

/**
 * Record a floor write: the outbox entry (new uuid, next seq) and the local optimistic change are
 * written in ONE transaction, so either both survive a crash or neither does. Then the scheduler
 * is poked to flush.
 */
export async function enqueue(
  name: string,
  args: unknown,
  applyLocally?: ApplyLocally,
  db: WarehouseDb = getDb(),
): Promise<OutboxEntry> {
  const entry = await db.transaction('rw', db.tables, async () => {
    const added = await addEntry(db, name, args);
    if (applyLocally) await applyLocally(db);
    return added;
  });
  notify(entry);
  return entry;
}

/** All entries in seq order (pending, sending and rejected). */
export function listOutbox(db: WarehouseDb = getDb()): Promise<OutboxEntry[]> {
  return db.outbox.orderBy('seq').toArray();
}

/** Rejected entries, for the sync problems list. */
export function listRejected(db: WarehouseDb = getDb()): Promise<OutboxEntry[]> {
  return db.outbox
    .where('state')
    .equals('rejected')
    .toArray()
    .then((rows) => rows.sort((a, b) => a.seq - b.seq));
}

/** Forget a rejected entry (the next pull already corrected the local data). */
export async function dismiss(localId: number, db: WarehouseDb = getDb()): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(localId);
    if (entry?.state === 'rejected') await db.outbox.delete(localId);
  });
}

/**
 * Send a rejected entry's action again after the user fixed its cause.
 *
 * The server records a rejected mutation id as rejected FOREVER (the id is the idempotency key:
 * resending it only returns the old rejection). A retry therefore replaces the entry with a NEW
 * entry — new id, next seq, same name and args — at the end of the queue. The local optimistic
 * change is not applied again: the pull after the rejection reset the local data, and the retried
 * action's effect arrives with the pull after it is applied.
 */
export async function retry(
  localId: number,
  db: WarehouseDb = getDb(),
): Promise<OutboxEntry | undefined> {
  const entry = await db.transaction('rw', db.outbox, db.meta, async () => {
    const old = await db.outbox.get(localId);
    if (old?.state !== 'rejected') return undefined;
    await db.outbox.delete(localId);
    return addEntry(db, old.name, old.args);
  });
  if (entry) notify(entry);
  return entry;
}

/** Entries still to reach the server (pending or in flight). */
export function countUnsent(db: WarehouseDb = getDb()): Promise<number> {
  return db.outbox.where('state').anyOf('pending', 'sending').count();
}

export function countRejected(db: WarehouseDb = getDb()): Promise<number> {
  return db.outbox.where('state').equals('rejected').count();
}

/**
 * True while writes made on this device have not reached the server. The shell warns before
 * logging out and holds back an app update while this is true. Rejected entries do not count
 * (the server has answered them); they stay in the sync problems list.
 */
export async function hasUnsentEntries(db: WarehouseDb = getDb()): Promise<boolean> {
  return (await countUnsent(db)) > 0;
}
