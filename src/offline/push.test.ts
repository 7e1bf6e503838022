import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WarehouseDb } from './db';
import { dismiss, enqueue, hasUnsentEntries, listOutbox, retry } from './outbox';
import { flush, type FlushDeps } from './push';
import { startSyncServer, type SyncServer } from '../test/syncServer';
import { backoffDelay, BACKOFF_CAP_MS } from './transport';

let server: SyncServer;
let db: WarehouseDb;
let name: string;

beforeEach(async () => {
  server = await startSyncServer();
  name = `push-test-${crypto.randomUUID()}`;
  db = new WarehouseDb(name);
});
afterEach(async () => {
  db.close();
  await server.close();
});

const deps = (extra: Partial<FlushDeps> = {}): FlushDeps => ({
  pushFn: server.pushFn,
  db,
  ...extra,
});
const add = (qty: number) => enqueue('stock.add.v1', { qty }, undefined, db);
const remove = (qty: number) => enqueue('stock.remove.v1', { qty }, undefined, db);

describe('flush', () => {
  it('sends entries in seq order, in batches, and removes them once applied', async () => {
    for (let i = 1; i <= 5; i++) await add(i);
    const result = await flush(deps({ batchSize: 2 }));
    expect(result).toEqual({ status: 'done', applied: 5, rejected: 0, stuck: 0 });
    expect(server.state.received.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(server.state.pushes).toBe(3);
    expect(server.state.stock).toBe(10 + 15);
    expect(await listOutbox(db)).toEqual([]);
    expect(await hasUnsentEntries(db)).toBe(false);
  });

  it('writes the entry and the local change in one transaction, or neither', async () => {
    await enqueue(
      'stock.add.v1',
      { qty: 1 },
      (d) => d.trays.put({ tray_id: 4, status: 'filled' }),
      db,
    );
    expect(await db.trays.get(4)).toEqual({ tray_id: 4, status: 'filled' });
    await expect(
      enqueue(
        'stock.add.v1',
        { qty: 2 },
        async (d) => {
          await d.trays.put({ tray_id: 5, status: 'filled' });
          throw new Error('local change failed');
        },
        db,
      ),
    ).rejects.toThrow('local change failed');
    expect(await db.trays.get(5)).toBeUndefined();
    expect((await listOutbox(db)).map((e) => e.seq)).toEqual([1]);
    // The failed enqueue did not consume a seq either.
    expect((await add(3)).seq).toBe(2);
  });

  it('resends after a lost response and the server applies it only once', async () => {
    await add(7);
    server.state.pushFaults.push({ kind: 'apply-then-drop' });
    const lost = await flush(deps());
    expect(lost.status).toBe('waiting');
    expect(server.state.applied).toHaveLength(1);
    const [entry] = await listOutbox(db);
    expect(entry.state).toBe('pending');

    const resent = await flush(deps({ ignoreBackoff: true }));
    expect(resent).toEqual({ status: 'done', applied: 1, rejected: 0, stuck: 0 });
    expect(server.state.received.map((r) => r.id)).toEqual([entry.id, entry.id]);
    expect(server.state.applied).toEqual([entry.id]);
    expect(server.state.stock).toBe(17);
    expect(await listOutbox(db)).toEqual([]);
  });

  it('records a rejection per entry and still sends the later entries', async () => {
    await remove(3); // stock 10 -> 7
    const short = await remove(8); // only 7 left: rejected
    await add(10); // 17
    const result = await flush(deps());
    expect(result).toEqual({ status: 'done', applied: 2, rejected: 1, stuck: 0 });
    expect(server.state.stock).toBe(17);
    const [rejected] = await listOutbox(db);
    expect(rejected).toMatchObject({
      id: short.id,
      state: 'rejected',
      code: 'stock_insufficient',
      message: 'Only 7 left at this location.',
    });
    expect(await hasUnsentEntries(db)).toBe(false);

    // Retry after the cause is fixed: a NEW id and seq with the same args.
    const again = await retry(rejected.localId!, db);
    expect(again).toMatchObject({ name: 'stock.remove.v1', args: { qty: 8 }, seq: 4 });
    expect(again!.id).not.toBe(short.id);
    expect(await flush(deps())).toEqual({ status: 'done', applied: 1, rejected: 0, stuck: 0 });
    expect(server.state.stock).toBe(9);
    expect(await listOutbox(db)).toEqual([]);
  });

  it('dismisses a rejected entry', async () => {
    await remove(50);
    await flush(deps());
    const [rejected] = await listOutbox(db);
    await dismiss(rejected.localId!, db);
    expect(await listOutbox(db)).toEqual([]);
  });

  it('retries network errors, 500 and 429 with growing delays and honours Retry-After', async () => {
    let clock = 1_000_000;
    const flushAt = () => flush(deps({ now: () => clock, random: () => 0.5 }));
    await add(1);
    server.state.pushFaults.push(
      { kind: 'drop' },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 429, headers: { 'Retry-After': '30' } },
    );
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await flushAt();
      if (result.status !== 'waiting') throw new Error(`expected waiting, got ${result.status}`);
      delays.push(result.retryAt - clock);
      // Not due yet: nothing is sent.
      const pushes = server.state.pushes;
      expect((await flushAt()).status).toBe('waiting');
      expect(server.state.pushes).toBe(pushes);
      clock = result.retryAt;
    }
    // Equal jitter: half the ceiling fixed, half random (random() = 0.5 → 3/4 of the ceiling).
    expect(delays).toEqual([750, 1500, 30_000]);
    // The 500 answered the entry alone: one server fault on it.
    expect((await listOutbox(db))[0]).toMatchObject({ faults: 1, state: 'pending' });
    expect(await flushAt()).toEqual({ status: 'done', applied: 1, rejected: 0, stuck: 0 });
  });

  it('keeps the unprocessed rest of a batch queued when the server stops part-way', async () => {
    await add(1);
    await add(2);
    await add(3);
    server.state.pushFaults.push({ kind: 'prefix', count: 1 });
    const first = await flush(deps());
    expect(first).toMatchObject({ status: 'waiting', applied: 1 });
    expect((await listOutbox(db)).map((e) => [e.seq, e.state])).toEqual([
      [2, 'pending'],
      [3, 'pending'],
    ]);
    expect(await flush(deps({ ignoreBackoff: true }))).toMatchObject({
      status: 'done',
      applied: 2,
    });
    expect(server.state.stock).toBe(16);
  });

  it('caps backoff at 60 s', () => {
    expect(backoffDelay(30, () => 0.999999)).toBeLessThanOrEqual(BACKOFF_CAP_MS);
    expect(backoffDelay(30, () => 0.999999)).toBeGreaterThan(BACKOFF_CAP_MS - 10);
  });

  it('refreshes the session once on 401 and retries', async () => {
    server.state.token = 'fresh';
    server.client.token = 'expired';
    const refreshSession = vi.fn(async () => {
      server.client.token = 'fresh';
      return true;
    });
    await add(2);
    expect(await flush(deps({ refreshSession }))).toEqual({
      status: 'done',
      applied: 1,
      rejected: 0,
      stuck: 0,
    });
    expect(refreshSession).toHaveBeenCalledTimes(1);
  });

  it('stops as signed out on a second 401 and keeps the entries', async () => {
    server.state.token = 'fresh';
    server.client.token = 'expired';
    const refreshSession = vi.fn(async () => true); // renews nothing
    await add(2);
    expect((await flush(deps({ refreshSession }))).status).toBe('signed-out');
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect((await listOutbox(db)).map((e) => e.state)).toEqual(['pending']);
    expect(server.state.applied).toEqual([]);
  });

  it('treats a refused refresh (SessionExpiredError) as signed out', async () => {
    server.state.token = 'fresh';
    server.client.token = 'expired';
    const refused = Object.assign(new Error('Your session has expired.'), {
      name: 'SessionExpiredError',
    });
    await add(2);
    const result = await flush(deps({ refreshSession: () => Promise.reject(refused) }));
    expect(result.status).toBe('signed-out');
    expect((await listOutbox(db))[0].attempts).toBe(0);
  });

  it('keeps the outbox across a reload and resends entries left sending', async () => {
    const a = await add(1);
    await add(2);
    // A crash in the middle of a flush leaves entries 'sending'.
    await db.outbox.update(a.localId!, { state: 'sending' });
    db.close();
    db = new WarehouseDb(name);
    expect((await listOutbox(db)).map((e) => [e.seq, e.state])).toEqual([
      [1, 'sending'],
      [2, 'pending'],
    ]);
    expect(await hasUnsentEntries(db)).toBe(true);
    expect(await flush(deps())).toEqual({ status: 'done', applied: 2, rejected: 0, stuck: 0 });
    expect(server.state.received.map((r) => r.seq)).toEqual([1, 2]);
    expect((await add(3)).seq).toBe(3);
  });

  it('lets exactly one of two contexts flush at a time', async () => {
    await add(1);
    await add(2);
    const otherTab = new WarehouseDb(name);
    let release!: () => void;
    server.state.gate = new Promise<void>((resolve) => (release = resolve));
    const settled: string[] = [];
    const run = (d: WarehouseDb) =>
      flush(deps({ db: d })).then((r) => {
        settled.push(r.status);
        return r;
      });
    const both = Promise.all([run(db), run(otherTab)]);
    // One context got the lock and its push is held in flight; the other gave up at once.
    await vi.waitFor(() => {
      expect(settled).toEqual(['busy']);
      expect(server.state.inFlight).toBe(1);
    });
    release();
    const results = await both;
    expect(results.map((r) => r.status).sort()).toEqual(['busy', 'done']);
    expect(server.state.pushes).toBe(1);
    expect(server.state.maxInFlight).toBe(1);
    expect(server.state.received.map((r) => r.seq)).toEqual([1, 2]);
    otherTab.close();
  });
});
