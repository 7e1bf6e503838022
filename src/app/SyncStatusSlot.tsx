import { loadedLater } from './lazyLoaded';

const OfflineSync = loadedLater(() => import('./OfflineSync'));

/**
 * The header's sync status: src/offline's `<SyncStatus/>`, with the sync engine it reports on.
 * Loaded after the shell, so the menu never waits for the offline database code.
 */
export function SyncStatusSlot() {
  return <OfflineSync />;
}
