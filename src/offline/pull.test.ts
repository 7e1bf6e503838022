import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WarehouseDb } from './db';
import { getMeta, META } from './meta';
import { getCursor, pullAll, pullCollection, PullError, type PullProgress } from './pull';
import { startSyncServer, type SyncServer } from '../test/syncServer';

let server: SyncServer;
let db: WarehouseDb;

beforeEach(async () => {
  server = await startSyncServer();
  db = new WarehouseDb(`pull-test-${crypto.randomUUID()}`);
  for (let id = 1; id <= 5; id++) {
    server.upsert('locations', id, { location_id: id, code: `L-${id}`, parent_id: null });
  }
});
afterEach(async () => {
  db.close();
  await server.close();
});

describe('pullCollection', () => {
  it('pages through, stores rows and reports progress', async () => {
    const progress: PullProgress[] = [];
    const result = await pullCollection('locations', {
      pullFn: server.pullFn,
      db,
      limit: 2,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toMatchObject({ pages: 3, rows: 5, tombstones: 0, done: true });
    expect(progress.map((p) => [p.pages, p.rows, p.done])).toEqual([
      [1, 2, false],
      [2, 4, false],
      [3, 5, true],
    ]);
    expect(server.state.pullQueries.map((q) => q.cursor)).toEqual([0, 2, 4]);
    expect(await db.locations.where('code').equals('L-3').first()).toMatchObject({
      location_id: 3,
    });
    expect(await db.locations.count()).toBe(5);
    expect(await getCursor('locations', db)).toBe(5);
    expect(await getMeta(db, META.lastSyncAt)).toEqual(expect.any(String));
  });

  it('resumes from the stored cursor after an interrupted sync', async () => {
    const deps = { pullFn: server.pullFn, db, limit: 2 };
    // First page succeeds, the second request fails: the first page stays stored.
    const pullFn = async (q: Parameters<typeof server.pullFn>[0]) => {
      if (q.cursor > 0) server.state.pullFaults.push({ kind: 'drop' });
      return server.pullFn(q);
    };
    await expect(pullCollection('locations', { ...deps, pullFn })).rejects.toBeInstanceOf(
      PullError,
    );
    expect(await db.locations.count()).toBe(2);
    expect(await getCursor('locations', db)).toBe(2);

    server.state.pullQueries.length = 0;
    await pullCollection('locations', deps);
    expect(server.state.pullQueries.map((q) => q.cursor)).toEqual([2, 4]);
    expect(await db.locations.count()).toBe(5);
  });

  it('applies changes and tombstones since the cursor', async () => {
    const deps = { pullFn: server.pullFn, db };
    await pullCollection('locations', deps);
    server.upsert('locations', 2, { location_id: 2, code: 'L-2b', parent_id: 1 });
    server.remove('locations', 4);
    server.state.pullQueries.length = 0;
    const result = await pullCollection('locations', deps);
    expect(result).toMatchObject({ pages: 1, rows: 1, tombstones: 1 });
    expect(server.state.pullQueries[0].cursor).toBe(5);
    expect(await db.locations.get(4)).toBeUndefined();
    expect(await db.locations.get(2)).toMatchObject({ code: 'L-2b', parent_id: 1 });
    expect(await db.locations.where('parent_id').equals(1).count()).toBe(1);
  });

  it('reports a signed-out session after a failed refresh', async () => {
    server.state.token = 'fresh';
    const err = await pullCollection('locations', {
      pullFn: server.pullFn,
      db,
      refreshSession: async () => false,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PullError);
    expect((err as PullError).kind).toBe('signed-out');
  });

  it('pulls several collections into their tables', async () => {
    server.upsert('order_items', 'a', { id: 'a', order_id: 9, item_id: 3001 });
    server.upsert('order_items', 'b', { id: 'b', order_id: 9, item_id: 3002 });
    await pullAll(['locations', 'order_items'], { pullFn: server.pullFn, db });
    expect(await db.orderItems.where('order_id').equals(9).count()).toBe(2);
    expect(await db.locations.count()).toBe(5);
    await expect(pullCollection('nonsense', { pullFn: server.pullFn, db })).rejects.toThrow(
      'Unknown collection',
    );
  });
});
