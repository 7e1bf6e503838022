import { storageAlarm } from '../offline/deviceStorage';
import { notifyError } from './notify';

/**
 * A floor action (pick, fill, claim, report …) is saved on the device first: its outbox entry and
 * its local change go into IndexedDB in one transaction. When that write fails — the device's
 * storage is full, the browser evicted or closed the database — nothing of the action was saved
 * and everything queued before it is still there. The screen must then not show the action as
 * done, and the person on the floor must be told plainly what happened and what to do.
 */

/** Browser names for "the storage quota is used up" (Firefox had its own before QuotaExceededError). */
const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
/** The legacy DOMException code of QuotaExceededError. */
const QUOTA_CODE = 22;

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  inner?: unknown;
  cause?: unknown;
}

/** The error and the errors it wraps (Dexie keeps the browser's error in `inner`). */
function* chain(error: unknown): Generator<ErrorLike> {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as ErrorLike;
    yield e;
    current = e.inner ?? e.cause;
  }
}

/** True when the write failed because the device's storage (the site's quota) is full. */
export function isStorageFull(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.name === 'string' && QUOTA_NAMES.has(e.name)) return true;
    if (e.code === QUOTA_CODE && typeof DOMException !== 'undefined' && e instanceof DOMException) {
      return true;
    }
  }
  return false;
}

/**
 * What the person is told. `what` names the action in the floor's words, e.g. "This pick",
 * "The fill of tray 4", "Your report".
 */
export function localWriteMessage(error: unknown, what: string): string {
  const action = what.charAt(0).toLowerCase() + what.slice(1);
  const safe = 'Everything you did before it is still saved and will be sent.';
  if (isStorageFull(error)) {
    return [
      `This device's storage is full: ${action} was NOT saved.`,
      safe,
      'Free some space on the device (delete photos, videos or apps you do not need), then try again.',
    ].join('\n');
  }
  return [
    `Could not save on this device: ${action} was NOT saved.`,
    safe,
    'Try again. If it keeps failing, reload the app or tell your manager.',
  ].join('\n');
}

/** Tell the person that a local write failed (and log it for the developers). */
export function notifyLocalWriteError(error: unknown, what: string): void {
  console.error(`Local write failed (${what}):`, error);
  // The header warns about the storage until a write is saved again.
  if (isStorageFull(error)) storageAlarm.setState({ writeFailed: true });
  notifyError(localWriteMessage(error, what));
}

/**
 * Run a local write. On success returns true. On failure tells the person and returns false, so
 * the caller does not move on as if the action were done.
 */
export async function saveLocally(write: () => Promise<unknown>, what: string): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    notifyLocalWriteError(error, what);
    return false;
  }
}
