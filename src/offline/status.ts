import { liveQuery, type Subscription } from 'dexie';
import { createStore } from 'zustand/vanilla';
import { getDb, type WarehouseDb } from './db';
import { getMeta, META } from './meta';
import { countRejected, countUnsent } from './outbox';
import type { PullProgress } from './pull';
import type { FlushResult } from './push';

export interface SyncStatusState {
  online: boolean;
  /** A flush or pull is running in this context. */
  syncing: boolean;
  /** Entries not yet accepted by the server (pending or in flight). */
  pendingCount: number;
  /** Entries the server failed on too often: not sent, waiting for Retry (under sync problems). */
  stuckCount: number;
  /** Entries the server rejected, listed under sync problems. */
  rejectedCount: number;
  /** ISO time of the last push or pull that reached the server. */
  lastSyncAt: string | null;
  /** The session could not be renewed; sending waits for a new sign-in. */
  signedOut: boolean;
  /** The last transport error, cleared by the next success. */
  lastError: string | null;
  /** Progress of the pull in progress, if any. */
  pull: PullProgress | null;
  /**
   * Send the waiting changes at once, past any backoff, then pull (set while an engine runs in
   * this context). Resolves with how the sending went.
   */
  sendNow: (() => Promise<FlushResult | undefined>) | null;
}

function isOnline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return nav?.onLine ?? true;
}

/** Observable sync status, shared by the engine (writer) and the header badge (reader). */
export const syncStatus = createStore<SyncStatusState>(() => ({
  online: isOnline(),
  syncing: false,
  pendingCount: 0,
  stuckCount: 0,
  rejectedCount: 0,
  lastSyncAt: null,
  signedOut: false,
  lastError: null,
  pull: null,
  sendNow: null,
}));

/**
 * Keep the counts and last sync time in the store equal to the database, whoever writes it
 * (this tab, another tab, the service worker). Returns the unsubscribe function.
 */
export function watchOutbox(db: WarehouseDb = getDb()): () => void {
  const subscription: Subscription = liveQuery(async () => ({
    pendingCount: await countUnsent(db),
    stuckCount: await db.outbox.where('state').equals('stuck').count(),
    rejectedCount: await countRejected(db),
    lastSyncAt: (await getMeta<string>(db, META.lastSyncAt)) ?? null,
  })).subscribe({
    next: (counts) => syncStatus.setState(counts),
    error: (error) => syncStatus.setState({ lastError: String(error) }),
  });
  return () => subscription.unsubscribe();
}
