import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PickingStatus } from '../../../contract/orders';
import { enqueue, WarehouseDb } from '../../offline';
import { PickingMutation } from '../../../contract/mutations/picking';
import { pendingReport } from './onDevice';
import { outboxByOrder } from './outboxByOrder';

const ME = 7;
let db: WarehouseDb;
let n = 0;

beforeEach(async () => {
  db = new WarehouseDb(`orders-outbox-test-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const order = (order_id: number, status: number, claimedBy: number | null) =>
  db.orders.put({
    order_id,
    order_number: String(1000 + order_id),
    created_at: '2024-05-01T10:00:00Z',
    picking_status_id: status,
    picking_status_name: '',
    claimed_by_user_id: claimedBy,
    pickable: 1,
    ordered_total: 5,
    picked_total: 0,
  });
const pick = (orderId: number) =>
  enqueue(
    PickingMutation.pick,
    { order_id: orderId, order_item_id: 1, location_id: 1, quantity: 1 },
    undefined,
    db,
  );

describe('the outbox per order', () => {
  it('counts unsent claims, picks and finishes, then refusals; confirmed entries leave nothing', async () => {
    await enqueue(PickingMutation.claim, { order_id: 1 }, undefined, db);
    const first = await pick(1);
    await pick(1);
    await pick(2);
    await enqueue(PickingMutation.issue, { order_id: 3, note: 'x' }, undefined, db);
    let map = await outboxByOrder(db);
    expect(map.get(1)).toEqual({ unsent: 3, unsentPicks: 2, refused: 0 });
    expect(map.get(2)).toEqual({ unsent: 1, unsentPicks: 1, refused: 0 });
    expect(map.has(3)).toBe(false);

    // The server confirms order 2's pick (the entry goes) and refuses one of order 1's.
    await db.outbox
      .where('args.order_id' as never)
      .equals(2)
      .delete()
      .catch(async () => {
        const rows = await db.outbox.toArray();
        for (const r of rows) {
          if ((r.args as { order_id: number }).order_id === 2) await db.outbox.delete(r.localId!);
        }
      });
    await db.outbox.where('id').equals(first.id).modify({ state: 'rejected' });
    map = await outboxByOrder(db);
    expect(map.get(1)).toEqual({ unsent: 2, unsentPicks: 1, refused: 1 });
    expect(map.has(2)).toBe(false);
  });

  it("reports the user's held orders with their picks not sent, 0 when all were sent", async () => {
    await order(1, PickingStatus.BEING_PICKED, ME);
    await order(2, PickingStatus.BEING_PICKED, 99);
    await order(3, PickingStatus.UNASSIGNED, null);
    await order(4, PickingStatus.UNASSIGNED, null);
    await pick(1);
    await pick(1);
    await pick(4); // claimed on this device, the claim not sent yet
    expect(await pendingReport(db, ME)).toEqual([
      { order_id: 1, pending_picks: 2 },
      { order_id: 4, pending_picks: 1 },
    ]);
    await db.outbox.clear();
    expect(await pendingReport(db, ME)).toEqual([{ order_id: 1, pending_picks: 0 }]);
    expect(await pendingReport(db, null)).toEqual([]);
  });
});
