import { FLOOR_COLLECTIONS } from './collections';
import { getDb, type WarehouseDb } from './db';
import { META, setMeta } from './meta';
import type { LockOptions } from './lock';
import { countUnsent, onEnqueue } from './outbox';
import { pullAll, PullError } from './pull';
import { flush, isUnreachable, type FlushResult } from './push';
import { syncStatus, watchOutbox } from './status';
import { backoffDelay, type PullFn, type PushFn, type RefreshSession } from './transport';

export interface SyncEngineOptions {
  pushFn: PushFn;
  pullFn: PullFn;
  refreshSession?: RefreshSession;
  /** Collections pulled on start, on reconnect and periodically (default: the floor's). */
  collections?: readonly string[];
  db?: WarehouseDb;
  now?: () => number;
  random?: () => number;
  lock?: LockOptions;
  debounceMs?: number;
  flushIntervalMs?: number;
  pullIntervalMs?: number;
  /** How soon to look again when another context held the flush lock. */
  busyRetryMs?: number;
  /** Pull this long after a push the server answered (coalesces bursts of writes). */
  pullAfterPushMs?: number;
  /**
   * A cheap question to the server ("are you there?", e.g. GET /api/health), true when it
   * answers. With it, a server that stays unreachable is probed on a short capped schedule
   * instead of being sent the queue again, and the queue goes as soon as a probe is answered.
   */
  probeFn?: () => Promise<boolean>;
  /** Time between probes while the server cannot be reached (default PROBE_EVERY_MS). */
  probeEveryMs?: number;
}

/**
 * Time between probes of an unreachable server: a 60 s outage costs the device at most ten
 * requests (two pushes and a pull before probing, then seven probes), and the queue goes within
 * this time of the server answering again.
 */
export const PROBE_EVERY_MS = 7_500;

export interface SyncEngine {
  /** Flush now (single-flight in this context); resolves with the last flush result. */
  flushNow(options?: { ignoreBackoff?: boolean }): Promise<FlushResult | undefined>;
  pullNow(): Promise<void>;
  stop(): void;
}

interface EventTargetLike {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

const g = globalThis as unknown as EventTargetLike & {
  document?: EventTargetLike & { visibilityState?: string };
  navigator?: {
    serviceWorker?: EventTargetLike & {
      ready?: Promise<{ sync?: { register(tag: string): Promise<void> } }>;
    };
  };
};

const isVisible = () => g.document?.visibilityState !== 'hidden';
const isOnline = () => (g.navigator as { onLine?: boolean } | undefined)?.onLine !== false;

/**
 * Ask the browser to wake the service worker when the network returns (Chromium only). Done when
 * work is queued, never after a failed attempt: the worker's own sync handler lets the browser
 * reschedule on its slow schedule, so an outage cannot turn into a loop of wake-ups.
 */
function registerBackgroundSync(): void {
  const ready = g.navigator?.serviceWorker?.ready;
  if (!ready) return;
  void ready.then((reg) => reg.sync?.register('outbox')).catch(() => undefined);
}

/**
 * Start syncing this context: flush the outbox on start, on `online`, on becoming visible, after
 * each enqueue (debounced), on a timer while visible and on a retry timer after a failure — every
 * one of them honouring the device's stored backoff; pull on start, on reconnect, shortly after a
 * push the server answered, when the service worker says it sent work ({type: 'outbox-flushed'}),
 * and periodically while visible. Returns the engine; call stop() to detach it.
 */
export function startSyncEngine(options: SyncEngineOptions): SyncEngine {
  const db = options.db ?? getDb();
  const now = options.now ?? Date.now;
  const collections = options.collections ?? FLOOR_COLLECTIONS;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const cleanups: Array<() => void> = [];
  let stopped = false;
  let active = 0;
  let flushing: Promise<FlushResult | undefined> | null = null;
  let again = false;
  let againIgnoreBackoff = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  let pullAfterPushTimer: ReturnType<typeof setTimeout> | undefined;
  let pulling: Promise<void> | null = null;
  /**
   * Pulls back off on their own failures only: a push the server keeps refusing (or failing)
   * never stops the device from learning what changed.
   */
  let pullBackoff = { failures: 0, until: 0 };
  /** The server did not answer several pushes: probing it instead of pushing. */
  let probing = false;
  let probeTimer: ReturnType<typeof setTimeout> | undefined;

  function stopProbing() {
    probing = false;
    clear(probeTimer);
    probeTimer = undefined;
  }

  function scheduleProbe() {
    clear(probeTimer);
    probeTimer = later(() => void probe(), options.probeEveryMs ?? PROBE_EVERY_MS);
  }

  /** One probe; answered: the backoff is over and the queue goes at once. */
  async function probe() {
    if (stopped || !probing || !options.probeFn) return;
    // No network at all: nothing to ask; the `online` event ends the probing.
    const answered = isOnline() && (await options.probeFn().catch(() => false));
    if (stopped || !probing) return;
    if (!answered) return scheduleProbe();
    stopProbing();
    await setMeta(db, META.pushBackoff, { failures: 0, until: 0 });
    void flushNow().then(() => pullNow());
  }

  /** Unanswered pushes in a row: from the second one, probe instead of pushing again. */
  function maybeProbe(result: FlushResult & { status: 'waiting' }): boolean {
    if (!options.probeFn) return false;
    if (!isUnreachable(result.unanswered)) return false;
    if (!probing) {
      probing = true;
      scheduleProbe();
    }
    return true;
  }

  const busy = (delta: number) => {
    active += delta;
    syncStatus.setState({ syncing: active > 0 });
  };
  const later = (fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
    return timer;
  };
  const clear = (timer: ReturnType<typeof setTimeout> | undefined) => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timers.delete(timer);
  };

  async function afterFlush(result: FlushResult) {
    clear(retryTimer);
    retryTimer = undefined;
    if (stopped) return;
    if (result.status === 'waiting') {
      syncStatus.setState({ lastError: result.error ?? null });
      if (maybeProbe(result)) return;
      retryTimer = later(() => void flushNow(), Math.max(0, result.retryAt - now()));
    } else if (result.status === 'offline') {
      // Nothing was tried; the `online` event (or the timer) flushes when the network is back.
    } else if (result.status === 'busy') {
      if ((await countUnsent(db)) > 0) {
        retryTimer = later(() => void flushNow(), options.busyRetryMs ?? 3_000);
      }
    } else if (result.status === 'signed-out') {
      syncStatus.setState({ signedOut: true });
    } else {
      stopProbing();
      syncStatus.setState({ signedOut: false, lastError: null });
    }
    // The server's effects are the truth: a pull brings them, and corrects the local data of a
    // rejected entry (or an optimistic change a pull overwrote before its push went out).
    if ('rejected' in result && result.applied + result.rejected + result.stuck > 0) {
      clear(pullAfterPushTimer);
      pullAfterPushTimer = later(() => void pullNow(), options.pullAfterPushMs ?? 2_000);
    }
  }

  function flushNow(opts: { ignoreBackoff?: boolean } = {}) {
    if (stopped) return Promise.resolve(undefined);
    // While probing an unreachable server, only the probe (or the person's Send now) sends.
    if (probing && !opts.ignoreBackoff) return Promise.resolve(undefined);
    if (flushing) {
      again = true;
      againIgnoreBackoff ||= opts.ignoreBackoff ?? false;
      return flushing;
    }
    busy(1);
    let ignoreBackoff = opts.ignoreBackoff ?? false;
    flushing = (async () => {
      let result: FlushResult | undefined;
      do {
        again = false;
        result = await flush({ ...options, db, ignoreBackoff });
        ignoreBackoff = againIgnoreBackoff;
        againIgnoreBackoff = false;
        await afterFlush(result);
      } while (again && !stopped);
      return result;
    })()
      .catch((error: unknown) => {
        syncStatus.setState({ lastError: String(error) });
        return undefined;
      })
      .finally(() => {
        flushing = null;
        busy(-1);
      });
    return flushing;
  }

  /** No pull while the device has no network or its last pulls failed (their own backoff). */
  function mayPull(): boolean {
    return isOnline() && pullBackoff.until <= now();
  }

  function pullFailed(error: unknown) {
    const failures = pullBackoff.failures + 1;
    const retryAfter = error instanceof PullError ? error.retryAfterMs : undefined;
    const until = now() + backoffDelay(failures, options.random ?? Math.random, retryAfter);
    // No retry timer of its own: the next trigger (the periodic pull, a push the server
    // answered, the network back) pulls once the backoff has passed.
    pullBackoff = { failures, until };
  }

  function pullNow(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (pulling) return pulling;
    busy(1);
    // After the flush in flight (if any): its answers are then in the outbox before pulled rows
    // are rebased on it.
    pulling = (flushing ?? Promise.resolve())
      .then(() => mayPull())
      .then(async (go) => {
        if (!go) return;
        await pullAll(collections, {
          ...options,
          db,
          onProgress: (progress) => syncStatus.setState({ pull: progress }),
        });
        pullBackoff = { failures: 0, until: 0 };
        syncStatus.setState({ signedOut: false, lastError: null });
      })
      .catch((error: unknown) => {
        if (error instanceof PullError && error.kind === 'signed-out') {
          syncStatus.setState({ signedOut: true });
        } else {
          pullFailed(error);
          syncStatus.setState({ lastError: String(error) });
        }
      })
      .finally(() => {
        pulling = null;
        syncStatus.setState({ pull: null });
        busy(-1);
      });
    return pulling;
  }

  function listen(target: EventTargetLike | undefined, type: string, fn: (e: Event) => void) {
    if (!target) return;
    target.addEventListener(type, fn);
    cleanups.push(() => target.removeEventListener(type, fn));
  }

  // The platform may have gone offline (or come back) before these listeners were attached.
  syncStatus.setState({ online: isOnline() });
  cleanups.push(watchOutbox(db));
  cleanups.push(
    onEnqueue(() => {
      registerBackgroundSync();
      clear(debounceTimer);
      debounceTimer = later(() => void flushNow(), options.debounceMs ?? 200);
    }),
  );
  if (typeof g.addEventListener === 'function') {
    listen(g, 'online', () => {
      syncStatus.setState({ online: true });
      stopProbing();
      void flushNow().then(() => pullNow());
    });
    listen(g, 'offline', () => syncStatus.setState({ online: false }));
  }
  listen(g.document, 'visibilitychange', () => {
    if (isVisible()) void flushNow();
  });
  listen(g.navigator?.serviceWorker, 'message', (event) => {
    const data = (event as MessageEvent).data as { type?: string } | undefined;
    // The worker sent work while this page was open: show the server's answer.
    if (data?.type === 'outbox-flushed') void pullNow();
  });
  const flushTimer = setInterval(() => {
    if (isVisible()) void flushNow();
  }, options.flushIntervalMs ?? 30_000);
  const pullTimer = setInterval(
    () => {
      if (isVisible()) void pullNow();
    },
    options.pullIntervalMs ?? 5 * 60_000,
  );
  cleanups.push(
    () => clearInterval(flushTimer),
    () => clearInterval(pullTimer),
  );

  void flushNow().then(() => pullNow());
  void countUnsent(db).then((n) => n > 0 && registerBackgroundSync());

  // "Send now" on the screen: past the backoff, then the server's answer is pulled.
  const sendNow = async () => {
    const result = await flushNow({ ignoreBackoff: true });
    if (result && result.status !== 'offline' && result.status !== 'waiting') void pullNow();
    return result;
  };
  syncStatus.setState({ sendNow });

  return {
    flushNow,
    pullNow,
    stop() {
      stopped = true;
      if (syncStatus.getState().sendNow === sendNow) syncStatus.setState({ sendNow: null });
      for (const cleanup of cleanups) cleanup();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
