import { Dexie } from 'dexie';
import { PushResponse } from '../../contract/sync';
import { getDb, type OutboxEntry, type WarehouseDb } from './db';
import { BUSY, withFlushLock, type LockOptions } from './lock';
import { getDeviceId, markSynced } from './meta';
import { backoffDelay, callWithSession, type PushFn, type RefreshSession } from './transport';

export const PUSH_BATCH_SIZE = 100;

export interface FlushDeps {
  pushFn: PushFn;
  refreshSession?: RefreshSession;
  db?: WarehouseDb;
  /** Send even if the head entry is still backing off (the network just came back). */
  ignoreBackoff?: boolean;
  batchSize?: number;
  now?: () => number;
  random?: () => number;
  lock?: LockOptions;
}

export interface FlushCounts {
  applied: number;
  rejected: number;
}

export type FlushResult =
  /** Nothing (more) to send. */
  | ({ status: 'done' } & FlushCounts)
  /** Sending failed or is backing off; try again at `retryAt` (epoch ms). */
  | ({ status: 'waiting'; retryAt: number; error?: string } & FlushCounts)
  /** The session could not be renewed: nothing more is sent until the user signs in. */
  | ({ status: 'signed-out' } & FlushCounts)
  /** Another tab or the service worker is flushing. */
  | { status: 'busy' };

const pendingRange = (db: WarehouseDb, limit: number) =>
  db.outbox
    .where('[state+seq]')
    .between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
    .limit(limit)
    .toArray();

/** Put entries back to pending; with `failedAt`, count a failed attempt and back off. */
async function requeue(
  db: WarehouseDb,
  batch: OutboxEntry[],
  backoff?: { now: number; random: () => number; retryAfterMs?: number },
): Promise<number> {
  const attempts = Math.max(...batch.map((e) => e.attempts)) + (backoff ? 1 : 0);
  const retryAt = backoff
    ? backoff.now + backoffDelay(attempts, backoff.random, backoff.retryAfterMs)
    : 0;
  const ids = batch.map((e) => e.localId!);
  await db.outbox
    .where('localId')
    .anyOf(ids)
    .modify((e) => {
      if (e.state !== 'sending') return;
      e.state = 'pending';
      if (backoff) {
        e.attempts = attempts;
        e.nextAttemptAt = retryAt;
      }
    });
  return retryAt;
}

async function flushLocked(deps: FlushDeps, db: WarehouseDb): Promise<FlushResult> {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const batchSize = deps.batchSize ?? PUSH_BATCH_SIZE;
  const counts: FlushCounts = { applied: 0, rejected: 0 };

  // We hold the flush lock, so any entry still 'sending' was left by a crashed or closed
  // context. Resending is safe: the server answers a known id with its recorded result.
  await db.outbox.where('state').equals('sending').modify({ state: 'pending' });
  const deviceId = await getDeviceId(db);
  let ignoreBackoff = deps.ignoreBackoff ?? false;

  for (;;) {
    const batch = await pendingRange(db, batchSize);
    if (batch.length === 0) return { status: 'done', ...counts };
    if (!ignoreBackoff && batch[0].nextAttemptAt > now()) {
      return { status: 'waiting', retryAt: batch[0].nextAttemptAt, ...counts };
    }
    ignoreBackoff = false;
    const ids = batch.map((e) => e.localId!);
    await db.outbox.where('localId').anyOf(ids).modify({ state: 'sending' });

    const body = {
      device_id: deviceId,
      mutations: batch.map(({ id, seq, name, args }) => ({ id, seq, name, args })),
    };
    const outcome = await callWithSession(() => deps.pushFn(body), deps.refreshSession, now);

    if (outcome.kind === 'signed-out' || outcome.kind === 'unauthorized') {
      await requeue(db, batch);
      return { status: 'signed-out', ...counts };
    }
    const parsed = outcome.kind === 'ok' ? PushResponse.safeParse(outcome.body) : undefined;
    if (outcome.kind === 'transient' || !parsed?.success) {
      const retryAfterMs = outcome.kind === 'transient' ? outcome.retryAfterMs : undefined;
      const error = outcome.kind === 'transient' ? outcome.error : 'unreadable push response';
      const retryAt = await requeue(db, batch, { now: now(), random, retryAfterMs });
      return { status: 'waiting', retryAt, error, ...counts };
    }

    const byId = new Map(parsed.data.results.map((r) => [r.id, r]));
    const uncovered = batch.filter((e) => !byId.has(e.id));
    await db.transaction('rw', db.outbox, db.meta, async () => {
      for (const entry of batch) {
        const result = byId.get(entry.id);
        if (result?.status === 'applied') {
          await db.outbox.delete(entry.localId!);
          counts.applied++;
        } else if (result?.status === 'rejected') {
          await db.outbox.update(entry.localId!, {
            state: 'rejected',
            code: result.code,
            message: result.message,
          });
          counts.rejected++;
        }
      }
      await markSynced(db, now());
    });
    if (uncovered.length > 0) {
      // The server stopped part-way (internal fault): the rest stays queued, with backoff.
      const retryAt = await requeue(db, uncovered, { now: now(), random });
      return { status: 'waiting', retryAt, error: 'server processed part of the batch', ...counts };
    }
  }
}

/**
 * Send the outbox: pending entries in seq order, in batches. Only one context flushes at a time;
 * the others get `{status: 'busy'}` at once.
 */
export async function flush(deps: FlushDeps): Promise<FlushResult> {
  const db = deps.db ?? getDb();
  const result = await withFlushLock(db, () => flushLocked(deps, db), deps.lock);
  return result === BUSY ? { status: 'busy' } : result;
}
