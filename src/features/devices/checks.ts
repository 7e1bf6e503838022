import type { ConnectionAnswer } from '../../../contract/device-setup';
import { formatBytes, NEARLY_FULL } from '../../offline/deviceStorage';
import { fetchConnection } from './api';

/**
 * The checks of Check this device (docs/offline.md, "Devices on the warehouse Wi-Fi"): each reads
 * what the browser gives the app here and says it in warehouse words, with what to do when it is
 * not right. 'unknown' is a browser that does not tell.
 */
export type CheckState = 'pass' | 'fail' | 'unknown';

export interface CheckResult {
  state: CheckState;
  text: string;
  /** What to do about it, when it is not right. */
  todo?: string;
}

const ASK = 'or ask your manager to set up this device';

/** Where to go instead of this address, in words. */
function openInstead(httpsUrl: string | null): string {
  return httpsUrl ? `Open ${httpsUrl} instead, ${ASK}.` : `Ask your manager to set up this device.`;
}

export function checkSecure(httpsUrl: string | null): CheckResult {
  if (window.isSecureContext) return { state: 'pass', text: 'This address is secure.' };
  return {
    state: 'fail',
    text: 'This address is not secure: the app cannot keep working here without Wi-Fi, and cannot use the camera.',
    todo: openInstead(httpsUrl),
  };
}

export function checkWorker(httpsUrl: string | null): CheckResult {
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  if (!container) {
    return {
      state: 'fail',
      text: 'This browser cannot keep the app on this device on this address.',
      todo: window.isSecureContext
        ? 'Use Chrome (Android) or Safari (iPhone, iPad).'
        : openInstead(httpsUrl),
    };
  }
  if (container.controller) {
    return { state: 'pass', text: 'The app is stored on this device and opens without Wi-Fi.' };
  }
  return {
    state: 'fail',
    text: 'The app is not stored on this device yet.',
    todo: 'Reload this page once while the Wi-Fi works.',
  };
}

export async function checkKept(): Promise<CheckResult> {
  const storage = navigator.storage as StorageManager | undefined;
  if (!storage?.persisted) {
    return {
      state: 'unknown',
      text: 'This browser does not tell whether it keeps the app’s data.',
      todo: 'Send your work when you can.',
    };
  }
  if (await storage.persisted()) {
    return { state: 'pass', text: 'The browser keeps the app’s data, also when space runs low.' };
  }
  return {
    state: 'fail',
    text: 'This phone may delete work it has not sent yet when it runs low on space.',
    todo: 'Add the app to the home screen, then tap Keep data on this device, or ask your manager.',
  };
}

export async function checkSpace(): Promise<CheckResult> {
  const storage = navigator.storage as StorageManager | undefined;
  const estimate = storage?.estimate ? await storage.estimate() : undefined;
  if (!estimate || !estimate.quota || typeof estimate.usage !== 'number') {
    return { state: 'unknown', text: 'This browser does not tell how much space is free.' };
  }
  const free = Math.max(0, estimate.quota - estimate.usage);
  if (estimate.usage / estimate.quota >= NEARLY_FULL) {
    return {
      state: 'fail',
      text: `Only ${formatBytes(free)} free for the app.`,
      todo: 'Free some space on the device (photos, videos, apps you do not need).',
    };
  }
  return { state: 'pass', text: `${formatBytes(free)} free for the app.` };
}

export async function checkCamera(): Promise<CheckResult> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return {
      state: 'fail',
      text: 'The browser gives the app no camera here.',
      todo: window.isSecureContext
        ? 'Scan with the scanner’s trigger instead.'
        : 'Open the app on its secure address, or ask your manager.',
    };
  }
  let permission: PermissionState | undefined;
  try {
    permission = (await navigator.permissions?.query({ name: 'camera' as PermissionName }))?.state;
  } catch {
    // This browser does not tell (Firefox, older Safari): asking shows it.
  }
  if (permission === 'granted') return { state: 'pass', text: 'The app may use the camera.' };
  if (permission === 'denied') {
    return {
      state: 'fail',
      text: 'The camera is blocked for this app.',
      todo: 'Allow the camera in the browser’s settings for this site, then check again.',
    };
  }
  return {
    state: 'unknown',
    text: 'The app has not asked for the camera yet.',
    todo: 'Tap Allow the camera and answer Allow.',
  };
}

/** Asks for the camera once (the browser's question), and lets it go at once. */
export async function askForCamera(): Promise<boolean> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true });
    for (const track of stream.getTracks()) track.stop();
    return true;
  } catch {
    return false;
  }
}

const SCRATCH_DB = 'brick-device-check';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((done, fail) => {
    req.onsuccess = () => done(req.result);
    req.onerror = () => fail(req.error ?? new Error('IndexedDB failed'));
  });
}

/** Writes a value into a scratch database, reads it back and deletes the database. */
export async function checkDatabase(): Promise<CheckResult> {
  const fail: CheckResult = {
    state: 'fail',
    text: 'The app cannot save work on this device.',
    todo: 'Leave private browsing, or free some space, then check again.',
  };
  if (typeof indexedDB === 'undefined') return fail;
  const value = `check ${Date.now()}`;
  try {
    const open = indexedDB.open(SCRATCH_DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore('scratch');
    const db = await request(open);
    try {
      const tx = db.transaction('scratch', 'readwrite');
      await request(tx.objectStore('scratch').put(value, 'probe'));
      const read = await request(
        db.transaction('scratch', 'readonly').objectStore('scratch').get('probe'),
      );
      if (read !== value) return fail;
    } finally {
      db.close();
      await request(indexedDB.deleteDatabase(SCRATCH_DB)).catch(() => undefined);
    }
    return { state: 'pass', text: 'The app can save work on this device.' };
  } catch {
    return fail;
  }
}

/** A round trip slower than this means the Wi-Fi here is too slow to work online. */
const SLOW_MS = 2000;

/**
 * Round trips to the server, timed; their answer says where the HTTPS address is. A slow one is
 * tried again (up to three in all) and the fastest counts: right after sign-in the app's own
 * downloads share the line, which says nothing about the Wi-Fi.
 */
export async function checkServer(): Promise<{ result: CheckResult; answer?: ConnectionAnswer }> {
  try {
    let best = Infinity;
    let answer: ConnectionAnswer | undefined;
    for (let attempt = 0; attempt < 3 && best > SLOW_MS; attempt++) {
      const started = performance.now();
      answer = await fetchConnection(AbortSignal.timeout(10_000));
      best = Math.min(best, Math.round(performance.now() - started));
    }
    const ms = best;
    return {
      result: {
        state: ms > SLOW_MS ? 'fail' : 'pass',
        text: `The server answered in ${ms} ms.`,
        ...(ms > SLOW_MS && { todo: 'The Wi-Fi is slow here: work goes on, and is sent later.' }),
      },
      answer,
    };
  } catch {
    return {
      result: {
        state: 'fail',
        text: 'The server cannot be reached from here.',
        todo: 'Check the Wi-Fi. Work made on the floor is sent when it is back.',
      },
    };
  }
}
