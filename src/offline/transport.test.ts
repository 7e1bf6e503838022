import ky from 'ky';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WarehouseDb } from './db';
import { enqueue } from './outbox';
import { pullCollection } from './pull';
import { flush } from './push';
import { startSyncServer, type SyncServer } from '../test/syncServer';
import { kyTransport, parseRetryAfter } from './transport';

let server: SyncServer;
let db: WarehouseDb;
beforeEach(async () => {
  server = await startSyncServer();
  db = new WarehouseDb(`transport-test-${crypto.randomUUID()}`);
});
afterEach(async () => {
  db.close();
  await server.close();
});

describe('kyTransport', () => {
  it('pushes and pulls through a ky client with the API prefix', async () => {
    const { pushFn, pullFn } = kyTransport(ky.create({ prefixUrl: server.base }));
    await enqueue('stock.add.v1', { qty: 5 }, undefined, db);
    expect(await flush({ pushFn, db })).toEqual({
      status: 'done',
      applied: 1,
      rejected: 0,
      stuck: 0,
    });
    server.upsert('locations', 4, { location_id: 4, name: 'Bin 4' });
    expect(await pullCollection('locations', { pullFn, db })).toMatchObject({ rows: 1 });
    expect(await db.locations.get(4)).toMatchObject({ name: 'Bin 4' });
  });

  it('gives a 500 back as a transient failure, not a thrown HTTPError', async () => {
    const { pushFn } = kyTransport(ky.create({ prefixUrl: server.base }));
    server.state.pushFaults.push({ kind: 'status', status: 500 });
    await enqueue('stock.add.v1', { qty: 5 }, undefined, db);
    expect(await flush({ pushFn, db })).toMatchObject({ status: 'waiting', error: 'HTTP 500' });
  });

  it('refuses an entry the server answered 4xx without a message, with no HTTP status in the words', async () => {
    const { pushFn } = kyTransport(ky.create({ prefixUrl: server.base }));
    server.state.pushFaults.push({ kind: 'status', status: 418 });
    await enqueue('stock.add.v1', { qty: 5 }, undefined, db);
    expect(await flush({ pushFn, db })).toMatchObject({ rejected: 1 });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      state: 'rejected',
      code: 'http_418',
      message: 'The server refused this change.',
    });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
