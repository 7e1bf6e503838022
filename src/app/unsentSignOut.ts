import { modals } from '@mantine/modals';

export const UNSENT_WARNING =
  'Some of your work on this device has not been sent to the server yet. It will be sent the next time you log in here. Log out anyway?';

/** Logging out with unsent outbox entries warns first: they wait until this user signs in again. */
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
 * The sign-out check for unsent work. Registered by the shell itself (not by the sync engine,
 * whose code loads after the shell), so a log-out right after the screen opens is asked too.
 */
export async function unsentWorkCheck(): Promise<boolean> {
  const { hasUnsentEntries } = await import('../offline/engine');
  if (!(await hasUnsentEntries())) return true;
  return confirmLogOutWithUnsentWork();
}
