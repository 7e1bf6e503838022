import type { WarehouseDb } from './db';

/** Keys of the meta table. */
export const META = {
  deviceId: 'device_id',
  /** The seq the next outbox entry gets. */
  nextSeq: 'next_seq',
  /** ISO time of the last push or pull that reached the server. */
  lastSyncAt: 'last_sync_at',
  /** Fallback flush lease where the Web Locks API is missing. */
  flushLease: 'flush_lease',
  cursor: (collection: string) => `cursor:${collection}`,
  /** Set once a collection has been pulled to its end (the device holds all of it at least once). */
  complete: (collection: string) => `complete:${collection}`,
  /** `company:user` whose data the floor tables hold (owner.ts). */
  owner: 'owner',
  /**
   * The device's push backoff after the server could not be reached or failed as a whole:
   * `{ failures, until }` (epoch ms). Every trigger of every context (page, worker) honours it.
   */
  pushBackoff: 'push_backoff',
} as const;

export async function getMeta<T>(db: WarehouseDb, key: string): Promise<T | undefined> {
  const row = await db.meta.get(key);
  return row?.value as T | undefined;
}

export async function setMeta(db: WarehouseDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

/**
 * A random (version 4) UUID. `crypto.randomUUID` exists only in secure contexts; a page opened
 * over plain HTTP by a LAN address still writes to the outbox, so it builds one from
 * `crypto.getRandomValues`, which every context has.
 */
export function newUuid(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This device's id for the push protocol, made once and kept. */
export async function getDeviceId(db: WarehouseDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await getMeta<string>(db, META.deviceId);
    if (existing) return existing;
    const id = newUuid();
    await setMeta(db, META.deviceId, id);
    return id;
  });
}

export async function markSynced(db: WarehouseDb, now: number): Promise<void> {
  await setMeta(db, META.lastSyncAt, new Date(now).toISOString());
}

export interface PushBackoff {
  /** Failed pushes in a row (0 after any answer the server could give). */
  failures: number;
  /** Epoch ms before which nothing is pushed or pulled; 0 = now. */
  until: number;
  /**
   * Of those failures, the last ones in a row that got no answer at all (refused, cut, timed
   * out), in any context: the server, or the way to it, is down.
   */
  unanswered?: number;
}

export async function getPushBackoff(db: WarehouseDb): Promise<PushBackoff> {
  return (await getMeta<PushBackoff>(db, META.pushBackoff)) ?? { failures: 0, until: 0 };
}

/** Whether every one of `collections` has been pulled to its end at least once on this device. */
export async function hasPulledOnce(
  db: WarehouseDb,
  collections: readonly string[],
): Promise<boolean> {
  const flags = await db.meta.bulkGet(collections.map((name) => META.complete(name)));
  return flags.every((row) => row?.value === true);
}
