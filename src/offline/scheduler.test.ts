// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WarehouseDb } from './db';
import { enqueue, listOutbox } from './outbox';
import { startSyncEngine, type SyncEngine } from './scheduler';
import { syncStatus } from './status';
import { startSyncServer, type SyncServer } from './testing/syncServer';

let server: SyncServer;
let db: WarehouseDb;
let engine: SyncEngine | undefined;

beforeEach(async () => {
  server = await startSyncServer();
  db = new WarehouseDb(`scheduler-test-${crypto.randomUUID()}`);
  server.upsert('trays', 1, { tray_id: 1, batch_id: 7, status: 'ready for filling' });
});
afterEach(async () => {
  engine?.stop();
  engine = undefined;
  db.close();
  await server.close();
});

const start = () =>
  (engine = startSyncEngine({
    pushFn: server.pushFn,
    pullFn: server.pullFn,
    collections: ['trays'],
    db,
    debounceMs: 5,
    pullAfterPushMs: 5,
  }));

/** A planned failure that backs the outbox off for an hour. */
const failForAnHour = () =>
  server.state.pushFaults.push({ kind: 'status', status: 503, headers: { 'Retry-After': '3600' } });

describe('startSyncEngine', () => {
  it('flushes and pulls on start, then flushes after each enqueue', async () => {
    await enqueue('stock.add.v1', { qty: 1 }, undefined, db);
    start();
    await expect.poll(() => server.state.applied.length).toBe(1);
    await expect.poll(() => db.trays.count()).toBe(1);

    await enqueue('stock.add.v1', { qty: 2 }, undefined, db);
    await expect.poll(() => server.state.applied.length).toBe(2);
    await expect.poll(() => listOutbox(db)).toEqual([]);
    await expect.poll(() => syncStatus.getState().pendingCount).toBe(0);
    expect(syncStatus.getState().lastSyncAt).toEqual(expect.any(String));
    expect(server.state.stock).toBe(13);
  });

  it('flushes at once when the network comes back, despite the backoff', async () => {
    start();
    await expect.poll(() => server.state.pullQueries.length).toBe(1);
    failForAnHour();
    await enqueue('stock.add.v1', { qty: 1 }, undefined, db);
    await expect.poll(() => server.state.pushes).toBe(1);
    await expect.poll(() => syncStatus.getState().lastError).toBe('HTTP 503');
    expect(syncStatus.getState().pendingCount).toBe(1);

    window.dispatchEvent(new Event('offline'));
    expect(syncStatus.getState().online).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(syncStatus.getState().online).toBe(true);
    await expect.poll(() => server.state.applied.length).toBe(1);
    await expect.poll(() => syncStatus.getState().pendingCount).toBe(0);
  });

  it("flushes on the service worker's flush-outbox message", async () => {
    const serviceWorker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
    try {
      start();
      failForAnHour();
      await enqueue('stock.add.v1', { qty: 1 }, undefined, db);
      await expect.poll(() => server.state.pushes).toBe(1);
      await expect.poll(() => syncStatus.getState().syncing).toBe(false);
      serviceWorker.dispatchEvent(new MessageEvent('message', { data: { type: 'flush-outbox' } }));
      await expect.poll(() => server.state.applied.length).toBe(1);
    } finally {
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    }
  });

  it('pulls again after a rejection so the local data is corrected', async () => {
    start();
    await expect.poll(() => db.trays.count()).toBe(1);
    await expect.poll(() => syncStatus.getState().syncing).toBe(false);
    server.upsert('trays', 1, { tray_id: 1, batch_id: 7, status: 'filled' });
    await enqueue(
      'stock.remove.v1',
      { qty: 99 },
      (d) => d.trays.update(1, { status: 'missing' }),
      db,
    );
    expect((await db.trays.get(1))?.status).toBe('missing');
    await expect.poll(async () => (await db.trays.get(1))?.status).toBe('filled');
    await expect.poll(() => syncStatus.getState().rejectedCount).toBe(1);
  });
});
