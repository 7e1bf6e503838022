import { expect, it } from 'vitest';
import { describeEachDialect } from '../test/helpers';
import { addStore, drain } from '../test/jobs';
import { lotOf, setStock, stockSyncSuite, storeItem, syncNow } from '../test/stock-sync';

describeEachDialect('stock sync', (dialect) => {
  const s = stockSyncSuite(dialect);

  it('a sale on one store lowers the other; a picked order is sent with the next upload', async () => {
    const a = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const b = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const x = s.part();
    const y = s.part();
    await setStock(s.t.app, s.demo, x, 10);
    await setStock(s.t.app, s.demo, y, 4);
    await s.upload([a, b], [{ itemId: x, quantity: 10 }]);
    expect(await s.blQuantity(a, x)).toBe(10);
    expect(await s.boQuantity(b, x)).toBe(10);

    // BrickLink sells 3 and takes them off its lot; order intake brings the order in.
    await s.sellOnBrickLink(a, x, 3, { orderId: 9200001, buyer: 'Bo Buyer' });
    expect(await s.blQuantity(a, x)).toBe(7); // not taken off a second time
    expect(await s.boQuantity(b, x)).toBe(7); // held back for the order
    expect(await storeItem(s.t.app, a, x)).toMatchObject({ store_quantity: 7, listed_quantity: 7 });

    // The order is picked: stock and the order's wait go down together; nothing to send.
    const order = await s.t.app.db
      .selectFrom('orders')
      .select('id')
      .where('order_number', '=', '9200001')
      .executeTakeFirstOrThrow();
    await s.t.app.db
      .updateTable('order_items')
      .set({ quantity_picked: 3 })
      .where('order_id', '=', order.id)
      .execute();
    await setStock(s.t.app, s.demo, x, 7);
    const calls = s.bl.calls + s.bo.requests;
    expect((await syncNow(s.t.app, s.syncer)).statusCode).toBe(202);
    await drain(s.runner);
    expect(s.bl.calls + s.bo.requests).toBe(calls);

    // Stock found broken: 2 fewer. The next s.upload (of another item) sends that too.
    await setStock(s.t.app, s.demo, x, 5);
    await s.upload([a], [{ itemId: y, quantity: 4 }]);
    expect(await s.blQuantity(a, x)).toBe(5);
    expect(await s.blQuantity(a, y)).toBe(4);
    expect(await storeItem(s.t.app, a, x)).toMatchObject({ listed_quantity: 5, needs_upload: 0 });
  });

  it('an edited price and notes reach the lot; a lot set to 0 is taken off the store', async () => {
    const a = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const b = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const x = s.part();
    await setStock(s.t.app, s.demo, x, 6);
    await s.upload([a, b], [{ itemId: x, quantity: 6 }]);
    for (const store of [a, b]) {
      const si = await storeItem(s.t.app, store, x);
      const res = await s.t.app.inject({
        method: 'PUT',
        url: '/api/v1/stock_store_item',
        headers: { authorization: s.syncer },
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
    const sync = await syncNow(s.t.app, s.syncer);
    expect(sync.statusCode, sync.body).toBe(202);
    expect(sync.json().jobs.map((j: { store_id: number }) => j.store_id)).toEqual(
      expect.arrayContaining([a, b]),
    );
    await drain(s.runner);
    const blLot = s.bl.inventory.get(Number(await lotOf(s.t.app, a, x)))!;
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
    const boLot = s.bo.lots.get((await lotOf(s.t.app, b, x))!)!;
    expect(boLot).toMatchObject({ quantity: '4', price: '1.500', public_note: 'Like new' });
    expect(await storeItem(s.t.app, a, x)).toMatchObject({ needs_upload: 0, listed_quantity: 4 });

    const blLotId = Number(await lotOf(s.t.app, a, x));
    const boLotId = (await lotOf(s.t.app, b, x))!;
    await setStock(s.t.app, s.demo, x, 0);
    await syncNow(s.t.app, s.syncer);
    await drain(s.runner);
    expect(s.bl.inventory.has(blLotId)).toBe(false);
    expect(s.bo.lots.has(boLotId)).toBe(false);
    expect(await lotOf(s.t.app, a, x)).toBeUndefined();
  });
});
