/** The offline engine without UI: safe to import from the service worker (no React, no window). */
export { DB_NAME, getDb, setDb, WarehouseDb } from './db';
export type { OutboxEntry, OutboxState, SyncedRow } from './db';
export type { LocalLocation, LocalOrder, LocalOrderItem, LocalStock, LocalTray } from './rows';
export { COLLECTIONS, FLOOR_COLLECTIONS, type CollectionName } from './collections';
export {
  countRejected,
  countUnsent,
  dismiss,
  enqueue,
  hasUnsentEntries,
  listOutbox,
  listRejected,
  retry,
  type ApplyLocally,
  type EnqueueOptions,
} from './outbox';
export { defineLocalEffect, type EffectStore, type FloorTable, type LocalEffect } from './effects';
export { flush, isUnreachable, STUCK_AFTER_FAULTS, type FlushResult } from './push';
export { rebaseOnto } from './rebase';
export { bindDeviceOwner } from './owner';
export { hasPulledOnce } from './meta';
export { getCursor, pullAll, pullCollection, PullError, type PullProgress } from './pull';
export { startSyncEngine, type SyncEngine, type SyncEngineOptions } from './scheduler';
export { syncStatus, watchOutbox, type SyncStatusState } from './status';
export { kyTransport, type PullFn, type PushFn, type RefreshSession } from './transport';
