import { beforeAll, expect, it } from 'vitest';
import type { BlOrderItem } from '../marketplaces/bricklink/types';
import { describeEachDialect } from '../test/helpers';
import { addStore, bricklinkParts, drain, requestOrderIntake } from '../test/jobs';
import { marketplaceSuite } from '../test/marketplace-suite';

/** Order intake following orders it imported before, as buyers and sellers move them on. */
describeEachDialect('order intake: statuses of imported orders', (dialect) => {
  const s = marketplaceSuite(dialect);
  /** One line of a NEW part the demo company keeps. */
  let line: BlOrderItem;

  beforeAll(async () => {
    const part = await bricklinkParts(s.t.app, s.demo)
      .select(['m.bl_mold_id', 'c.bl_colour_id'])
      .where('i.condition', '=', 'NEW')
      .executeTakeFirstOrThrow();
    line = {
      inventory_id: 1,
      item: { no: part.bl_mold_id!, type: 'PART' },
      color_id: Number(part.bl_colour_id),
      quantity: 2,
      new_or_used: 'N',
      unit_price: '0.1000',
    };
  });

  const intake = async (store_id: number) => {
    const res = await requestOrderIntake(s.t.app, s.syncer, store_id);
    expect(res.statusCode, res.body).toBe(202);
    await drain(s.runner);
  };
  const addBlOrder = (id: number, status: string, items: BlOrderItem[] = []) =>
    s.bl.addOrder(
      {
        order_id: id,
        date_ordered: new Date(Date.UTC(2026, 10, 20) + id * 1000).toISOString(),
        buyer_name: 'Bea Buyer',
        status,
        total_count: items.length,
        unique_count: items.length,
      },
      [items],
    );
  const order = (number: string) =>
    s.t.app.db
      .selectFrom('orders as o')
      .innerJoin('order_statuses as st', 'st.id', 'o.status_id')
      .select(['o.id', 'st.name as status', 'o.pickable', 'o.has_problem', 'o.picker_issue'])
      .select(['o.picking_status_id', 'o.version'])
      .where('o.order_number', '=', number)
      .executeTakeFirstOrThrow();
  const pull = async (collection: string, cursor = 0) => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/sync/pull?collection=${collection}&cursor=${cursor}&limit=5000`,
      headers: { authorization: s.picker },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rows: Record<string, unknown>[]; tombstones: number[]; cursor: number };
  };

  it('takes a cancelled order off the floor, and shows the problem to the picker holding one', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    addBlOrder(9200001, 'PAID', [line]);
    addBlOrder(9200002, 'PAID', [line]);
    addBlOrder(9200003, 'PAID');
    await intake(store);
    const free = await order('9200001');
    const held = await order('9200002');
    expect(free).toMatchObject({ status: 'PAID', pickable: 1, has_problem: 0 });
    const claim = await s.t.app.inject({
      method: 'PUT',
      url: `/api/v1/order/user?order_id=${held.id}`,
      headers: { authorization: s.picker },
      payload: { picking_status_id: 'BEING_PICKED' },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    const orderCursor = (await pull('orders')).cursor;
    const itemCursor = (await pull('order_items')).cursor;
    const freeItems = (await pull('order_items')).rows.filter((r) => r.order_id === free.id);
    expect(freeItems).toHaveLength(1);

    s.bl.setOrderStatus(9200001, 'CANCELLED');
    s.bl.setOrderStatus(9200002, 'CANCELLED');
    s.bl.orders.delete(9200003); // the store no longer knows it: left as it is
    const calls = s.bl.calls;
    await intake(store);
    // The listing, then each of the three read on its own (none is listed as open any more).
    expect(s.bl.calls).toBe(calls + 4);

    const after = await order('9200001');
    expect(after).toMatchObject({
      status: 'CANCELLED',
      pickable: 0,
      has_problem: 1,
      picker_issue: 'Cancelled on the store',
      picking_status_id: 2,
    });
    expect(after.version).toBeGreaterThan(free.version);
    expect(await order('9200002')).toMatchObject({
      status: 'CANCELLED',
      pickable: 1,
      has_problem: 1,
      picker_issue: 'Cancelled on the store',
      picking_status_id: 1,
    });
    expect(await order('9200003')).toMatchObject({ status: 'PAID', has_problem: 0 });

    // The pickers' devices learn it on their next pull: the free order leaves with its items,
    // the held one comes with its problem.
    const orders = await pull('orders', orderCursor);
    expect(orders.tombstones).toContain(free.id);
    expect(orders.rows.find((r) => r.id === held.id)).toMatchObject({
      status_name: 'CANCELLED',
      has_problem: 1,
      picker_issue: 'Cancelled on the store',
    });
    expect((await pull('order_items', itemCursor)).tombstones).toContain(freeItems[0].id);

    // Cancelled orders are no longer followed; the unknown one is asked again.
    const again = s.bl.calls;
    await intake(store);
    expect(s.bl.calls).toBe(again + 2);
  });

  it('takes a status change the listing shows without another call', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    addBlOrder(9300001, 'PENDING');
    await intake(store);
    const before = await order('9300001');
    expect(before.status).toBe('PENDING');
    const cursor = (await pull('orders')).cursor;

    s.bl.setOrderStatus(9300001, 'PAID');
    const calls = s.bl.calls;
    await intake(store);
    expect(s.bl.calls).toBe(calls + 1);
    const after = await order('9300001');
    expect(after).toMatchObject({ status: 'PAID', pickable: 1, has_problem: 0 });
    expect(after.version).toBeGreaterThan(before.version);
    const rows = (await pull('orders', cursor)).rows;
    expect(rows.find((r) => r.id === after.id)).toMatchObject({ status_name: 'PAID' });
  });

  it('reads at most 50 orders a run, oldest first; the rest wait for the next run', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const ids = Array.from({ length: 60 }, (_, n) => 9400001 + n);
    for (const id of ids) addBlOrder(id, 'PAID');
    let calls = s.bl.calls;
    await intake(store);
    expect(s.bl.calls).toBe(calls + 1 + 60); // the listing and each new order's items

    for (const id of ids) s.bl.setOrderStatus(id, 'CANCELLED');
    calls = s.bl.calls;
    await intake(store);
    expect(s.bl.calls).toBe(calls + 1 + 50);
    const statuses = async () =>
      Promise.all(ids.map(async (id) => (await order(String(id))).status));
    expect(await statuses()).toEqual([
      ...Array<string>(50).fill('CANCELLED'),
      ...Array<string>(10).fill('PAID'),
    ]);

    calls = s.bl.calls;
    await intake(store);
    expect(s.bl.calls).toBe(calls + 1 + 10);
    expect(await statuses()).toEqual(Array<string>(60).fill('CANCELLED'));
  });

  it('goes on where the last run stopped, so orders the store no longer knows hold up none', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const ids = Array.from({ length: 55 }, (_, n) => 9500001 + n);
    for (const id of ids) addBlOrder(id, 'PAID');
    await intake(store);
    for (const id of ids.slice(0, 50)) s.bl.orders.delete(id);
    for (const id of ids.slice(50)) s.bl.setOrderStatus(id, 'CANCELLED');
    const calls = s.bl.calls;
    await intake(store); // the 50 oldest: unknown to the store
    await intake(store); // the 5 newer first
    expect(s.bl.calls).toBe(calls + 2 * (1 + 50));
    for (const id of ids.slice(50)) expect((await order(String(id))).status).toBe('CANCELLED');
    expect((await order(String(ids[0]))).status).toBe('PAID');
  });

  it('reads a BrickOwl order the listing no longer names with order/view', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const boOrder = (order_id: string, order_date: string) =>
      s.bo.addOrder({ order_id, order_date, status: 'Payment Received' }, []);
    boOrder('4500001', '1763632800');
    boOrder('4500002', '1763632900');
    await intake(store);
    expect(await order('4500001')).toMatchObject({ status: 'PAID', pickable: 1 });

    // The older one is cancelled and falls out of the listing (BrickOwl lists its newest orders);
    // the newer one is cancelled in plain sight.
    s.bo.setOrderStatus('4500001', 'Cancelled');
    s.bo.setOrderStatus('4500002', 'Cancelled');
    s.bo.listLimit = 1;
    try {
      const requests = s.bo.requests;
      await intake(store);
      expect(s.bo.requests).toBe(requests + 2); // the listing and one order/view
    } finally {
      s.bo.listLimit = 500;
    }
    for (const number of ['4500001', '4500002']) {
      expect(await order(number)).toMatchObject({
        status: 'CANCELLED',
        pickable: 0,
        has_problem: 1,
        picker_issue: 'Cancelled on the store',
      });
    }
  });
});
