// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WarehouseDb } from './db';
import { enqueue } from './outbox';
import { flush } from './push';
import { serverAnswer } from './serverAnswer';
import { startSyncServer, type SyncServer } from '../test/syncServer';

let server: SyncServer;
let db: WarehouseDb;

function setOnLine(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
}

beforeEach(async () => {
  server = await startSyncServer();
  db = new WarehouseDb(`answer-test-${crypto.randomUUID()}`);
});
afterEach(async () => {
  setOnLine(true);
  db.close();
  await server.close();
});

describe('serverAnswer', () => {
  it('is confirmed once the server applied the change, refused when it refused it', async () => {
    const added = await enqueue('stock.add.v1', { qty: 1 }, undefined, db);
    const removed = await enqueue('stock.remove.v1', { qty: 99 }, undefined, db);
    const answers = Promise.all([
      serverAnswer(added.id, 5_000, db),
      serverAnswer(removed.id, 5_000, db),
    ]);
    await flush({ pushFn: server.pushFn, db });
    expect(await answers).toEqual(['confirmed', 'refused']);
  });

  it('is waiting at once while offline, and after the wait when no answer came', async () => {
    const entry = await enqueue('stock.add.v1', { qty: 1 }, undefined, db);
    setOnLine(false);
    expect(await serverAnswer(entry.id, 5_000, db)).toBe('waiting');
    setOnLine(true);
    expect(await serverAnswer(entry.id, 300, db)).toBe('waiting');
  });
});
