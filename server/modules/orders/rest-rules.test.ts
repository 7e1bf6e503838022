import { expect, it } from 'vitest';
import { INT_MAX } from '../../../contract/fields';
import { OrderMessages, overPickMessage } from '../../../contract/orders';
import { describeEachDialect, requester } from '../../test/helpers';
import { floorSuite } from '../../test/floor-suite';
import { makeOrder, pickedOf, stockAt } from '../../test/orders-fixture';

/** The REST picking calls keep the outbox's rules: no stock from a picker, no over-picking. */
describeEachDialect('REST picking rules', (dialect) => {
  const s = floorSuite(dialect, {
    picker: 'picker',
    manager: 'order_manager',
    warehouse: 'warehouse_manager',
  });

  const call = requester(() => s.t);

  it('refuses a picker adding stock; a warehouse manager adds, up to what the column holds', async () => {
    const url = `/api/v1/location_content?location_id=${s.f.bins.a1b1}&item_id=${s.f.items.b}`;
    const before = await stockAt(s.t.app.db, s.f.bins.a1b1, s.f.items.b);
    const add = await call('POST', url, s.picker, { change: 1_000_000 });
    expect(add.statusCode).toBe(403);
    expect(add.json().errors[0].detail).toBe(OrderMessages.pickerAddsNoStock);
    expect(await stockAt(s.t.app.db, s.f.bins.a1b1, s.f.items.b)).toBe(before);

    const ok = await call('POST', url, s.warehouse, { change: 5 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().quantity).toBe(before + 5);

    await s.t.app.db
      .updateTable('location_content')
      .set({ quantity: INT_MAX - 3 })
      .where('location_id', '=', s.f.bins.a1b1)
      .where('item_id', '=', s.f.items.b)
      .execute();
    const over = await call('POST', url, s.warehouse, { change: 5 });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors[0].detail).toBe(OrderMessages.stockTooLarge);
    expect(await stockAt(s.t.app.db, s.f.bins.a1b1, s.f.items.b)).toBe(INT_MAX - 3);
    expect((await call('POST', url, s.warehouse, { change: 1_000_001 })).statusCode).toBe(400);
  });

  it('never sets picked above ordered; a picker only adds to it, a manager corrects', async () => {
    const id = await makeOrder(s.t.app.db, s.f.companyId, { items: [[s.f.items.a, 4]] });
    const claim = await call('PUT', `/api/v1/order/user?order_id=${id}`, s.picker, {
      picking_status_id: 'BEING_PICKED',
    });
    expect(claim.statusCode).toBe(200);
    const url = `/api/v1/order/item?order_id=${id}&item_id=${s.f.items.a}`;

    const huge = await call('PUT', url, s.picker, { quantity_picked: 999_999 });
    expect(huge.statusCode).toBe(409);
    expect(huge.json().errors[0].detail).toBe(overPickMessage(4));
    expect(await pickedOf(s.t.app.db, id, s.f.items.a)).toBe(0);

    expect((await call('PUT', url, s.picker, { quantity_picked: 3 })).statusCode).toBe(200);
    const lower = await call('PUT', url, s.picker, { quantity_picked: 1 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().errors[0].detail).toBe(OrderMessages.pickLowered);
    expect((await call('PUT', url, s.manager, { quantity_picked: 5 })).statusCode).toBe(409);
    expect((await call('PUT', url, s.manager, { quantity_picked: 1 })).statusCode).toBe(200);
    expect(await pickedOf(s.t.app.db, id, s.f.items.a)).toBe(1);
    expect((await call('PUT', url, s.picker, { quantity_picked: 4 })).statusCode).toBe(200);
    expect(await pickedOf(s.t.app.db, id, s.f.items.a)).toBe(4);
  });
});
