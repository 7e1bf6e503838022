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
