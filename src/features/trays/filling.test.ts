import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FillingMutation } from '../../../contract/mutations/filling';
import { PickingMutation } from '../../../contract/mutations/picking';
import { listOutbox, WarehouseDb } from '../../offline';
import { fillEntryOf, localFillView, localStockKey, localTrays, settleLocalStock } from './local';
import { fillTray, reportFillIssue } from './mutations';

let db: WarehouseDb;
let n = 0;
const NAME = () => `trays-test-${n}`;

const tray = (tray_id: number, tray_nr: number, item_id: number | null, quantity: number) => ({
  id: tray_id,
  tray_id,
  tray_nr,
  batch_id: 1,
  status: 'ready for filling',
  date_of_creation: '2024-01-01T00:00:00Z',
  item_id,
  item_uuid: `uuid-${tray_id}`,
  mold_id: 3001,
  mold_name: 'Brick 2 x 4',
  colour_id: 5,
  colour_name: 'Red',
  image_path: null,
  quantity,
  location_id: null,
});

beforeEach(async () => {
  n++;
  db = new WarehouseDb(NAME());
  await db.open();
  await db.locations.bulkPut([
    { location_id: 1, parent_id: null, name: 'Hall', code: 'H1', sort_order: 0 },
    { location_id: 2, parent_id: 1, name: 'Bin 1', code: 'H1-B1', sort_order: 0 },
    {
      location_id: 3,
      parent_id: 1,
      name: 'New',
      code: 'H1-NEW',
      sort_order: 1,
      is_selected_new_location: 1,
    },
  ]);
  await db.locationContent.bulkPut([
    { id: 50, location_id: 2, item_id: 100, colour_id: 5, quantity: 7 },
    { id: 51, location_id: 2, item_id: 200, colour_id: 5, quantity: 1 },
  ]);
  await db.trays.bulkPut([tray(11, 1, 100, 12), tray(12, 2, 100, 3), tray(13, 3, 300, 4)]);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

async function stockAt(locationId: number, itemId: number) {
  const rows = await db.locationContent
    .where('[location_id+item_id]')
    .equals([locationId, itemId])
    .toArray();
  return rows.reduce((sum, r) => sum + Number(r.quantity), 0);
}

describe('filling a tray on the device', () => {
  it('builds the fill screen from the device: stock in the warehouse and candidate locations', async () => {
    const view = (await localFillView(db, 11))!;
    expect(view.quantity).toBe(12);
    expect(view.quantity_in_warehouse).toBe(7);
    expect(view.item_uuid).toBe('uuid-11');
    expect(view.locations.map((l) => [l.code, l.quantity])).toEqual([
      ['H1-B1', 7],
      ['H1-NEW', 0],
    ]);
    expect(await localFillView(db, 99)).toBeUndefined();
  });

  it('queues tray.fill.v1 and fills the tray and adds the stock at once, in one go', async () => {
    await fillTray({ tray_id: 11, location_id: 2, quantity: 12, item_id: 100, colour_id: 5 }, db);
    const [entry] = await listOutbox(db);
    expect(entry).toMatchObject({
      name: FillingMutation.fill,
      args: { tray_id: 11, location_id: 2, quantity: 12 },
      state: 'pending',
    });
    expect(await db.trays.get(11)).toMatchObject({ status: 'filled', location_id: 2 });
    expect(await stockAt(2, 100)).toBe(19);
    expect((await localFillView(db, 11))!.quantity_in_warehouse).toBe(19);
    expect((await fillEntryOf(db, 11))?.id).toBe(entry.id);
    expect(await fillEntryOf(db, 12)).toBeUndefined();
  });

  it('keeps the fills across a reload (a new connection to the same database)', async () => {
    await fillTray({ tray_id: 11, location_id: 2, quantity: 12, item_id: 100, colour_id: 5 }, db);
    await fillTray({ tray_id: 12, location_id: 3, quantity: 3, item_id: 100, colour_id: 5 }, db);
    db.close();
    db = new WarehouseDb(NAME());
    await db.open();
    const trays = await localTrays(db, 1);
    expect(trays.map((t) => [t.tray_nr, t.status])).toEqual([
      [1, 'filled'],
      [2, 'filled'],
      [3, 'ready for filling'],
    ]);
    expect((await listOutbox(db)).map((e) => e.seq)).toEqual([1, 2]);
    expect(await stockAt(3, 100)).toBe(3);
  });

  it('adds a stand-in stock row where the item was not, until the pulled row replaces it', async () => {
    await fillTray({ tray_id: 13, location_id: 3, quantity: 4, item_id: 300, colour_id: 5 }, db);
    expect(await db.locationContent.get(localStockKey(13))).toMatchObject({ quantity: 4 });
    expect((await localFillView(db, 13))!.quantity_in_warehouse).toBe(4);

    // Still unsent: the stand-in stays.
    expect(await settleLocalStock(db)).toBe(0);
    // The push was applied and the pull brought the server's row: no double count.
    await db.outbox.clear();
    await db.locationContent.put({
      id: 77,
      location_id: 3,
      item_id: 300,
      colour_id: 5,
      quantity: 4,
    });
    expect((await localFillView(db, 13))!.quantity_in_warehouse).toBe(4);
    expect(await settleLocalStock(db)).toBe(1);
    expect(await db.locationContent.get(localStockKey(13))).toBeUndefined();
    expect(await stockAt(3, 300)).toBe(4);
  });

  it('drops the stand-in when the server refused the fill', async () => {
    await fillTray({ tray_id: 13, location_id: 3, quantity: 4, item_id: 300, colour_id: 5 }, db);
    await db.outbox.toCollection().modify({ state: 'rejected', code: 'tray_already_filled' });
    expect(await settleLocalStock(db)).toBe(1);
    expect(await stockAt(3, 300)).toBe(0);
  });

  it('queues an issue report to the chosen managers', async () => {
    await reportFillIssue(
      { location_id: 2, item_id: 100, note: 'Item damaged', manager_id: 3 },
      db,
    );
    const [entry] = await listOutbox(db);
    expect(entry).toMatchObject({
      name: PickingMutation.issue,
      args: { location_id: 2, item_id: 100, manager_id: 3 },
    });
  });
});
