import { Workbox } from 'workbox-window';
import { create } from 'zustand';

/** Whether a new release of the app is installed and waiting to take over. */
interface UpdateState {
  updateWaiting: boolean;
  workbox: Workbox | null;
}

export const useUpdateState = create<UpdateState>(() => ({ updateWaiting: false, workbox: null }));

/**
 * Registers the service worker in production builds (development serves from Vite, uncached).
 * A new release never applies itself: it waits until the user confirms in the UpdatePrompt.
 */
export function registerServiceWorker(): Workbox | null {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  const existing = useUpdateState.getState().workbox;
  if (existing) return existing;
  const workbox = new Workbox('/service-worker.js');
  workbox.addEventListener('waiting', () => useUpdateState.setState({ updateWaiting: true }));
  useUpdateState.setState({ workbox });
  workbox.register().catch((err: unknown) => {
    console.warn('Service worker registration failed', err);
  });
  return workbox;
}

/** Lets the waiting worker take over, and reloads the page once it controls it. */
export function applyUpdate(): void {
  const { workbox } = useUpdateState.getState();
  if (!workbox) {
    window.location.reload();
    return;
  }
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

/**
 * Calls `flush` whenever the service worker relays a Background Sync wake-up ('flush-outbox').
 * Returns the unsubscribe function. The sync engine owns the actual flush.
 */
export function onOutboxFlushRequest(flush: () => void): () => void {
  if (!('serviceWorker' in navigator)) return () => {};
  const listener = (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'flush-outbox') flush();
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}

/** Asks the browser for a Background Sync wake-up tagged 'outbox' (Chromium only; else no-op). */
export async function requestOutboxSync(): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const registration = (await navigator.serviceWorker.getRegistration()) as
    (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
  if (!registration?.sync) return false;
  try {
    await registration.sync.register('outbox');
    return true;
  } catch {
    return false;
  }
}
