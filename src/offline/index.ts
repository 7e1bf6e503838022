/** The offline engine and its status UI. The service worker imports './engine' instead. */
export * from './engine';
export { SyncStatus } from './SyncStatus';
export { useSyncStatus } from './useSyncStatus';
