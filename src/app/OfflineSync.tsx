import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { api, refreshSession } from '../api/client';
import { hasUnsentEntries, kyTransport, startSyncEngine, SyncStatus } from '../offline';
import { registerSignOutCheck } from './session';

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
  useEffect(() => {
    const engine = startSyncEngine({ ...kyTransport(api), refreshSession });
    const unregister = registerSignOutCheck(async () => {
      if (!(await hasUnsentEntries())) return true;
      return confirmLogOutWithUnsentWork();
    });
    return () => {
      unregister();
      engine.stop();
    };
  }, []);
  return <SyncStatus />;
}
