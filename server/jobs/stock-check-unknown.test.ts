import { expect, it } from 'vitest';
import { UnknownLotMessages as M, type UnknownLotRow } from '../../contract/unknown-lots';
import type { App } from '../app';
import { nowIso } from '../db/dialect';
import { itemsWithLooks } from '../db/item-joins';
import { describeEachDialect, detail } from '../test/helpers';
import { addStore, bricklinkParts, drain } from '../test/jobs';
import { bearerFor } from '../test/locations-support';
import { lotOf, setStock, stockSyncSuite, storeItem, syncNow } from '../test/stock-sync';

const checkNow = (app: App, auth: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/stock_check',
    headers: { authorization: auth },
    payload: {},
  });

const unknownLots = async (app: App, auth: string): Promise<UnknownLotRow[]> => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/unknown_store_lots',
    headers: { authorization: auth },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ results: UnknownLotRow[] }>().results;
};

const act = (app: App, auth: string, action: 'adopt' | 'remove', id: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/unknown_store_lots/${action}`,
    headers: { authorization: auth },
    payload: { id },
  });

describeEachDialect('stock check: lots the warehouse does not know', (dialect) => {
  const s = stockSyncSuite(dialect);

  let taken = 0;
  /**
   * A NEW part no order holds, of its own mould and colour (the suite's part() hands out the
   * lowest ids; these come from the other end): a lot of it maps back to exactly this item.
   */
  const newPart = async () => {
    const row = await bricklinkParts(s.t.app, s.demo)
      .clearOrderBy()
      .select('i.id')
      .where('i.condition', '=', 'NEW')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('order_items as oi').select('oi.id').whereRef('oi.item_id', '=', 'i.id'),
          ),
        ),
      )
      .orderBy('i.id', 'desc')
      .limit(1)
      .offset(taken++)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  /** The item's BrickLink number, colour and condition. */
  const looksOf = (itemId: number) =>
    itemsWithLooks(s.t.app.db)
      .select(['m.bl_mold_id', 'c.bl_colour_id', 'm.name', 'c.name as colour'])
      .where('i.id', '=', itemId)
      .executeTakeFirstOrThrow();

  it('lists them; a person adopts one (kept by later syncs) or removes one from the store', async () => {
    const a = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const b = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const [x, y, z] = [await newPart(), await newPart(), await newPart()];
    await setStock(s.t.app, s.demo, x, 10);
    await s.t.app.db.deleteFrom('location_content').where('item_id', '=', y).execute();
    await setStock(s.t.app, s.demo, z, 2);
    await s.upload([a, b], [{ itemId: x, quantity: 10 }]);

    // Lots put on the stores by hand: y and a part the catalog lacks on BrickLink, another lot
    // of x there (x already has its lot), and z on BrickOwl.
    const [ly, lz] = [await looksOf(y), await looksOf(z)];
    const blLot = (no: string, colour: number, quantity: number, condition: string) => {
      const id = 880_000 + s.bl.inventory.size;
      s.bl.inventory.set(id, {
        inventory_id: id,
        item: { no, type: 'PART' },
        color_id: colour,
        quantity,
        new_or_used: condition === 'NEW' ? 'N' : 'U',
        unit_price: '0.3000',
        description: 'From the attic',
        remarks: 'Shelf 9',
      });
      return String(id);
    };
    const yLot = blLot(ly.bl_mold_id!, Number(ly.bl_colour_id), 4, 'NEW');
    // Kept in stockroom B, with two tiers and a sale: adopted, the store item keeps them.
    Object.assign(s.bl.inventory.get(Number(yLot))!, {
      is_stock_room: true,
      stock_room_id: 'B',
      tier_quantity1: 10,
      tier_price1: '0.2500',
      tier_quantity2: 20,
      tier_price2: '0.2000',
      sale_rate: 5,
    });
    const strange = blLot('zz-not-a-part', 5, 2, 'NEW');
    const lx = await looksOf(x);
    const xAgain = blLot(lx.bl_mold_id!, Number(lx.bl_colour_id), 3, 'NEW');
    await s.t.app.db
      .insertInto('brickowl_items')
      .values({ bl_item_no: lz.bl_mold_id!, item_type: 'P', boid: '771344', checked_at: nowIso() })
      .execute();
    const zLot = 'bo-lot-z';
    s.bo.lots.set(zLot, {
      lot_id: zLot,
      boid: '771344',
      color_id: String(s.bo.colourFor(Number(lz.bl_colour_id))),
      quantity: '5',
      price: '0.400',
      condition: 'new',
      for_sale: '1',
      public_note: '',
      personal_note: 'Box 3',
    });

    const calls = s.bl.calls;
    expect((await checkNow(s.t.app, s.syncer)).statusCode).toBe(202);
    await drain(s.runner);
    expect(s.bl.calls).toBe(calls + 1); // a listing, nothing changed
    const stages = await s.t.app.db
      .selectFrom('jobs')
      .select(['store_id', 'stage', 'status'])
      .where('kind', '=', 'stock_check')
      .orderBy('id')
      .execute();
    expect(stages.map((j) => [Number(j.store_id), j.status, j.stage])).toEqual([
      [a, 'done', 'Checked 4 lots: 0 differences, 3 lots the warehouse does not know'],
      [b, 'done', 'Checked 2 lots: 0 differences, 1 lot the warehouse does not know'],
    ]);

    const listed = await unknownLots(s.t.app, s.syncer);
    const byLot = new Map(listed.map((l) => [l.lot_id, l]));
    expect([...byLot.keys()].sort()).toEqual([strange, xAgain, yLot, zLot].sort());
    expect(byLot.get(yLot)).toMatchObject({
      store_id: a,
      platform: 'BRICKLINK',
      quantity: 4,
      price: 300,
      item_id: y,
      in_warehouse: 0,
      status: 'open',
      words: `${ly.bl_mold_id} ${ly.name} in ${ly.colour} (new)`,
    });
    expect(byLot.get(strange)).toMatchObject({
      item_id: null,
      words: 'zz-not-a-part (P) in BrickLink colour 5 (new)',
    });
    expect(byLot.get(zLot)).toMatchObject({ store_id: b, item_id: z, in_warehouse: 2, price: 400 });

    // Only bricksyncers, only the company's lots, only ids.
    const picker = await bearerFor(s.t.app, 'Demo Bricks', ['picker']);
    expect((await act(s.t.app, picker, 'adopt', byLot.get(yLot)!.id)).statusCode).toBe(403);
    const other = await bearerFor(s.t.app, 'Other Bricks', ['bricksyncer']);
    for (const action of ['adopt', 'remove'] as const) {
      const foreign = await act(s.t.app, other, action, byLot.get(yLot)!.id);
      expect(foreign.statusCode).toBe(404);
      expect(detail(foreign)).toBe(M.notFound);
      for (const bad of ['abc', 0, -1, 1.5, 2 ** 31, null]) {
        expect((await act(s.t.app, s.syncer, action, bad)).statusCode, String(bad)).toBe(400);
      }
    }
    expect((await unknownLots(s.t.app, other)).map((l) => l.lot_id)).not.toContain(yLot);

    // Adopted: y's lot is now the store's item, stock kept elsewhere (the warehouse holds none).
    const adopted = await act(s.t.app, s.syncer, 'adopt', byLot.get(yLot)!.id);
    expect(adopted.statusCode, adopted.body).toBe(200);
    expect(adopted.json()).toMatchObject({ status: 'adopted', item_id: y });
    expect(await storeItem(s.t.app, a, y)).toMatchObject({
      external_lot_id: yLot,
      store_quantity: 4,
      listed_quantity: 4,
      store_price: 300,
      note_public: 'From the attic',
      note_private: 'Shelf 9',
      needs_upload: 0,
      stock_elsewhere: 1,
      stockroom: 'B',
      tier_price: '10:250,20:200',
      sale_rate: 5,
      bulk_size: 1,
      retain: 0,
    });
    const again = await act(s.t.app, s.syncer, 'adopt', byLot.get(yLot)!.id);
    expect([again.statusCode, detail(again)]).toEqual([409, M.notOpen]);
    // No item for the strange lot; x has its lot on the store already.
    const noItem = await act(s.t.app, s.syncer, 'adopt', byLot.get(strange)!.id);
    expect([noItem.statusCode, detail(noItem)]).toEqual([
      409,
      M.noItem(strange, byLot.get(strange)!.words),
    ]);
    const taken = await act(s.t.app, s.syncer, 'adopt', byLot.get(xAgain)!.id);
    expect([taken.statusCode, detail(taken)]).toEqual([
      409,
      M.taken(xAgain, (await lotOf(s.t.app, a, x))!),
    ]);
    // z is adopted while the warehouse holds 2 of it: the warehouse's stock, kept to what it can sell.
    expect((await act(s.t.app, s.syncer, 'adopt', byLot.get(zLot)!.id)).statusCode).toBe(200);
    expect(await storeItem(s.t.app, b, z)).toMatchObject({ stock_elsewhere: 0, store_quantity: 5 });

    // Removed: the strange lot and the second lot of x leave BrickLink with the stock sync.
    const removal = await act(s.t.app, s.syncer, 'remove', byLot.get(strange)!.id);
    expect(removal.statusCode, removal.body).toBe(202);
    expect(removal.json()).toMatchObject({
      lot: { status: 'removing' },
      jobs: [{ kind: 'stock_sync', store_id: a }],
    });
    expect((await act(s.t.app, s.syncer, 'remove', byLot.get(xAgain)!.id)).statusCode).toBe(202);
    expect((await act(s.t.app, s.syncer, 'adopt', byLot.get(strange)!.id)).statusCode).toBe(409);
    expect((await unknownLots(s.t.app, s.syncer)).map((l) => [l.lot_id, l.status]).sort()).toEqual(
      [
        [strange, 'removing'],
        [xAgain, 'removing'],
      ].sort(),
    );
    expect((await syncNow(s.t.app, s.syncer)).statusCode).toBe(202);
    await drain(s.runner);
    expect(s.bl.inventory.has(Number(strange))).toBe(false);
    expect(s.bl.inventory.has(Number(xAgain))).toBe(false);
    expect(await unknownLots(s.t.app, s.syncer)).toEqual([]);
    // The syncs kept the adopted lot of stock kept elsewhere, and lowered z's to the warehouse's 2.
    expect(await s.blQuantity(a, y)).toBe(4);
    expect(await s.boQuantity(b, z)).toBe(2);
    expect(await s.blQuantity(a, x)).toBe(10);

    // A second check finds nothing the warehouse does not know.
    expect((await checkNow(s.t.app, s.syncer)).statusCode).toBe(202);
    await drain(s.runner);
    const last = await s.t.app.db
      .selectFrom('jobs')
      .select(['store_id', 'stage'])
      .where('kind', '=', 'stock_check')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(last.map((j) => j.stage).sort()).toEqual([
      'Checked 2 lots: 0 differences',
      'Checked 2 lots: 0 differences',
    ]);
  });

  it('a lot an upload is still settling is not reported; a lot gone from the store is dropped', async () => {
    // One fake holds every store's lots: only this test's store looks at them.
    await s.t.app.db.deleteFrom('stores').where('credentials', '<>', '').execute();
    s.bl.inventory.clear();
    const a = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const x = s.part();
    await setStock(s.t.app, s.demo, x, 3);
    await s.upload([a], [{ itemId: x, quantity: 3 }]);
    const lx = await looksOf(x);
    // A lot carrying the mark of a job item still `sent`: its upload finds it by the mark.
    const sent = await s.t.app.db
      .selectFrom('job_items')
      .select('id')
      .where('store_id', '=', a)
      .executeTakeFirstOrThrow();
    await s.t.app.db
      .updateTable('job_items')
      .set({ state: 'sent' })
      .where('id', '=', sent.id)
      .execute();
    const lot = (id: number, remarks: string) =>
      s.bl.inventory.set(id, {
        inventory_id: id,
        item: { no: lx.bl_mold_id!, type: 'PART' },
        color_id: Number(lx.bl_colour_id),
        quantity: 1,
        new_or_used: 'N',
        unit_price: '0.1000',
        remarks,
      });
    lot(990_001, `Bin 2 [bw-${sent.id}]`);
    lot(990_002, 'By hand');
    await checkNow(s.t.app, s.syncer);
    await drain(s.runner);
    expect((await unknownLots(s.t.app, s.syncer)).map((l) => l.lot_id)).toEqual(['990002']);

    s.bl.inventory.delete(990_002);
    await checkNow(s.t.app, s.syncer);
    await drain(s.runner);
    expect(await unknownLots(s.t.app, s.syncer)).toEqual([]);
    await s.t.app.db
      .updateTable('job_items')
      .set({ state: 'done' })
      .where('id', '=', sent.id)
      .execute();
  });
});
