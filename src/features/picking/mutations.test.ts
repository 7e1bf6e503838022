import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PickingMutation } from '../../../contract/mutations/picking';
import { PickingStatus } from '../../../contract/orders';
import { WarehouseDb } from '../../offline';
import { loadPickData, readPickerState, writePickerState } from './local';
import { claimOrder, confirmPick, finishOrder, pauseOrder } from './mutations';
import { nextStop } from './route';

const ME = 7;
let db: WarehouseDb;
let n = 0;

async function seed(picked = [0, 0]) {
  await db.orders.put({
    order_id: 1,
    order_number: '2187',
    created_at: '2024-05-01T10:00:00Z',
    picking_status_id: PickingStatus.UNASSIGNED,
    picking_status_name: 'UNASSIGNED',
    claimed_by_user_id: null,
    pickable: 1,
    ordered_total: 5,
    picked_total: picked[0] + picked[1],
  });
  await db.orderItems.bulkPut([
    { id: 10, order_id: 1, item_id: 100, quantity_ordered: 3, quantity_picked: picked[0] },
    { id: 11, order_id: 1, item_id: 101, quantity_ordered: 2, quantity_picked: picked[1] },
  ]);
  await db.locations.bulkPut([
    { location_id: 1, parent_id: null, name: 'Warehouse', code: 'WH', sort_order: 0 },
    { location_id: 2, parent_id: 1, name: 'Bin 1', code: 'B1', sort_order: 0 },
    { location_id: 3, parent_id: 1, name: 'Bin 2', code: 'B2', sort_order: 1 },
  ]);
  await db.locationContent.bulkPut([
    { id: 50, location_id: 2, item_id: 100, quantity: 4 },
    { id: 51, location_id: 3, item_id: 101, quantity: 9 },
  ]);
}

beforeEach(async () => {
  db = new WarehouseDb(`picking-test-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('the picker on the device', () => {
  it('a claim is pending until it reached the server, and taken when someone else holds it', async () => {
    await seed();
    expect((await loadPickData(db, 1, ME)).claim).toBe('none');
    const entry = await claimOrder(1, ME, db);
    const data = await loadPickData(db, 1, ME);
    expect(data.claim).toBe('pending');
    expect(data.order?.picking_status_id).toBe(PickingStatus.BEING_PICKED);

    // Refused: the entry is rejected with the server's message.
    await db.outbox.where('id').equals(entry.id).modify({
      state: 'rejected',
      message: 'Someone else is already picking this order.',
    });
    expect(await loadPickData(db, 1, ME)).toMatchObject({
      claim: 'rejected',
      claimMessage: 'Someone else is already picking this order.',
    });

    // Applied: the entry leaves the outbox; the order is ours.
    await db.outbox.where('id').equals(entry.id).delete();
    expect((await loadPickData(db, 1, ME)).claim).toBe('held');
    // The next pull says someone else has it.
    await db.orders.update(1, { claimed_by_user_id: 99 });
    expect((await loadPickData(db, 1, ME)).claim).toBe('taken');
  });

  it('a confirmed pick queues pick.confirm.v1 and takes stock and adds picked at once', async () => {
    await seed();
    await confirmPick({ order_id: 1, order_item_id: 10, location_id: 2, quantity: 3 }, db);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      name: PickingMutation.pick,
      args: { order_id: 1, order_item_id: 10, location_id: 2, quantity: 3 },
      state: 'pending',
    });
    expect((await db.orderItems.get(10))?.quantity_picked).toBe(3);
    expect((await db.locationContent.get(50))?.quantity).toBe(1);
    expect((await db.orders.get(1))?.picked_total).toBe(3);

    // The route moves on to the next item's location.
    const data = await loadPickData(db, 1, ME);
    const stop = nextStop({ items: data.items, stock: data.stock, route: data.route });
    expect(stop?.code).toBe('B2');
  });

  it('where the picker is survives a reload (a new connection to the database)', async () => {
    await seed();
    await writePickerState(db, 1, { locationId: 2, scannedLocationId: 2, skipped: [101] });
    db.close();
    const again = new WarehouseDb(db.name);
    await again.open();
    expect(await readPickerState(again, 1)).toMatchObject({
      locationId: 2,
      scannedLocationId: 2,
      skipped: [101],
    });
    again.close();
    await db.open();
  });

  it('finishing sets 4 when everything was picked and forgets the round', async () => {
    await seed([3, 2]);
    await writePickerState(db, 1, { skipped: [100] });
    expect(await finishOrder(1, db)).toBe(PickingStatus.PICKED);
    expect((await db.orders.get(1))?.picking_status_id).toBe(PickingStatus.PICKED);
    expect((await readPickerState(db, 1)).skipped).toEqual([]);
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual([PickingMutation.finish]);
  });

  it('finishing with something left sets 3; leaving pauses', async () => {
    await seed([3, 1]);
    expect(await finishOrder(1, db)).toBe(PickingStatus.PAUSED);
    await db.orders.update(1, { picking_status_id: PickingStatus.BEING_PICKED });
    await pauseOrder(1, db);
    expect((await db.orders.get(1))?.picking_status_id).toBe(PickingStatus.PAUSED);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.name)).toEqual([
      PickingMutation.finish,
      PickingMutation.pause,
    ]);
  });
});
