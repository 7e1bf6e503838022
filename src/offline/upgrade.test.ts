import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WarehouseDb } from './db';
import { listOutbox } from './outbox';
import { flush } from './push';
import { releasedDatabase } from '../test/releasedSchemas';
import { startSyncServer, type SyncServer } from '../test/syncServer';

/**
 * A device that last ran the app with schema version 1 holds pending work; the new app opens the
 * same database in version 2. Every entry must survive intact and still be sendable.
 */

let server: SyncServer;
let name: string;

beforeEach(async () => {
  server = await startSyncServer();
  name = `upgrade-test-${crypto.randomUUID()}`;
});
afterEach(async () => {
  await server.close();
  await Dexie.delete(name);
});

describe('schema upgrade 1 → 2', () => {
  it('keeps every pending entry intact and sendable', async () => {
    const v1 = releasedDatabase(name, 1);
    await v1.open();
    const entries = [1, 2, 3].map((n) => ({
      id: crypto.randomUUID(),
      seq: n,
      name: 'stock.add.v1',
      args: { qty: n },
      createdAt: '2026-11-01T10:00:00.000Z',
      state: n === 3 ? 'sending' : 'pending',
      attempts: n === 2 ? 4 : 0,
      nextAttemptAt: 0,
      owner: '1:7',
    }));
    await v1.table('outbox').bulkAdd(entries);
    await v1.table('meta').bulkPut([
      { key: 'next_seq', value: 4 },
      { key: 'device_id', value: 'device-upgrade-1' },
    ]);
    await v1.table('locationContent').put({ id: 50, location_id: 2, item_id: 100, quantity: 4 });
    v1.close();

    const db = new WarehouseDb(name);
    await db.open();
    // Opened at the app's current version: 2, and whatever came after (3 adds the catalog).
    expect(db.verno).toBeGreaterThanOrEqual(2);
    const upgraded = await listOutbox(db);
    expect(upgraded).toHaveLength(3);
    for (const [i, entry] of upgraded.entries()) {
      expect(entry).toMatchObject({ ...entries[i], faults: 0 });
    }
    expect(await db.outbox.where('name').equals('stock.add.v1').count()).toBe(3);
    expect(await db.locationContent.get(50)).toMatchObject({ quantity: 4 });

    expect(await flush({ pushFn: server.pushFn, db })).toMatchObject({
      status: 'done',
      applied: 3,
    });
    expect(server.state.received.map((r) => r.id)).toEqual(entries.map((e) => e.id));
    expect(server.state.stock).toBe(16);
    db.close();
  });
});
