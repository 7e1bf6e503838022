/**
 * The page's side of the service worker's outbox flush: the worker sends the outbox itself (on
 * Background Sync, periodic sync, or when a page asks); these helpers let the page ask, hear what
 * the worker sent, and register the periodic wake-up where the browser allows it.
 */

/** The tag of the worker's Background Sync and periodic sync for the outbox. */
export const OUTBOX_SYNC_TAG = 'outbox';

/** The browser wakes an installed app at most this often to send what is still queued. */
export const PERIODIC_SYNC_MIN_INTERVAL_MS = 60 * 60_000;

interface PeriodicSyncManager {
  register(tag: string, options?: { minInterval?: number }): Promise<void>;
  getTags(): Promise<string[]>;
}

type Registration = ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager };

function serviceWorker(): ServiceWorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? navigator.serviceWorker
    : undefined;
}

/**
 * Ask the browser to wake the worker now and then to send the outbox with the app closed.
 * Best effort: only where Periodic Background Sync exists and its permission is granted
 * (Chromium grants it to installed apps). Resolves true when registered.
 */
export async function registerPeriodicOutboxSync(): Promise<boolean> {
  const container = serviceWorker();
  if (!container || typeof navigator.permissions?.query !== 'function') return false;
  try {
    const status = await navigator.permissions.query({
      name: 'periodic-background-sync' as PermissionName,
    });
    if (status.state !== 'granted') return false;
    const registration = (await container.ready) as Registration;
    if (!registration.periodicSync) return false;
    const tags = await registration.periodicSync.getTags();
    if (!tags.includes(OUTBOX_SYNC_TAG)) {
      await registration.periodicSync.register(OUTBOX_SYNC_TAG, {
        minInterval: PERIODIC_SYNC_MIN_INTERVAL_MS,
      });
    }
    return true;
  } catch {
    // Unknown permission name (Firefox, Safari) or refused: the page's own triggers remain.
    return false;
  }
}

/** Ask the worker that controls this page to send the outbox (it goes on if the page is closed). */
export function askWorkerToFlush(): boolean {
  const controller = serviceWorker()?.controller;
  if (!controller) return false;
  controller.postMessage({ type: 'flush-outbox' });
  return true;
}

/** Called when the worker has sent outbox entries (the page then pulls their effects). */
export function onWorkerFlushed(listener: () => void): () => void {
  const container = serviceWorker();
  if (!container) return () => undefined;
  const handler = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'outbox-flushed') listener();
  };
  container.addEventListener('message', handler);
  return () => container.removeEventListener('message', handler);
}
