import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeBrickLink, type FakeBrickLink } from '../../tests/support/fake-bricklink';
import { startFakeBrickOwl, type FakeBrickOwl } from '../../tests/support/fake-brickowl';
import { nowIso } from '../db/dialect';
import { createTestApp, describeEachDialect, type TestApp } from '../test/helpers';
import { bearerFor, companyId } from '../test/locations-support';
import { JobKilled, queueUpload, type JobRunner } from '.';
import {
  addStore,
  drain,
  giveBrickOwlColours,
  lapseLease,
  syncBatchOf,
  testRunner,
} from './test-support';
import { lotOf, setStock, storeItem, syncNow } from './stock-sync-support';

describeEachDialect('stock sync', (dialect) => {
  let t: TestApp;
  let bl: FakeBrickLink;
  let bo: FakeBrickOwl;
  let syncer: string;
  let demo: number;
  let runner: JobRunner;
  /** Part items both marketplaces can take, not used by another test of this file. */
  let parts: number[];
  let next = 0;
  const part = () => parts[next++];
  const urls = () => ({ bricklink: bl.url, brickowl: bo.url });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    bl = await startFakeBrickLink();
    bo = await startFakeBrickOwl({ lookup: (id) => [`bo-${id}`] });
    syncer = await bearerFor(t.app, 'Demo Bricks', ['bricksyncer']);
    demo = await companyId(t.app, 'Demo Bricks');
    await giveBrickOwlColours(t.app);
    const rows = await t.app.db
      .selectFrom('items as i')
      .innerJoin('moulds as m', 'm.id', 'i.mold_id')
      .innerJoin('colours as c', 'c.id', 'i.colour_id')
      .select('i.id')
      .where('i.company_id', '=', demo)
      .where('m.type_id', '=', 2)
      .where('m.bl_mold_id', 'is not', null)
      .where('c.bl_colour_id', 'is not', null)
      // Items no order of the demo data holds back.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('order_items as oi').select('oi.id').whereRef('oi.item_id', '=', 'i.id'),
          ),
        ),
      )
      .orderBy('i.id')
      .limit(20)
      .execute();
    parts = rows.map((r) => Number(r.id));
    runner = testRunner(t.app, urls());
  });
  afterAll(async () => {
    await bl.close();
    await bo.close();
    await t.close();
  });

  const upload = async (stores: number[], lots: { itemId: number; quantity: number }[]) => {
    const batch = await syncBatchOf(
      t.app,
      demo,
      lots.map((l) => ({ ...l, price: 250 })),
    );
    await queueUpload(t.app.db, demo, batch, null, stores);
    await drain(runner);
  };
  const blQuantity = async (store: number, itemId: number) =>
    bl.inventory.get(Number(await lotOf(t.app, store, itemId)))?.quantity;
  const boQuantity = async (store: number, itemId: number) => {
    const lot = bo.lots.get((await lotOf(t.app, store, itemId))!);
    return lot ? Number(lot.quantity) : undefined;
  };

  it('a sale on one store lowers the other; a picked order is sent with the next upload', async () => {
    const a = await addStore(t.app, syncer, 'BRICKLINK');
    const b = await addStore(t.app, syncer, 'BRICKOWL');
    const x = part();
    const y = part();
    await setStock(t.app, demo, x, 10);
    await setStock(t.app, demo, y, 4);
    await upload([a, b], [{ itemId: x, quantity: 10 }]);
    expect(await blQuantity(a, x)).toBe(10);
    expect(await boQuantity(b, x)).toBe(10);

    // BrickLink sells 3 and takes them off its lot; order intake brings the order in.
    const lotId = Number(await lotOf(t.app, a, x));
    bl.inventory.get(lotId)!.quantity -= 3;
    const item = await t.app.db
      .selectFrom('items as i')
      .innerJoin('moulds as m', 'm.id', 'i.mold_id')
      .innerJoin('colours as c', 'c.id', 'i.colour_id')
      .select(['m.bl_mold_id', 'c.bl_colour_id'])
      .where('i.id', '=', x)
      .executeTakeFirstOrThrow();
    bl.addOrder(
      {
        order_id: 9200001,
        date_ordered: nowIso(),
        buyer_name: 'Bo Buyer',
        status: 'PAID',
        total_count: 3,
        unique_count: 1,
      },
      [
        [
          {
            inventory_id: lotId,
            item: { no: item.bl_mold_id!, type: 'PART' },
            color_id: Number(item.bl_colour_id),
            quantity: 3,
            new_or_used: 'N',
            unit_price: '0.2500',
          },
        ],
      ],
    );
    const intake = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order_intake',
      headers: { authorization: syncer },
      payload: { store_id: a },
    });
    expect(intake.statusCode, intake.body).toBe(202);
    await drain(runner); // the intake queues the stores' stock syncs
    expect(await blQuantity(a, x)).toBe(7); // not taken off a second time
    expect(await boQuantity(b, x)).toBe(7); // held back for the order
    expect(await storeItem(t.app, a, x)).toMatchObject({ store_quantity: 7, listed_quantity: 7 });

    // The order is picked: stock and the order's wait go down together; nothing to send.
    const order = await t.app.db
      .selectFrom('orders')
      .select('id')
      .where('order_number', '=', '9200001')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('order_items')
      .set({ quantity_picked: 3 })
      .where('order_id', '=', order.id)
      .execute();
    await setStock(t.app, demo, x, 7);
    const calls = bl.calls + bo.requests;
    expect((await syncNow(t.app, syncer)).statusCode).toBe(202);
    await drain(runner);
    expect(bl.calls + bo.requests).toBe(calls);

    // Stock found broken: 2 fewer. The next upload (of another item) sends that too.
    await setStock(t.app, demo, x, 5);
    await upload([a], [{ itemId: y, quantity: 4 }]);
    expect(await blQuantity(a, x)).toBe(5);
    expect(await blQuantity(a, y)).toBe(4);
    expect(await storeItem(t.app, a, x)).toMatchObject({ listed_quantity: 5, needs_upload: 0 });
  });

  it('an edited price and notes reach the lot; a lot set to 0 is taken off the store', async () => {
    const a = await addStore(t.app, syncer, 'BRICKLINK');
    const b = await addStore(t.app, syncer, 'BRICKOWL');
    const x = part();
    await setStock(t.app, demo, x, 6);
    await upload([a, b], [{ itemId: x, quantity: 6 }]);
    for (const store of [a, b]) {
      const si = await storeItem(t.app, store, x);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/stock_store_item',
        headers: { authorization: syncer },
        payload: {
          id: si.id,
          item_id: x,
          store_quantity: 4,
          store_price: 1500,
          tier_price: '10:1400,20:1300,50:1200',
          bulk_size: 2,
          note_public: 'Like new',
          note_private: 'Bin 7',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ waiting: true });
    }
    const sync = await syncNow(t.app, syncer);
    expect(sync.statusCode, sync.body).toBe(202);
    expect(sync.json().jobs.map((j: { store_id: number }) => j.store_id)).toEqual(
      expect.arrayContaining([a, b]),
    );
    await drain(runner);
    const blLot = bl.inventory.get(Number(await lotOf(t.app, a, x)))!;
    expect(blLot).toMatchObject({
      quantity: 4,
      unit_price: '1.5000',
      description: 'Like new',
      remarks: 'Bin 7',
      bulk: 2,
      tier_quantity1: 10,
      tier_price1: '1.4000',
      tier_quantity3: 50,
    });
    const boLot = bo.lots.get((await lotOf(t.app, b, x))!)!;
    expect(boLot).toMatchObject({ quantity: '4', price: '1.500', public_note: 'Like new' });
    expect(await storeItem(t.app, a, x)).toMatchObject({ needs_upload: 0, listed_quantity: 4 });

    const blLotId = Number(await lotOf(t.app, a, x));
    const boLotId = (await lotOf(t.app, b, x))!;
    await setStock(t.app, demo, x, 0);
    await syncNow(t.app, syncer);
    await drain(runner);
    expect(bl.inventory.has(blLotId)).toBe(false);
    expect(bo.lots.has(boLotId)).toBe(false);
    expect(await lotOf(t.app, a, x)).toBeUndefined();
  });

  for (const platform of ['BRICKLINK', 'BRICKOWL'] as const) {
    it(`${platform}: a change whose answer was lost is checked on the store and never sent twice`, async () => {
      const a = await addStore(t.app, syncer, platform);
      const x = part();
      const y = part();
      const quantity = (itemId: number) =>
        platform === 'BRICKLINK' ? blQuantity(a, itemId) : boQuantity(a, itemId);
      await setStock(t.app, demo, x, 9);
      await setStock(t.app, demo, y, 5);
      await upload(
        [a],
        [
          { itemId: x, quantity: 9 },
          { itemId: y, quantity: 5 },
        ],
      );
      await setStock(t.app, demo, x, 6);
      await setStock(t.app, demo, y, 2);
      const [job] = (await syncNow(t.app, syncer, a)).json().jobs as { id: number }[];
      const dying = testRunner(t.app, urls(), {
        afterStep: () => {
          throw new JobKilled();
        },
      });
      expect(await dying.runOnce()).toBe(true);
      expect(await quantity(x)).toBe(6); // sent…
      expect(await storeItem(t.app, a, x)).toMatchObject({
        sending_quantity: 6,
        listed_quantity: 9,
      });
      await lapseLease(t.app, job.id);
      await drain(runner);
      expect(await quantity(x)).toBe(6); // …and not again
      expect(await quantity(y)).toBe(2);
      for (const itemId of [x, y]) {
        expect(await storeItem(t.app, a, itemId)).toMatchObject({
          sending_quantity: null,
          needs_upload: 0,
        });
      }
      expect((await storeItem(t.app, a, x)).listed_quantity).toBe(6);
    });
  }

  it('a change the store refuses becomes a stock issue and is not sent again', async () => {
    const b = await addStore(t.app, syncer, 'BRICKOWL');
    const x = part();
    await setStock(t.app, demo, x, 3);
    await upload([b], [{ itemId: x, quantity: 3 }]);
    await t.app.db
      .updateTable('store_items')
      .set({ store_price: 0, needs_upload: 1 })
      .where('store_id', '=', b)
      .execute();
    const [job] = (await syncNow(t.app, syncer, b)).json().jobs as { id: number }[];
    await drain(runner);
    const row = await t.app.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed' });
    expect(row.error).toBe('1 of 1 changes could not be sent: see Stock issues');
    const problem = await t.app.db
      .selectFrom('stock_item_errors')
      .select(['description', 'item_id'])
      .where('store_id', '=', b)
      .executeTakeFirstOrThrow();
    expect(problem).toMatchObject({ item_id: x });
    expect(problem.description).toMatch(/^BrickOwl refused the change: /);
    expect(await storeItem(t.app, b, x)).toMatchObject({ needs_upload: 0 });
  });

  it('an upload of an item the store already lists, or lists twice, adds to its lot', async () => {
    const a = await addStore(t.app, syncer, 'BRICKLINK');
    const x = part();
    await setStock(t.app, demo, x, 20);
    await upload([a], [{ itemId: x, quantity: 5 }]);
    const lots = bl.inventory.size;
    await upload([a], [{ itemId: x, quantity: 8 }]);
    expect(bl.inventory.size).toBe(lots);
    expect(await blQuantity(a, x)).toBe(13);
    expect(await storeItem(t.app, a, x)).toMatchObject({ store_quantity: 13, listed_quantity: 13 });

    // An item a batch holds twice becomes one lot on a store that did not list it.
    const b = await addStore(t.app, syncer, 'BRICKOWL');
    const before = bo.lots.size;
    await upload(
      [b],
      [
        { itemId: x, quantity: 3 },
        { itemId: x, quantity: 4 },
      ],
    );
    expect(bo.lots.size).toBe(before + 1);
    expect(await boQuantity(b, x)).toBe(7);
  });

  it('the request answers by role, company and credentials', async () => {
    const picker = await bearerFor(t.app, 'Demo Bricks', ['picker']);
    const other = await bearerFor(t.app, 'Other Bricks', ['bricksyncer']);
    const a = await addStore(t.app, syncer, 'BRICKLINK');
    expect((await syncNow(t.app, picker, a)).statusCode).toBe(403);
    const foreign = await syncNow(t.app, other, a);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].detail).toBe('Store not found');
    const bare = await t.app.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '=', demo)
      .where('credentials', '=', '')
      .executeTakeFirstOrThrow();
    expect((await syncNow(t.app, syncer, bare.id)).statusCode).toBe(400);
    const twice = [await syncNow(t.app, syncer, a), await syncNow(t.app, syncer, a)];
    expect(twice[0].json().jobs[0].id).toBe(twice[1].json().jobs[0].id);
    await drain(runner);
  });
});
