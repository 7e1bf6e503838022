import Dexie, { liveQuery } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueue, flush, listRejected, WarehouseDb } from '../src/offline/engine';
import { getPushBackoff } from '../src/offline/meta';
import { startSyncServer, type SyncServer } from '../src/test/syncServer';
import { engineDb, openWorkerDb } from './worker-db';

/** The worker's own view of the database the page makes (Dexie), used by the engine's flush. */
let server: SyncServer;
let page: WarehouseDb;

beforeEach(async () => {
  server = await startSyncServer();
  page = new WarehouseDb(`worker-db-${crypto.randomUUID()}`);
  await page.open();
});
afterEach(async () => {
  page.close();
  await server.close();
});

describe("the worker's database", () => {
  it('sends what the page queued and stores the answers the page then shows', async () => {
    await enqueue('stock.add.v1', { qty: 2 }, undefined, page);
    await enqueue('stock.remove.v1', { qty: 50 }, undefined, page);
    await enqueue('stock.remove.v1', { qty: 1 }, undefined, page);
    const worker = (await openWorkerDb(page.name))!;
    const result = await flush({ pushFn: server.pushFn, db: engineDb(worker) });
    worker.close();
    expect(result).toMatchObject({ status: 'done', applied: 2, rejected: 1 });
    expect(server.state.stock).toBe(11);
    const rejected = await listRejected(page);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ state: 'rejected', code: 'stock_insufficient' });
    expect(await page.outbox.count()).toBe(1);
  });

  it("tells the page's live queries what it wrote, as Dexie does between contexts", async () => {
    await enqueue('stock.add.v1', { qty: 2 }, undefined, page);
    const counts: number[] = [];
    const watch = liveQuery(() => page.outbox.count()).subscribe((n) => counts.push(n));
    await expect.poll(() => counts.at(-1)).toBe(1);
    const worker = (await openWorkerDb(page.name))!;
    await flush({ pushFn: server.pushFn, db: engineDb(worker) });
    worker.close();
    // The page wrote nothing since: only the worker's message makes the query run again.
    await expect.poll(() => counts.at(-1)).toBe(0);
    watch.unsubscribe();
  });

  it('counts a server fault on the entry and backs the device off, as the page does', async () => {
    await enqueue('stock.add.v1', { qty: 1 }, undefined, page);
    server.state.pushFaults.push({ kind: 'status', status: 500 });
    const worker = (await openWorkerDb(page.name))!;
    const result = await flush({ pushFn: server.pushFn, db: engineDb(worker) });
    worker.close();
    expect(result.status).toBe('waiting');
    const [entry] = await page.outbox.toArray();
    expect(entry).toMatchObject({ state: 'pending', faults: 1, attempts: 1 });
    expect((await getPushBackoff(page)).failures).toBe(1);
  });

  it('finds no database before the page made one, and does not make it', async () => {
    const name = `worker-db-none-${crypto.randomUUID()}`;
    expect(await openWorkerDb(name)).toBeNull();
    expect(await Dexie.exists(name)).toBe(false);
  });

  it('lets the page upgrade the database: its connection closes', async () => {
    const worker = await openWorkerDb(page.name);
    expect(worker).not.toBeNull();
    page.close();
    const newer = new Dexie(page.name);
    newer.version(40).stores({ extra: 'id' });
    await expect(newer.open()).resolves.toBeDefined();
    newer.close();
  });
});
