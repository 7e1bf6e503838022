import type { FlushResult, WarehouseDb } from '../src/offline/engine';
import { getMeta, META } from '../src/offline/meta';
import { loadSession } from '../src/offline/session';
import { isUnreachable } from '../src/offline/push';

/**
 * How the service worker flushes the outbox, apart from the worker's events so it can be tested.
 *
 * The worker runs the same `flush` as the page and honours the same stored backoff: it never
 * sends before the time the last failure set. Inside one event it may wait for a short backoff to
 * pass (the browser keeps the worker alive while the event's promise is pending), so a queue that
 * failed a few seconds ago still leaves once the network is back, even with no page open. A
 * longer wait ends the event: a Background Sync event then fails, and the browser tries again on
 * its own, slow schedule. The worker never registers a new sync itself.
 */

export interface WorkerFlushOptions {
  /** One flush of the outbox (the engine's `flush` with the worker's session transport). */
  flush: () => Promise<FlushResult>;
  /** Tell the open windows that entries reached the server, so they pull their effects. */
  notify: (counts: { applied: number; rejected: number }) => Promise<void>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Wait inside the event for a backoff that ends within this many ms (default 60 s). */
  maxWaitMs?: number;
  /** The longest one event runs (default 90 s; browsers stop a sync event after a few minutes). */
  budgetMs?: number;
  /** How soon to look again when a page holds the flush lock (default 2 s). */
  busyRetryMs?: number;
  /**
   * True when the pushes of any context (an open page) found the server unreachable: after a
   * wait, the worker then leaves it to the page's probe instead of pushing into the outage.
   */
  unreachable?: () => Promise<boolean>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Flush until the outbox is empty, the session is gone, or the next try is too far away.
 * Resolves with the last flush result.
 */
export async function flushOutbox(options: WorkerFlushOptions): Promise<FlushResult> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const maxWait = options.maxWaitMs ?? 60_000;
  const budget = options.budgetMs ?? 90_000;
  const busyRetry = options.busyRetryMs ?? 2_000;
  const deadline = now() + budget;
  const sent = { applied: 0, rejected: 0 };
  let result: FlushResult;
  try {
    for (;;) {
      result = await options.flush();
      if ('applied' in result) {
        sent.applied += result.applied;
        sent.rejected += result.rejected;
      }
      let wait: number | undefined;
      // The server cannot be reached: stop pushing to it (an open page probes it and sends when
      // it answers; otherwise the browser's next sync event tries again).
      if (result.status === 'waiting' && isUnreachable(result.unanswered)) {
        return result;
      }
      if (result.status === 'waiting') {
        const until = result.retryAt - now();
        if (until <= maxWait) wait = Math.max(0, until);
      } else if (result.status === 'busy') {
        // A page is flushing; look again shortly (it may close before it is done).
        wait = busyRetry;
      }
      if (wait === undefined || now() + wait > deadline) return result;
      await sleep(wait);
      if (await options.unreachable?.()) return result;
    }
  } finally {
    if (sent.applied + sent.rejected > 0) await options.notify(sent).catch(() => undefined);
  }
}

/** A flush that must be tried again later: fails a Background Sync event so it is rescheduled. */
export class OutboxStillWaiting extends Error {
  constructor(result: FlushResult) {
    super(
      result.status === 'waiting'
        ? `outbox: next try at ${new Date(result.retryAt).toISOString()}${result.error ? ` (${result.error})` : ''}`
        : `outbox: ${result.status}`,
    );
    this.name = 'OutboxStillWaiting';
  }
}

/**
 * What a `sync` event waits on: resolves when the outbox is done (or the session is gone: a retry
 * would not help until the user signs in). While sending must wait (a backoff, no network), it
 * rejects — unless this is
 * the browser's last attempt (then there is nothing left to reschedule; the page's own triggers
 * and the next registration take over).
 */
export async function syncEventOutcome(
  run: () => Promise<FlushResult>,
  lastChance: boolean,
): Promise<void> {
  const result = await run();
  // 'offline' (the platform reports no network) waits like a backoff.
  if ((result.status === 'waiting' || result.status === 'offline') && !lastChance) {
    throw new OutboxStillWaiting(result);
  }
}

/** One flush at a time in this worker: triggers that arrive meanwhile share it. */
export function singleFlight<T>(fn: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= fn().finally(() => {
      running = null;
    });
    return running;
  };
}

/**
 * True when the stored session's user is the one the device's outbox and floor data belong to
 * (`company:user`, bound by the page at sign-in; see src/offline/owner.ts). Right after another
 * user signs in, until the page has parked the previous user's entries, the worker must not send
 * them under the new user's name.
 */
export async function sessionOwnsOutbox(db: WarehouseDb): Promise<boolean> {
  const user = (await loadSession(db))?.user;
  const owner = await getMeta<string>(db, META.owner);
  return !!user && owner === `${user.company_id}:${user.id}`;
}

/** What the worker reports when it leaves the outbox to the page (no session of its owner). */
export const NOT_OWNER: FlushResult = { status: 'signed-out', applied: 0, rejected: 0, stuck: 0 };
