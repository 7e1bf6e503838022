import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WarehouseDb } from './db';
import { dismiss, enqueue, hasUnsentEntries, listOutbox, listRejected, retry } from './outbox';
import { flush, STUCK_AFTER_FAULTS, type FlushDeps } from './push';
import { startSyncServer, type SyncServer } from '../test/syncServer';

/** No entry can block the queue: how the engine sorts the server's answers. */

let server: SyncServer;
let db: WarehouseDb;
let clock: number;

beforeEach(async () => {
  server = await startSyncServer();
  db = new WarehouseDb(`push-faults-${crypto.randomUUID()}`);
  clock = 1_000_000;
});
afterEach(async () => {
  db.close();
  await server.close();
});

const deps = (extra: Partial<FlushDeps> = {}): FlushDeps => ({
  pushFn: server.pushFn,
  db,
  now: () => clock,
  random: () => 0.5,
  ...extra,
});
const add = (qty: number) => enqueue('stock.add.v1', { qty }, undefined, db);
const states = async () => (await listOutbox(db)).map((e) => [e.name, e.state]);

/** Flush until nothing is due, moving the clock to each retry time. */
async function flushUntilSettled(limit = 40) {
  for (let i = 0; i < limit; i++) {
    const result = await flush(deps());
    if (result.status !== 'waiting') return result;
    clock = Math.max(clock + 1, result.retryAt);
  }
  throw new Error('the outbox never settled');
}

describe('no entry blocks the queue', () => {
  it('a batch refused with 400 is sent one by one; only the bad entry is rejected, with the server message', async () => {
    await add(1);
    await enqueue('poison.v1', { note: 'bad' }, undefined, db);
    await add(2);
    const result = await flush(deps());
    expect(result).toEqual({ status: 'done', applied: 2, rejected: 1, stuck: 0 });
    expect(server.state.stock).toBe(13);
    const [problem] = await listRejected(db);
    expect(problem).toMatchObject({
      name: 'poison.v1',
      state: 'rejected',
      code: 'invalid_request',
      message: 'note: Invalid text',
    });
    expect(await hasUnsentEntries(db)).toBe(false);
  });

  it('an entry the server keeps failing on becomes stuck after a few tries; the entries behind it go on', async () => {
    await enqueue('fault.v1', {}, undefined, db);
    await add(5);
    // The first push: the good entry is applied at once, the faulty one waits on its own backoff.
    const first = await flush(deps());
    expect(first).toMatchObject({ status: 'waiting', applied: 1 });
    expect(server.state.stock).toBe(15);
    expect(await states()).toEqual([['fault.v1', 'pending']]);

    const last = await flushUntilSettled();
    expect(last).toMatchObject({ status: 'done' });
    const faulty = server.state.received.filter((r) => r.name === 'fault.v1');
    expect(faulty).toHaveLength(STUCK_AFTER_FAULTS);
    const [stuck] = await listRejected(db);
    expect(stuck).toMatchObject({ state: 'stuck', code: 'server_error', message: 'It broke' });
    // Stuck work has not reached the server: the logout warning still counts it.
    expect(await hasUnsentEntries(db)).toBe(true);

    // Retry sends the same entry (same id) again, from a clean slate.
    await retry(stuck.localId!, db);
    expect((await listOutbox(db))[0]).toMatchObject({ id: stuck.id, state: 'pending', faults: 0 });
    await flush(deps());
    expect(server.state.received.filter((r) => r.id === stuck.id)).toHaveLength(
      STUCK_AFTER_FAULTS + 1,
    );
  });

  it('a dismissed stuck entry is forgotten and the next pull brings every collection again', async () => {
    await enqueue('fault.v1', {}, undefined, db);
    await db.meta.put({ key: 'cursor:trays', value: 42 });
    await flushUntilSettled();
    const [stuck] = await listRejected(db);
    await dismiss(stuck.localId!, db);
    expect(await listOutbox(db)).toEqual([]);
    expect(await db.meta.get('cursor:trays')).toBeUndefined();
  });

  it('a batch that makes the server crash is taken apart: the others go on, the culprit gets stuck', async () => {
    await add(1);
    await enqueue('crash.v1', {}, undefined, db);
    await add(2);
    const last = await flushUntilSettled();
    expect(last).toMatchObject({ status: 'done' });
    expect(server.state.stock).toBe(13);
    expect(await states()).toEqual([['crash.v1', 'stuck']]);
  });

  it('sends nothing while the platform is offline, and grows no backoff', async () => {
    await add(1);
    const result = await flush(deps({ isOnline: () => false }));
    expect(result).toMatchObject({ status: 'offline' });
    expect(server.state.pushes).toBe(0);
    expect(await flush(deps())).toMatchObject({ status: 'done', applied: 1 });
  });

  it('while the device backs off, no trigger sends anything', async () => {
    await add(1);
    server.state.pushFaults.push({ kind: 'drop' });
    const failed = await flush(deps());
    expect(failed.status).toBe('waiting');
    for (let i = 0; i < 5; i++) expect((await flush(deps())).status).toBe('waiting');
    await add(2);
    expect((await flush(deps())).status).toBe('waiting');
    expect(server.state.pushes).toBe(1);
  });
});
