import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { api, refreshSession } from '../api/client';
import { collectionsPulledBy } from '../../contract/sync-collections';
import {
  bindDeviceOwner,
  hasUnsentEntries,
  kyTransport,
  startSyncEngine,
  SyncStatus,
  type CollectionName,
} from '../offline';
import { registerSignOutCheck, useSession } from './session';

/**
 * Which collections a device pulls, by the user's roles: the table the server's collections admit
 * by (contract/sync-collections.ts), so a device never pulls one that answers 403. Roles off the
 * floor keep nothing of it on the device.
 */
export function collectionsFor(permissions: readonly number[]): CollectionName[] {
  return collectionsPulledBy(permissions);
}

export const UNSENT_WARNING =
  'Some of your work on this device has not been sent to the server yet. It will be sent the next time you log in here. Log out anyway?';

/** DESIGN: logging out with unsent outbox entries warns first. */
function confirmLogOutWithUnsentWork(): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: 'Unsent work',
      children: UNSENT_WARNING,
      labels: { confirm: 'Log out', cancel: 'Stay logged in' },
      closeOnClickOutside: false,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/**
 * While the signed-in shell is up: runs the sync engine (outbox push, pull) over the app's API
 * client and shows its status in the header. Loaded on demand, so Dexie stays off the login page.
 */
export default function OfflineSync() {
  const permissions = useSession((s) => s.permissions);
  const user = useSession((s) => s.user);
  const owner = user ? `${user.company_id}:${user.id}` : '';
  const collectionKey = collectionsFor(permissions).join(',');
  useEffect(() => {
    if (!owner) return;
    const collections = collectionKey ? collectionKey.split(',') : [];
    let stopped = false;
    let stopEngine = () => {};
    // The device's floor data and outbox belong to the signed-in user (see offline/owner.ts).
    void bindDeviceOwner(owner).then(() => {
      if (stopped) return;
      stopEngine = startSyncEngine({ ...kyTransport(api), refreshSession, collections }).stop;
    });
    const unregister = registerSignOutCheck(async () => {
      if (!(await hasUnsentEntries())) return true;
      return confirmLogOutWithUnsentWork();
    });
    return () => {
      stopped = true;
      unregister();
      stopEngine();
    };
  }, [collectionKey, owner]);
  return <SyncStatus />;
}
