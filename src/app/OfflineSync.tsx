import { useEffect } from 'react';
import { api, apiBase, refreshSession } from '../api/client';
import { collectionsPulledBy } from '../../contract/sync-collections';
import {
  bindDeviceOwner,
  hasUnsentEntries,
  kyTransport,
  startSyncEngine,
  SyncStatus,
  type CollectionName,
  type SyncEngine,
} from '../offline';
import { useCatalogSync } from '../offline/catalog';
import { askWorkerToFlush, onWorkerFlushed, registerPeriodicOutboxSync } from './pwa/outbox-worker';
import { useSession } from './session';

/**
 * Which collections a device pulls, by the user's roles: the table the server's collections admit
 * by (contract/sync-collections.ts), so a device never pulls one that answers 403. Roles off the
 * floor keep nothing of it on the device.
 */
export function collectionsFor(permissions: readonly number[]): CollectionName[] {
  return collectionsPulledBy(permissions);
}

export { UNSENT_WARNING } from './unsentSignOut';

/** Is the server there? One small unauthenticated GET, used while it could not be reached. */
function probeServer(): Promise<boolean> {
  return fetch(`${apiBase}/health`, { cache: 'no-store' }).then(
    (res) => res.ok,
    () => false,
  );
}

/**
 * While the signed-in shell is up: runs the sync engine (outbox push, pull) over the app's API
 * client and shows its status in the header. The service worker flushes the outbox too, also with
 * no page open: the page pulls when the worker reports what it sent, asks the worker to carry on
 * when the page is hidden with work unsent (a hidden tab may be frozen or discarded), and
 * registers the periodic wake-up where the browser grants it.
 */
export default function OfflineSync() {
  const permissions = useSession((s) => s.permissions);
  const user = useSession((s) => s.user);
  const owner = user ? `${user.company_id}:${user.id}` : '';
  const collectionKey = collectionsFor(permissions).join(',');
  useCatalogSync(owner, api);
  useEffect(() => {
    if (!owner) return;
    const collections = collectionKey ? collectionKey.split(',') : [];
    let stopped = false;
    let engine: SyncEngine | null = null;
    // The device's floor data and outbox belong to the signed-in user (see offline/owner.ts).
    void bindDeviceOwner(owner).then(() => {
      if (stopped) return;
      engine = startSyncEngine({
        ...kyTransport(api),
        refreshSession,
        collections,
        probeFn: probeServer,
      });
      void registerPeriodicOutboxSync();
    });
    const stopHearing = onWorkerFlushed(() => void engine?.pullNow());
    const onVisibility = () => {
      if (document.visibilityState !== 'hidden') return;
      void hasUnsentEntries().then((unsent) => unsent && askWorkerToFlush());
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      stopHearing();
      document.removeEventListener('visibilitychange', onVisibility);
      engine?.stop();
    };
  }, [collectionKey, owner]);
  return <SyncStatus />;
}
