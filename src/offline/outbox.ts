import { getDb, type OutboxEntry, type OutboxState, type WarehouseDb } from './db';
import { effectStore, localEffectOf } from './effects';
import { getMeta, META, newUuid, setMeta } from './meta';

/**
 * A one-time local change made with an entry, in the same transaction (e.g. forgetting the
 * picker's round). Unlike the mutation's registered local effect (effects.ts) it is not applied
 * again after a pull.
 */
export type ApplyLocally = (db: WarehouseDb, entry: OutboxEntry) => unknown;

export interface EnqueueOptions {
  /** Stored with the entry for its local effect (never sent). */
  local?: unknown;
}

/** States whose work has not reached the server: their local effect is shown (rebase.ts). */
export const UNSENT_STATES: readonly OutboxState[] = ['pending', 'sending', 'stuck'];
/** States listed under sync problems. */
export const PROBLEM_STATES: readonly OutboxState[] = ['rejected', 'stuck'];

type Listener = (entry: OutboxEntry) => void;
const listeners = new Set<Listener>();

/** Called after every enqueue in this context (the scheduler flushes on it). */
export function onEnqueue(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function addEntry(
  db: WarehouseDb,
  name: string,
  args: unknown,
  local?: unknown,
): Promise<OutboxEntry> {
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
    faults: 0,
    nextAttemptAt: 0,
    ...(local === undefined ? {} : { local }),
  };
  entry.localId = await db.outbox.add(entry);
  return entry;
}

function notify(entry: OutboxEntry) {
  for (const listener of listeners) listener(entry);
}

/**
 * Record a floor write: the outbox entry (new uuid, next seq), the mutation's local effect
 * (effects.ts) and `applyLocally` are written in ONE transaction, so either all survive a crash or
 * none does. Then the scheduler is poked to flush.
 *
 * Throws when the device cannot store it (full storage, a broken database): then nothing was
 * written, and the caller must not show the action as done.
 */
export async function enqueue(
  name: string,
  args: unknown,
  applyLocally?: ApplyLocally,
  db: WarehouseDb = getDb(),
  options: EnqueueOptions = {},
): Promise<OutboxEntry> {
  const entry = await db.transaction('rw', db.tables, async () => {
    const added = await addEntry(db, name, args, options.local);
    await localEffectOf(name)?.(effectStore(db), args, added);
    if (applyLocally) await applyLocally(db, added);
    return added;
  });
  notify(entry);
  return entry;
}

/** All entries in seq order (pending, sending and rejected). */
export function listOutbox(db: WarehouseDb = getDb()): Promise<OutboxEntry[]> {
  return db.outbox.orderBy('seq').toArray();
}

/** Entries under sync problems (rejected and stuck), in seq order. */
export function listRejected(db: WarehouseDb = getDb()): Promise<OutboxEntry[]> {
  return db.outbox
    .where('state')
    .anyOf(PROBLEM_STATES as OutboxState[])
    .toArray()
    .then((rows) => rows.sort((a, b) => a.seq - b.seq));
}

/**
 * Forget a rejected or stuck entry. A rejected entry's local effect is already gone or goes with
 * the next pull (the server re-stamps the rows it guessed). A stuck entry never reached the server
 * and its effect is still shown: every pull cursor is reset, so the next pull brings the server's
 * rows again and the effect is not applied on top of them any more.
 */
export async function dismiss(localId: number, db: WarehouseDb = getDb()): Promise<void> {
  await db.transaction('rw', db.outbox, db.meta, async () => {
    const entry = await db.outbox.get(localId);
    if (!entry || !PROBLEM_STATES.includes(entry.state)) return;
    await db.outbox.delete(localId);
    if (entry.state === 'stuck') await db.meta.where('key').startsWith(META.cursor('')).delete();
  });
}

/**
 * Send a problem entry again.
 *
 * A stuck entry never reached the server's records: it goes back to pending as it is (same id),
 * with its fault count cleared.
 *
 * The server records a rejected mutation id as rejected FOREVER (the id is the idempotency key:
 * resending it only returns the old rejection). A retried rejection therefore becomes a NEW
 * entry — new id, next seq, same name, args and local data — at the end of the queue, and its
 * local effect is applied again (the pull after the rejection removed it).
 */
export async function retry(
  localId: number,
  db: WarehouseDb = getDb(),
): Promise<OutboxEntry | undefined> {
  const entry = await db.transaction('rw', db.tables, async () => {
    const old = await db.outbox.get(localId);
    if (old?.state === 'stuck') {
      const revived = { ...old, state: 'pending' as const, faults: 0, attempts: 0 };
      await db.outbox.put({ ...revived, nextAttemptAt: 0 });
      return revived;
    }
    if (old?.state !== 'rejected') return undefined;
    await db.outbox.delete(localId);
    const added = await addEntry(db, old.name, old.args, old.local);
    await localEffectOf(old.name)?.(effectStore(db), old.args, added);
    return added;
  });
  if (entry) notify(entry);
  return entry;
}

/** Entries still to reach the server (pending or in flight). */
export function countUnsent(db: WarehouseDb = getDb()): Promise<number> {
  return db.outbox.where('state').anyOf('pending', 'sending').count();
}

/** Entries under sync problems (rejected and stuck). */
export function countRejected(db: WarehouseDb = getDb()): Promise<number> {
  return db.outbox
    .where('state')
    .anyOf(PROBLEM_STATES as OutboxState[])
    .count();
}

/**
 * True while writes made on this device have not reached the server (pending, in flight or
 * stuck). The shell warns before logging out and holds back an app update while this is true.
 * Rejected entries do not count (the server has answered them); they stay in the sync problems
 * list.
 */
export async function hasUnsentEntries(db: WarehouseDb = getDb()): Promise<boolean> {
  const unsent = await db.outbox
    .where('state')
    .anyOf(UNSENT_STATES as OutboxState[])
    .count();
  return unsent > 0;
}
