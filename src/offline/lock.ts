import type { WarehouseDb } from './db';
import { META, newUuid } from './meta';

/** Returned when another tab or the service worker is flushing. */
export const BUSY = Symbol('busy');

interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

interface Lease {
  owner: string;
  expiresAt: number;
}

export interface LockOptions {
  /** 'auto' uses the Web Locks API where present, else the lease in the meta table. */
  mode?: 'auto' | 'lease';
  /** How long a lease lives without renewal (a crashed holder blocks no longer than this). */
  leaseMs?: number;
  /** The Web Locks API to use (default `globalThis.navigator.locks`). */
  locks?: LockManagerLike;
}

function webLocks(): LockManagerLike | undefined {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : undefined;
}

async function takeLease(db: WarehouseDb, owner: string, leaseMs: number): Promise<boolean> {
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get(META.flushLease);
    const lease = row?.value as Lease | undefined;
    const now = Date.now();
    if (lease && lease.owner !== owner && lease.expiresAt > now) return false;
    await db.meta.put({ key: META.flushLease, value: { owner, expiresAt: now + leaseMs } });
    return true;
  });
}

async function releaseLease(db: WarehouseDb, owner: string): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const lease = (await db.meta.get(META.flushLease))?.value as Lease | undefined;
    if (lease?.owner === owner) await db.meta.delete(META.flushLease);
  });
}

/**
 * Run `fn` only if no other context (tab, service worker) is flushing the outbox; otherwise
 * return BUSY at once. Web Locks where the platform has them; elsewhere (old WebViews,
 * fake-indexeddb) a lease row in the meta table taken in a read-write transaction, renewed while
 * `fn` runs and released after.
 */
export async function withFlushLock<T>(
  db: WarehouseDb,
  fn: () => Promise<T>,
  options: LockOptions = {},
): Promise<T | typeof BUSY> {
  const locks = options.mode === 'lease' ? undefined : (options.locks ?? webLocks());
  if (locks) {
    return locks.request('outbox-flush', { ifAvailable: true }, async (lock) =>
      lock ? fn() : BUSY,
    );
  }
  const leaseMs = options.leaseMs ?? 30_000;
  const owner = newUuid();
  if (!(await takeLease(db, owner, leaseMs))) return BUSY;
  const renew = setInterval(() => void takeLease(db, owner, leaseMs), leaseMs / 3);
  try {
    return await fn();
  } finally {
    clearInterval(renew);
    await releaseLease(db, owner);
  }
}
