import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { api, refreshSession } from '../api/client';
import { hasAnyRole, type RoleName } from '../../contract/permissions';
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
 * Which collections a device pulls, by the user's roles. This mirrors the roles of the server's
 * collections (server/modules/orders/collections.ts): pulling one the roles do not admit answers
 * 403, and one the server does not serve yet answers 400. 'issues' joins this list
 * when the server serves it. Roles off the floor keep nothing of it on the device.
 */
const ORDER_ROLES: RoleName[] = ['picker', 'order_manager'];
const FLOOR_ROLES: RoleName[] = ['picker', 'order_manager', 'warehouse_manager'];
const FILLER_ROLES: RoleName[] = ['picker', 'order_manager'];
const PULLED: { collection: CollectionName; roles: RoleName[] }[] = [
  { collection: 'orders', roles: ORDER_ROLES },
  { collection: 'order_items', roles: ORDER_ROLES },
  { collection: 'locations', roles: FLOOR_ROLES },
  { collection: 'location_content', roles: FLOOR_ROLES },
  { collection: 'colours', roles: FLOOR_ROLES },
  { collection: 'moulds', roles: FLOOR_ROLES },
  // Trays of batches being filled (server/modules/warehouse/sync.ts: picker, order_manager).
  { collection: 'trays', roles: FILLER_ROLES },
];

export function collectionsFor(permissions: readonly number[]): CollectionName[] {
  return PULLED.filter((p) => hasAnyRole(permissions, p.roles)).map((p) => p.collection);
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
