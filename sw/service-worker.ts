/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { getPushBackoff } from '../src/offline/meta';
import { flush, isUnreachable } from '../src/offline/push';
import { sessionTransport } from '../src/offline/session';
import { engineDb, openWorkerDb } from './worker-db';
import {
  flushOutbox,
  NOT_OWNER,
  sessionOwnsOutbox,
  singleFlight,
  syncEventOutcome,
} from './outbox-sync';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync is not in TypeScript's WebWorker lib (Chromium only). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** Periodic Background Sync (installed app, where the browser grants it); not in the lib either. */
interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
}
declare global {
  interface ImportMeta {
    readonly env: ImportMetaEnv;
  }
}

/** The Background Sync (and periodic sync) tag the offline engine registers for its outbox. */
const OUTBOX_SYNC_TAG = 'outbox';

/** Messages between the pages and this worker. */
type WorkerMessage =
  | { type: 'SKIP_WAITING' }
  /** A page asks the worker to send the outbox (e.g. when it is hidden and may be discarded). */
  | { type: 'flush-outbox' }
  /** From the worker: entries reached the server; pages pull their effects. */
  | { type: 'outbox-flushed'; applied: number; rejected: number };

// The app shell: every built JS, CSS and HTML file, replaced whole on each release.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client routes (deep links, reloads) get the precached shell; the API never does.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/],
  }),
);

// Catalog images (marketplace CDNs or our own image routes) rarely change: cache first, capped.
registerRoute(
  ({ request, url }) =>
    request.destination === 'image' &&
    (url.origin !== self.location.origin || /^\/api\/.*\/images?\//.test(url.pathname)),
  new CacheFirst({
    cacheName: 'catalog-images',
    plugins: [
      new ExpirationPlugin({
        maxEntries: 2000,
        maxAgeSeconds: 60 * 60 * 24 * 90,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

/** The API as the pages reach it (same origin unless the build says otherwise). */
const API_BASE = new URL(import.meta.env.VITE_API_BASE ?? '/api', self.location.origin).href;

async function notifyWindows(counts: { applied: number; rejected: number }): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const message: WorkerMessage = { type: 'outbox-flushed', ...counts };
  for (const client of windows) client.postMessage(message);
}

/**
 * The worker sends the outbox itself, with the page's engine (on the worker's own small view of
 * the database, worker-db.ts) and the session stored in IndexedDB, so writes leave the device with no window open (a locked phone, a discarded tab).
 * One flush at a time here; the engine's lock keeps it to one across the pages and the worker.
 */
async function flushOnce() {
  const opened = await openWorkerDb();
  if (!opened) return NOT_OWNER;
  try {
    const db = engineDb(opened);
    if (!(await sessionOwnsOutbox(db))) return NOT_OWNER;
    return await flush({ ...sessionTransport({ apiBase: API_BASE, db }), db });
  } finally {
    opened.close();
  }
}

/** Pushes in a row got no answer (here or in a page, which then probes the server). */
async function unreachable(): Promise<boolean> {
  const opened = await openWorkerDb();
  if (!opened) return false;
  try {
    return isUnreachable((await getPushBackoff(engineDb(opened))).unanswered);
  } finally {
    opened.close();
  }
}

const flushNow = singleFlight(() =>
  flushOutbox({ flush: flushOnce, notify: notifyWindows, unreachable }),
);

function logFailure(error: unknown): void {
  console.warn('Outbox flush in the service worker failed', error);
}

// Updates wait until the page says so (it checks that the outbox is empty first).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as WorkerMessage | undefined;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'flush-outbox') event.waitUntil(flushNow().then(() => undefined, logFailure));
});

clientsClaim();

// Background Sync: the browser wakes the worker when the network is back. If sending must still
// wait, the event fails and the browser retries on its own schedule.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncEventOutcome(flushNow, sync.lastChance));
});

// Periodic sync (installed app): a chance to send what is still queued; nothing to reschedule.
self.addEventListener('periodicsync', (event) => {
  const periodic = event as PeriodicSyncEvent;
  if (periodic.tag === OUTBOX_SYNC_TAG) {
    periodic.waitUntil(flushNow().then(() => undefined, logFailure));
  }
});
