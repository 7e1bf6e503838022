import { useStore } from 'zustand';
import { syncStatus, type SyncStatusState } from './status';

/** Read the sync status in a component (re-renders when the selected part changes). */
export function useSyncStatus<T>(selector: (state: SyncStatusState) => T): T {
  return useStore(syncStatus, selector);
}
