import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WarehouseDb } from './db';
import { BUSY, withFlushLock } from './lock';
import { META } from './meta';

let db: WarehouseDb;
beforeEach(() => {
  db = new WarehouseDb(`lock-test-${crypto.randomUUID()}`);
});
afterEach(() => db.close());

/** A stand-in for the browser's LockManager (an outside API), honouring ifAvailable. */
function fakeLockManager() {
  const held = new Set<string>();
  return {
    requests: [] as string[],
    async request<T>(
      name: string,
      options: { ifAvailable: boolean },
      callback: (lock: unknown) => Promise<T>,
    ): Promise<T> {
      this.requests.push(name);
      if (held.has(name) && options.ifAvailable) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

describe('withFlushLock', () => {
  it('uses the Web Locks API where present', async () => {
    const locks = fakeLockManager();
    let release!: () => void;
    const first = withFlushLock(db, () => new Promise<string>((r) => (release = () => r('ran'))), {
      locks,
    });
    expect(await withFlushLock(db, async () => 'second', { locks })).toBe(BUSY);
    release();
    expect(await first).toBe('ran');
    expect(await withFlushLock(db, async () => 'third', { locks })).toBe('third');
    expect(locks.requests).toEqual(['outbox-flush', 'outbox-flush', 'outbox-flush']);
    expect(await db.meta.get(META.flushLease)).toBeUndefined();
  });

  it('falls back to a lease that a crashed holder cannot keep forever', async () => {
    await db.meta.put({
      key: META.flushLease,
      value: { owner: 'crashed-tab', expiresAt: Date.now() + 60_000 },
    });
    expect(await withFlushLock(db, async () => 'ran', { mode: 'lease' })).toBe(BUSY);
    await db.meta.put({
      key: META.flushLease,
      value: { owner: 'crashed-tab', expiresAt: Date.now() - 1 },
    });
    expect(await withFlushLock(db, async () => 'ran', { mode: 'lease' })).toBe('ran');
    expect(await db.meta.get(META.flushLease)).toBeUndefined();
  });
});
