// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WarehouseDb } from './db';
import { defineLocalEffect } from './effects';
import { enqueue, listOutbox } from './outbox';
import { startSyncEngine, type SyncEngine, type SyncEngineOptions } from './scheduler';
import { syncStatus } from './status';
import { startSyncServer, type SyncServer } from '../test/syncServer';

let server: SyncServer;
let db: WarehouseDb;
let engine: SyncEngine | undefined;

beforeEach(async () => {
  server = await startSyncServer();
  db = new WarehouseDb(`scheduler-test-${crypto.randomUUID()}`);
  server.upsert('trays', 1, { tray_id: 1, batch_id: 7, status: 'ready for filling' });
});
afterEach(async () => {
  setOnLine(true);
  engine?.stop();
  engine = undefined;
  db.close();
  await server.close();
});

/** The engine on the test server, quick to push and pull; `extra` adds to or overrides that. */
const start = (extra: Partial<SyncEngineOptions> = {}) =>
  (engine = startSyncEngine({
    pushFn: server.pushFn,
    pullFn: server.pullFn,
    collections: ['trays'],
    db,
    debounceMs: 5,
    pullAfterPushMs: 5,
    ...extra,
  }));

function setOnLine(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
}

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

  it('sends nothing while offline and flushes at once when the network comes back', async () => {
    start();
    await expect.poll(() => server.state.pullQueries.length).toBe(1);
    await expect.poll(() => syncStatus.getState().syncing).toBe(false);
    setOnLine(false);
    window.dispatchEvent(new Event('offline'));
    expect(syncStatus.getState().online).toBe(false);
    await enqueue('stock.add.v1', { qty: 1 }, undefined, db);
    await new Promise((r) => setTimeout(r, 100));
    expect(server.state.pushes).toBe(0);
    expect(syncStatus.getState().pendingCount).toBe(1);

    setOnLine(true);
    window.dispatchEvent(new Event('online'));
    expect(syncStatus.getState().online).toBe(true);
    await expect.poll(() => server.state.applied.length).toBe(1);
    await expect.poll(() => syncStatus.getState().pendingCount).toBe(0);
  });

  it('honours the backoff on every trigger: online, the worker telling it sent, visibility, a new write', async () => {
    const serviceWorker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
    try {
      start();
      await expect.poll(() => server.state.pullQueries.length).toBe(1);
      failForAnHour();
      await enqueue('stock.add.v1', { qty: 1 }, undefined, db);
      await expect.poll(() => server.state.pushes).toBe(1);
      await expect.poll(() => syncStatus.getState().lastError).toBe('HTTP 503');
      await expect.poll(() => syncStatus.getState().syncing).toBe(false);

      window.dispatchEvent(new Event('online'));
      serviceWorker.dispatchEvent(
        new MessageEvent('message', { data: { type: 'outbox-flushed' } }),
      );
      document.dispatchEvent(new Event('visibilitychange'));
      await enqueue('stock.add.v1', { qty: 2 }, undefined, db);
      await new Promise((r) => setTimeout(r, 200));
      expect(server.state.pushes).toBe(1);
      expect(syncStatus.getState().pendingCount).toBe(2);
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

describe('pulls while pushes fail', () => {
  it('an app reopened with its pushes refused still pulls, with the unsent work on top', async () => {
    // The server fails every push holding this change (a 500 for the whole push); the rest is up.
    // Its local effect marks tray 1 missing, on every copy of the tray the device pulls.
    defineLocalEffect('crash.v1', (store) =>
      store.update('trays', 1, (row) => {
        row.status = 'missing';
      }),
    );
    await enqueue('crash.v1', {}, undefined, db);
    server.upsert('trays', 2, { tray_id: 2, batch_id: 7, status: 'ready for filling' });
    start();
    await expect.poll(() => server.state.pushes).toBeGreaterThanOrEqual(1);
    await expect.poll(() => db.trays.count()).toBe(2);
    // Tray 1 came from the server as 'ready for filling'; the unsent change shows on top.
    expect((await db.trays.get(1))?.status).toBe('missing');
    expect(server.state.applied).toEqual([]);

    // The push keeps failing and the device backs off from it; news still comes in.
    server.upsert('trays', 3, { tray_id: 3, batch_id: 7, status: 'filled' });
    await engine!.pullNow();
    expect((await db.trays.get(3))?.status).toBe('filled');
    expect((await db.trays.get(1))?.status).toBe('missing');
    expect(syncStatus.getState().pendingCount).toBe(1);
  });

  it('backs off from pulls that fail, on their own', async () => {
    start();
    await expect.poll(() => server.state.pullQueries.length).toBe(1);
    await expect.poll(() => syncStatus.getState().syncing).toBe(false);
    server.state.pullFaults.push({ kind: 'status', status: 503 });
    await engine!.pullNow();
    const asked = server.state.pullQueries.length;
    await engine!.pullNow();
    expect(server.state.pullQueries.length).toBe(asked);
  });
});

describe('Send now', () => {
  it('sends at once past an hour of backoff, and is gone when the engine stops', async () => {
    failForAnHour();
    await enqueue('stock.add.v1', { qty: 4 }, undefined, db);
    start();
    await expect.poll(() => server.state.pushes).toBe(1);
    await expect.poll(() => syncStatus.getState().pendingCount).toBe(1);
    expect(server.state.applied).toEqual([]);

    const result = await syncStatus.getState().sendNow!();
    expect(result?.status).toBe('done');
    expect(server.state.applied.length).toBe(1);
    await expect.poll(() => listOutbox(db)).toEqual([]);

    engine!.stop();
    expect(syncStatus.getState().sendNow).toBeNull();
  });
});

describe('an unreachable server', () => {
  it('is probed, not pushed to, after two unanswered pushes; the queue goes once a probe is answered', async () => {
    let up = false;
    let probes = 0;
    // The server cannot be reached: every push is cut without an answer.
    for (let i = 0; i < 50; i++) server.state.pushFaults.push({ kind: 'drop' });
    await enqueue('stock.add.v1', { qty: 1 }, undefined, db);
    start({
      probeEveryMs: 50,
      random: () => 0,
      probeFn: async () => {
        probes += 1;
        return up;
      },
    });
    await expect.poll(() => probes, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const pushes = server.state.pushes;
    expect(pushes).toBe(2);
    // Triggers that would push do not while the server is away.
    await enqueue('stock.add.v1', { qty: 2 }, undefined, db);
    document.dispatchEvent(new Event('visibilitychange'));
    await new Promise((r) => setTimeout(r, 120));
    expect(server.state.pushes).toBe(pushes);

    // Back: the next probe is answered and everything goes at once.
    server.state.pushFaults.length = 0;
    up = true;
    await expect.poll(() => server.state.applied.length, { timeout: 5_000 }).toBe(2);
    const probesThen = probes;
    await new Promise((r) => setTimeout(r, 200));
    expect(probes).toBe(probesThen);
  });
});
