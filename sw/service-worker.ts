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

declare const self: ServiceWorkerGlobalScope;

/** Background Sync is not in TypeScript's WebWorker lib (Chromium only). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/** The Background Sync tag the offline engine registers when its outbox has unsent entries. */
const OUTBOX_SYNC_TAG = 'outbox';

/** Messages between the page and this worker. */
type WorkerMessage = { type: 'SKIP_WAITING' } | { type: 'flush-outbox' };

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

// Updates wait until the page says so (it checks that the outbox is empty first).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as WorkerMessage | undefined;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();

/**
 * Background Sync: the browser wakes us when the network is back. The page-side sync engine does
 * the real flush; we only ask every open window to flush its outbox now.
 */
async function askClientsToFlushOutbox(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const message: WorkerMessage = { type: 'flush-outbox' };
  for (const client of windows) client.postMessage(message);
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(askClientsToFlushOutbox());
});
