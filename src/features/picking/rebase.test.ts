import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listRejected, pullCollection, WarehouseDb } from '../../offline';
import { startSyncServer, type SyncServer } from '../../test/syncServer';
import { confirmPick } from './mutations';

/**
 * Local state = server state + unsent work: a pull never shows the picker less than they did,
 * and never their work twice.
 */

let server: SyncServer;
let db: WarehouseDb;

const ITEM = { id: 10, order_id: 1, item_id: 100, quantity_ordered: 3, quantity_picked: 0 };
const STOCK = { id: 50, location_id: 2, item_id: 100, quantity: 4 };
const ORDER = { order_id: 1, picking_status_id: 2, picked_total: 0, ordered_total: 3 };

beforeEach(async () => {
  server = await startSyncServer();
  db = new WarehouseDb(`rebase-test-${crypto.randomUUID()}`);
  server.upsert('orders', 1, ORDER);
  server.upsert('order_items', 10, ITEM);
  server.upsert('location_content', 50, STOCK);
  for (const c of ['orders', 'order_items', 'location_content']) await pull(c);
});
afterEach(async () => {
  db.close();
  await server.close();
});

const pull = (collection: string) => pullCollection(collection, { pullFn: server.pullFn, db });
const pick = (quantity: number) =>
  confirmPick({ order_id: 1, order_item_id: 10, location_id: 2, quantity }, db);
const picked = async () => (await db.orderItems.get(10))?.quantity_picked;
const stock = async () => (await db.locationContent.get(50))?.quantity;
const total = async () => (await db.orders.get(1))?.picked_total;

describe('pull rebases unsent work', () => {
  it('a pick still pending stays picked when a pull brings the rows from before it', async () => {
    await pick(2);
    await pick(1);
    expect([await picked(), await stock(), await total()]).toEqual([3, 1, 3]);
    // Someone changes the rows on the server (a manager's note): the pull brings them without
    // this device's picks, which have not been sent.
    server.upsert('order_items', 10, { ...ITEM, note: 'fragile' });
    server.upsert('location_content', 50, { ...STOCK, quantity: 5 });
    server.upsert('orders', 1, ORDER);
    for (const c of ['orders', 'order_items', 'location_content']) await pull(c);
    expect(await db.orderItems.get(10)).toMatchObject({ note: 'fragile', quantity_picked: 3 });
    // The server's 5 minus the 3 not yet sent.
    expect(await stock()).toBe(2);
    expect(await total()).toBe(3);
  });

  it('a pick the server applied and a pull brought back is shown once, not twice', async () => {
    const entry = await pick(2);
    // The push went through: the entry left the outbox, and the server's rows carry the pick.
    await db.outbox.delete(entry.localId!);
    server.upsert('order_items', 10, { ...ITEM, quantity_picked: 2 });
    server.upsert('location_content', 50, { ...STOCK, quantity: 2 });
    server.upsert('orders', 1, { ...ORDER, picked_total: 2 });
    for (const c of ['orders', 'order_items', 'location_content']) await pull(c);
    expect([await picked(), await stock(), await total()]).toEqual([2, 2, 2]);
  });

  it("a rejected pick's local effect goes with the next pull, and the problem stays listed", async () => {
    const entry = await pick(2);
    await db.outbox.update(entry.localId!, {
      state: 'rejected',
      code: 'stock_insufficient',
      message: 'Only 1 left at this location.',
    });
    // The server re-stamps the rows the device guessed, so the pull brings them as they are.
    server.upsert('order_items', 10, ITEM);
    server.upsert('location_content', 50, { ...STOCK, quantity: 1 });
    server.upsert('orders', 1, ORDER);
    for (const c of ['orders', 'order_items', 'location_content']) await pull(c);
    expect([await picked(), await stock(), await total()]).toEqual([0, 1, 0]);
    expect((await listRejected(db)).map((e) => e.id)).toEqual([entry.id]);
  });

  it('a resync answer drops the collection and pulls it whole, with the unsent work on top', async () => {
    await pick(1);
    const realPull = server.pullFn;
    let asked = false;
    const pullFn: typeof realPull = async (query) => {
      if (query.cursor > 0 && !asked) {
        asked = true;
        return Response.json({
          collection: query.collection,
          rows: [],
          tombstones: [],
          cursor: 0,
          has_more: true,
          resync: true,
        });
      }
      return realPull(query);
    };
    await db.orderItems.put({ id: 99, order_id: 1, item_id: 7, note: 'gone on the server' });
    const progress = await pullCollection('order_items', { pullFn, db });
    expect(progress.resynced).toBe(true);
    expect(await db.orderItems.get(99)).toBeUndefined();
    expect(await picked()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });
});
