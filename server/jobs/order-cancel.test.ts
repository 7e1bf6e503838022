import { expect, it } from 'vitest';
import { PickingStatus } from '../../contract/orders';
import { describeEachDialect } from '../test/helpers';
import { setStock, stockSyncSuite, storeItem } from '../test/stock-sync';
import { STOCK_SYNC } from './stock-sync';
import { addStore } from '../test/jobs';

/** A marketplace order cancelled before it was picked gives its stock back to every store. */
describeEachDialect('order intake: a cancelled order gives its stock back', (dialect) => {
  const s = stockSyncSuite(dialect);
  let nextOrder = 9300001;

  /** BrickLink sells `quantity` of the item from the store's lot; the intake imports the order. */
  const sellOnBrickLink = async (store: number, itemId: number, quantity: number) => {
    const orderId = nextOrder++;
    await s.sellOnBrickLink(store, itemId, quantity, { orderId, buyer: 'Cas Canceller' });
    return orderId;
  };
  const orderRow = (number: number) =>
    s.t.app.db
      .selectFrom('orders')
      .select(['id', 'has_problem', 'picker_issue'])
      .where('order_number', '=', String(number))
      .executeTakeFirstOrThrow();
  const stockSyncsSince = async (jobId: number) =>
    s.t.app.db
      .selectFrom('jobs')
      .select(['store_id', 'created_by_user_id', 'status'])
      .where('kind', '=', STOCK_SYNC)
      .where('company_id', '=', s.demo)
      .where('id', '>', jobId)
      .orderBy('store_id')
      .execute();
  const lastJob = async () =>
    Number(
      (
        await s.t.app.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    );

  it('raises the offers back on every store once the cancellation is imported, never above what was on sale', async () => {
    const a = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const b = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const c = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const x = s.part();
    await setStock(s.t.app, s.demo, x, 10);
    await s.upload([a, b], [{ itemId: x, quantity: 10 }]);
    await s.upload([c], [{ itemId: x, quantity: 2 }]); // a person put only 2 on sale there

    const order = await sellOnBrickLink(a, x, 3);
    expect(await s.blQuantity(a, x)).toBe(7);
    expect(await s.boQuantity(b, x)).toBe(7); // held back for the order
    expect(await s.boQuantity(c, x)).toBe(2);

    s.bl.setOrderStatus(order, 'CANCELLED');
    const before = await lastJob();
    await s.intake(a);
    expect(await orderRow(order)).toMatchObject({
      has_problem: 1,
      picker_issue: 'Cancelled on the store',
    });
    // The intake queued a stock sync of every store, as the schedule does (no person, no cap).
    const syncs = await stockSyncsSince(before);
    expect(syncs.map((j) => Number(j.store_id)).filter((id) => [a, b, c].includes(id))).toEqual([
      a,
      b,
      c,
    ]);
    for (const j of syncs) expect(j).toMatchObject({ created_by_user_id: null, status: 'done' });
    // BrickLink's lot gets the 3 back, BrickOwl's offer goes back up; the store where a person
    // chose 2 stays at 2.
    expect(await s.blQuantity(a, x)).toBe(10);
    expect(await s.boQuantity(b, x)).toBe(10);
    expect(await s.boQuantity(c, x)).toBe(2);
    expect(await storeItem(s.t.app, a, x)).toMatchObject({
      store_quantity: 10,
      listed_quantity: 10,
      needs_upload: 0,
    });
    expect(await storeItem(s.t.app, b, x)).toMatchObject({ store_quantity: 10, held_back: 0 });

    // Reading the same cancellation again gives nothing back a second time.
    await s.intake(a);
    expect(await s.blQuantity(a, x)).toBe(10);
    expect(await s.boQuantity(b, x)).toBe(10);
  });

  it('leaves stock alone when the cancelled order was already picked', async () => {
    const a = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const b = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const y = s.part();
    await setStock(s.t.app, s.demo, y, 6);
    await s.upload([a, b], [{ itemId: y, quantity: 6 }]);
    const order = await sellOnBrickLink(a, y, 2);
    expect(await s.boQuantity(b, y)).toBe(4);
    // Picked: the 2 left the shelves.
    const { id } = await orderRow(order);
    await s.t.app.db
      .updateTable('order_items')
      .set({ quantity_picked: 2 })
      .where('order_id', '=', id)
      .execute();
    await s.t.app.db
      .updateTable('orders')
      .set({ picking_status_id: PickingStatus.PICKED })
      .where('id', '=', id)
      .execute();
    await setStock(s.t.app, s.demo, y, 4);

    s.bl.setOrderStatus(order, 'CANCELLED');
    const before = await lastJob();
    await s.intake(a);
    expect(await stockSyncsSince(before)).toEqual([]);
    expect(await s.blQuantity(a, y)).toBe(4);
    expect(await s.boQuantity(b, y)).toBe(4);
    expect(await storeItem(s.t.app, a, y)).toMatchObject({ store_quantity: 4, needs_upload: 0 });
  });
});
