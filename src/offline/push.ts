import type { MutationResult } from '../../contract/sync';
import { readPushResponse } from '../../contract/sync-answers';
import { getDb, type OutboxEntry, type WarehouseDb } from './db';
import { BUSY, withFlushLock, type LockOptions } from './lock';
import { getDeviceId, getPushBackoff, markSynced, META, setMeta } from './meta';
import {
  backoffDelay,
  callWithSession,
  type CallOutcome,
  type PushFn,
  type RefreshSession,
} from './transport';

/** Entries per push (the server takes up to 500). */
export const PUSH_BATCH_SIZE = 250;
/** Server faults on one entry before it is set aside as stuck (and the queue goes on). */
export const STUCK_AFTER_FAULTS = 8;

export interface FlushDeps {
  pushFn: PushFn;
  refreshSession?: RefreshSession;
  db?: WarehouseDb;
  /** Send even if the device or an entry is still backing off (tests; a user's explicit Retry). */
  ignoreBackoff?: boolean;
  batchSize?: number;
  now?: () => number;
  random?: () => number;
  lock?: LockOptions;
  /** Whether the platform says it has a network (default `navigator.onLine`). */
  isOnline?: () => boolean;
}

export interface FlushCounts {
  applied: number;
  rejected: number;
  /** Entries that became stuck in this flush. */
  stuck: number;
}

export type FlushResult =
  /** Nothing (more) to send now. */
  | ({ status: 'done' } & FlushCounts)
  /**
   * Sending failed or is backing off; try again at `retryAt` (epoch ms). After a push that got
   * no answer at all, `unanswered` counts such pushes in a row (over every context).
   */
  | ({ status: 'waiting'; retryAt: number; error?: string; unanswered?: number } & FlushCounts)
  /** The platform has no network: nothing was tried (and no backoff grows); flush on `online`. */
  | ({ status: 'offline' } & FlushCounts)
  /** The session could not be renewed: nothing more is sent until the user signs in. */
  | ({ status: 'signed-out' } & FlushCounts)
  /** Another tab or the service worker is flushing. */
  | { status: 'busy' };

const platformOnline = () =>
  (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false;

interface Flush {
  deps: FlushDeps;
  db: WarehouseDb;
  now: () => number;
  random: () => number;
  counts: FlushCounts;
}

/** The next entries to send: pending, in seq order, not backing off on their own. */
async function nextBatch(f: Flush, size: number, ignoreBackoff: boolean) {
  const t = f.now();
  const pending = () =>
    f.db.outbox.where('[state+seq]').between(['pending', -Infinity], ['pending', Infinity]);
  const ready = await pending()
    .filter((e) => ignoreBackoff || e.nextAttemptAt <= t)
    .limit(size)
    .toArray();
  // An entry the server has failed on goes alone, so it cannot hold others back or take them down.
  const head = ready[0];
  const batch = head && (head.faults ?? 0) > 0 ? [head] : ready;
  if (batch.length > 0) return { batch };
  let waitingUntil: number | undefined;
  await pending().each((e) => {
    waitingUntil = Math.min(waitingUntil ?? Infinity, e.nextAttemptAt);
  });
  return { batch, waitingUntil };
}

/** Back to pending after a push that did not get through (nothing known about them). */
async function requeue(db: WarehouseDb, batch: OutboxEntry[]) {
  await db.outbox
    .where('localId')
    .anyOf(batch.map((e) => e.localId!))
    .modify((e) => {
      if (e.state === 'sending') e.state = 'pending';
    });
}

/**
 * Pushes in a row that got no answer at all before the device stops pushing to an unreachable
 * server: the page then probes it with a cheap request and sends once it answers; the service
 * worker leaves it to the page (or to the browser's next sync event).
 */
export const PROBE_AFTER_UNANSWERED = 2;

/** That many pushes in a row got no answer at all: stop pushing, probe the server instead. */
export const isUnreachable = (unanswered: number | undefined): boolean =>
  (unanswered ?? 0) >= PROBE_AFTER_UNANSWERED;

/** The server or the way to it failed as a whole: the device backs off. */
async function deviceBackoff(
  f: Flush,
  noAnswer: boolean,
  retryAfterMs?: number,
): Promise<{ until: number; unanswered: number }> {
  const previous = await getPushBackoff(f.db);
  const failures = previous.failures + 1;
  const unanswered = noAnswer ? (previous.unanswered ?? 0) + 1 : 0;
  const until = f.now() + backoffDelay(failures, f.random, retryAfterMs);
  await setMeta(f.db, META.pushBackoff, { failures, until, unanswered });
  return { until, unanswered };
}

/** One fault of the server on each of these entries; an entry alone in its push can get stuck. */
async function countFaults(f: Flush, entries: OutboxEntry[], code: string, message: string) {
  const alone = entries.length === 1;
  await f.db.outbox
    .where('localId')
    .anyOf(entries.map((e) => e.localId!))
    .modify((e) => {
      e.faults = (e.faults ?? 0) + 1;
      e.attempts += 1;
      e.code = code;
      e.message = message;
      e.state = 'pending';
      if (alone && e.faults >= STUCK_AFTER_FAULTS) {
        e.state = 'stuck';
        f.counts.stuck++;
      } else if (alone) {
        e.nextAttemptAt = f.now() + backoffDelay(e.faults, f.random);
      }
    });
}

async function reject(f: Flush, entry: OutboxEntry, code: string, message: string) {
  await f.db.outbox.update(entry.localId!, { state: 'rejected', code, message });
  f.counts.rejected++;
}

/** Store the per-entry answers of a push the server could read. */
async function storeResults(f: Flush, batch: OutboxEntry[], results: MutationResult[]) {
  const byId = new Map(results.map((r) => [r.id, r]));
  const applied: number[] = [];
  const failed: OutboxEntry[] = [];
  for (const entry of batch) {
    const result = byId.get(entry.id);
    if (result?.status === 'applied') applied.push(entry.localId!);
    else if (result?.status === 'failed') failed.push(entry);
  }
  await f.db.transaction('rw', f.db.outbox, f.db.meta, async () => {
    await f.db.outbox.bulkDelete(applied);
    f.counts.applied += applied.length;
    for (const entry of batch) {
      const result = byId.get(entry.id);
      if (result?.status === 'rejected') await reject(f, entry, result.code, result.message);
    }
    await setMeta(f.db, META.pushBackoff, { failures: 0, until: 0 });
    await markSynced(f.db, f.now());
  });
  for (const entry of failed) {
    const result = byId.get(entry.id) as Extract<MutationResult, { status: 'failed' }>;
    await countFaults(f, [entry], result.code, result.message);
  }
  return batch.filter((e) => !byId.has(e.id));
}

type Step = { next: 'continue'; isolate?: number } | { next: 'stop'; result: FlushResult };

/** Handle one push outcome; says whether to go on with the next batch. */
async function settle(
  f: Flush,
  batch: OutboxEntry[],
  outcome: CallOutcome | { kind: 'signed-out' },
  answeredBefore: boolean,
): Promise<Step> {
  const stop = (result: FlushResult): Step => ({ next: 'stop', result });
  if (outcome.kind === 'signed-out' || outcome.kind === 'unauthorized') {
    await requeue(f.db, batch);
    return stop({ status: 'signed-out', ...f.counts });
  }
  if (outcome.kind === 'client-error') {
    // The request itself was refused. Alone, the entry is refused with the server's message;
    // in a batch, nobody knows which entry did it: send them one by one.
    if (batch.length > 1) {
      await requeue(f.db, batch);
      return { next: 'continue', isolate: batch.length };
    }
    await reject(f, batch[0], outcome.code, outcome.message);
    return { next: 'continue' };
  }
  const answer = outcome.kind === 'ok' ? readPushResponse(outcome.body) : undefined;
  if (outcome.kind === 'transient' || !answer) {
    const error = outcome.kind === 'transient' ? outcome.error : 'unreadable push response';
    const status = outcome.kind === 'transient' ? outcome.status : undefined;
    const retryAfterMs = outcome.kind === 'transient' ? outcome.retryAfterMs : undefined;
    await requeue(f.db, batch);
    // A 500-like answer right after good answers in this flush points at these entries.
    const serverFault = status !== undefined && status >= 500 && status !== 503;
    if (serverFault) await countFaults(f, batch, 'server_error', error);
    if (serverFault && answeredBefore && batch.length === 1) return { next: 'continue' };
    // No answer at all (refused, cut, timed out): the server, or the way to it, is down.
    const noAnswer = status === undefined && error.startsWith('network:');
    const { until: retryAt, unanswered } = await deviceBackoff(f, noAnswer, retryAfterMs);
    return stop({
      status: 'waiting',
      retryAt,
      error,
      unanswered: noAnswer ? unanswered : undefined,
      ...f.counts,
    });
  }
  const uncovered = await storeResults(f, batch, answer.results);
  if (uncovered.length > 0) {
    // The server stopped part-way: the rest stays queued, and the device backs off.
    await requeue(f.db, uncovered);
    const { until: retryAt } = await deviceBackoff(f, false);
    return stop({
      status: 'waiting',
      retryAt,
      error: 'server processed part of the batch',
      ...f.counts,
    });
  }
  return { next: 'continue' };
}

async function flushLocked(deps: FlushDeps, db: WarehouseDb): Promise<FlushResult> {
  const f: Flush = {
    deps,
    db,
    now: deps.now ?? Date.now,
    random: deps.random ?? Math.random,
    counts: { applied: 0, rejected: 0, stuck: 0 },
  };
  const batchSize = deps.batchSize ?? PUSH_BATCH_SIZE;
  const ignoreBackoff = deps.ignoreBackoff ?? false;

  // We hold the flush lock, so any entry still 'sending' was left by a crashed or closed
  // context. Resending is safe: the server answers a known id with its recorded result.
  await db.outbox.where('state').equals('sending').modify({ state: 'pending' });
  if (!(deps.isOnline ?? platformOnline)()) return { status: 'offline', ...f.counts };
  const backoff = await getPushBackoff(db);
  if (!ignoreBackoff && backoff.until > f.now()) {
    return { status: 'waiting', retryAt: backoff.until, ...f.counts };
  }
  const deviceId = await getDeviceId(db);
  let isolate = 0;
  let answered = false;

  for (;;) {
    const { batch, waitingUntil } = await nextBatch(f, isolate > 0 ? 1 : batchSize, ignoreBackoff);
    if (batch.length === 0) {
      return waitingUntil === undefined
        ? { status: 'done', ...f.counts }
        : { status: 'waiting', retryAt: waitingUntil, ...f.counts };
    }
    await db.outbox.bulkUpdate(
      batch.map((e) => ({ key: e.localId!, changes: { state: 'sending' as const } })),
    );
    const body = {
      device_id: deviceId,
      mutations: batch.map(({ id, seq, name, args }) => ({ id, seq, name, args })),
    };
    const outcome = await callWithSession(() => deps.pushFn(body), deps.refreshSession, f.now);
    const step = await settle(f, batch, outcome, answered);
    if (step.next === 'stop') return step.result;
    answered = true;
    isolate = step.isolate ?? Math.max(0, isolate - batch.length);
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
