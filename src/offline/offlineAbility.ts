import { getDb } from './db';
import { UNSENT_STATES } from './outbox';

/**
 * Can this device keep the floor working without the network (docs/offline.md, "Devices on the
 * warehouse Wi-Fi")? Without a secure context (a phone on http://192.168.x.y) or without service
 * workers the browser gives the app no service worker, no persistent storage and no camera: the
 * floor works online only. Where it has them but the browser has not agreed to keep the app's
 * data, work not sent yet may be deleted when the device runs low on space.
 */
export type OfflineAbility =
  /** The app works offline here. */
  | 'ok'
  /** No secure context or no service workers: online only, the floor is told lastingly. */
  | 'online-only'
  /** Storage not persistent while work made here has waited a while to be sent. */
  | 'unsent-at-risk';

/** How long unsent work waits before a device without persistent storage is told. */
export const AT_RISK_AFTER_MS = 60_000;

export interface DeviceFacts {
  secureContext: boolean;
  serviceWorkers: boolean;
  /** navigator.storage.persisted(); undefined while unknown or not told. */
  persisted?: boolean;
  /** When the oldest change not sent yet was made (ms); undefined when nothing waits. */
  oldestUnsentAt?: number;
}

export function offlineAbility(facts: DeviceFacts, now = Date.now()): OfflineAbility {
  if (!facts.secureContext || !facts.serviceWorkers) return 'online-only';
  if (
    facts.persisted === false &&
    facts.oldestUnsentAt !== undefined &&
    now - facts.oldestUnsentAt >= AT_RISK_AFTER_MS
  ) {
    return 'unsent-at-risk';
  }
  return 'ok';
}

/** What the browser gives this page: a secure context and service workers (read at once). */
export function browserFacts(): Pick<DeviceFacts, 'secureContext' | 'serviceWorkers'> {
  const g = globalThis as { isSecureContext?: boolean; navigator?: Navigator };
  return {
    secureContext: g.isSecureContext === true,
    serviceWorkers: !!g.navigator && 'serviceWorker' in g.navigator,
  };
}

/** True when this browser lets the app work offline at all (secure context, service workers). */
export function canWorkOffline(): boolean {
  return offlineAbility(browserFacts()) !== 'online-only';
}

/** When the oldest change made on this device and not sent yet was made; undefined when none. */
export async function oldestUnsentAt(): Promise<number | undefined> {
  // The outbox is keyed in the order changes were made: the first unsent one is the oldest.
  const oldest = await getDb()
    .outbox.toCollection()
    .filter((e) => UNSENT_STATES.includes(e.state))
    .first();
  return oldest ? Date.parse(oldest.createdAt) : undefined;
}
