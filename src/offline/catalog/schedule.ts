import { getDb, type WarehouseDb } from '../db';
import { syncCatalogAndIndex } from './load';
import { catalogMeta } from './sync';
import { catalogStatus } from './status';
import type { CatalogTransport } from './transport';

export interface CatalogSyncOptions {
  transport: CatalogTransport;
  db?: WarehouseDb;
  /** First run after this long, so the floor's own pull goes first. */
  startDelayMs?: number;
  /** Check the manifest again after this long (the catalog changes rarely). */
  intervalMs?: number;
}

const HOUR = 3_600_000;
/** Becoming visible checks again when the last check is older than this. */
const VISIBLE_RECHECK = HOUR / 2;
const LOCK = 'brick-warehouse-catalog';

/** One context syncs the catalog at a time: false when another tab is at it (this one skips). */
async function underLock(run: () => Promise<void>): Promise<boolean> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) {
    await run();
    return true;
  }
  return locks.request(LOCK, { ifAvailable: true }, async (lock) => {
    if (lock) await run();
    return lock !== null;
  });
}

/**
 * Keeps the catalog on the device: a sync shortly after start, on `online`, every few hours, on
 * becoming visible after half an hour, and after a failure again after a wait (1 min doubling to
 * 30 min); nothing while the platform says it is offline. Each sync fetches only what
 * changed (see sync.ts). Returns stop().
 */
export function startCatalogSync(options: CatalogSyncOptions): () => void {
  const db = options.db ?? getDb();
  const interval = options.intervalMs ?? 3 * HOUR;
  let stopped = false;
  let running = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void run(), ms);
  };

  let lastRun = 0;
  const offline = () => (globalThis.navigator as Navigator | undefined)?.onLine === false;

  async function run(): Promise<void> {
    if (stopped || running) return;
    // No network: nothing is tried (no failure counted); `online` starts the next sync.
    if (offline()) return;
    running = true;
    lastRun = Date.now();
    let again = interval;
    try {
      const ran = await underLock(async () => {
        for (let round = 0; round < 3 && !stopped; round++) {
          catalogStatus.setState({ phase: 'syncing', error: null });
          const { result } = await syncCatalogAndIndex(options.transport, db, ({ done, total }) =>
            catalogStatus.setState({ done, total }),
          );
          if (result.complete) break;
        }
      });
      const meta = await catalogMeta(db);
      if (meta) catalogStatus.setState({ phase: 'ready', syncedAt: meta.syncedAt });
      // Another tab is syncing: look again soon for what it stored.
      if (!ran) again = 60_000;
      else if (!meta) catalogStatus.setState({ phase: 'idle' });
      failures = 0;
    } catch (error) {
      failures += 1;
      again = Math.min(60_000 * 2 ** (failures - 1), 30 * 60_000);
      catalogStatus.setState({ phase: 'error', error: (error as Error).message });
    } finally {
      running = false;
      schedule(again);
    }
  }

  const onOnline = () => void run();
  // Back on a device left for a while: see whether the catalog changed meanwhile.
  const onVisible = () => {
    if (globalThis.document?.visibilityState !== 'visible') return;
    if (Date.now() - lastRun > VISIBLE_RECHECK) void run();
  };
  globalThis.addEventListener?.('online', onOnline);
  globalThis.document?.addEventListener('visibilitychange', onVisible);
  void catalogMeta(db).then((meta) => {
    if (meta && catalogStatus.getState().phase === 'idle') {
      catalogStatus.setState({ phase: 'ready', syncedAt: meta.syncedAt });
    }
  });
  schedule(options.startDelayMs ?? 1_500);
  return () => {
    stopped = true;
    clearTimeout(timer);
    globalThis.removeEventListener?.('online', onOnline);
    globalThis.document?.removeEventListener('visibilitychange', onVisible);
  };
}
