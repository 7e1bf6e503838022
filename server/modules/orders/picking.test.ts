import { beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_THANKS, OrderMessages } from '../../../contract/orders';
import { describeEachDialect, requester } from '../../test/helpers';
import { floorSuite } from '../../test/floor-suite';
import { makeFloor, makeOrder, pickedOf, stockAt } from '../../test/orders-fixture';

describeEachDialect('picking API', (dialect) => {
  const s = floorSuite(dialect, { picker: 'picker' });
  let pickerId: number;

  beforeAll(async () => {
    pickerId = (await s.f.as('picker')).userId;
  });

  const call = requester(() => s.t);
  const claim = (orderId: number, auth = s.picker, status: unknown = 'BEING_PICKED') =>
    call('PUT', `/api/v1/order/user?order_id=${orderId}`, auth, { picking_status_id: status });

  describe('claim and pause', () => {
    it('claims with "You have claimed the order", pauses, and claims again', async () => {
      const id = await makeOrder(s.t.app.db, s.f.companyId, { items: [[s.f.items.a, 1]] });
      let res = await claim(id);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('You have claimed the order');
      expect(res.json().order).toMatchObject({
        picking_status_name: 'BEING_PICKED',
        claimed_by_user_id: pickerId,
      });
      res = await claim(id, s.picker, 'PAUSED');
      expect(res.json().order.picking_status_id).toBe(3);
      res = await claim(id, s.picker, 2); // the original client's numeric claim
      expect(res.json().order.picking_status_id).toBe(1);
    });

    it('of 50 pickers claiming one order concurrently, exactly one wins', async () => {
      const id = await makeOrder(s.t.app.db, s.f.companyId, { items: [[s.f.items.a, 1]] });
      const pickers = [];
      for (let i = 0; i < 50; i++) pickers.push(await s.f.as('picker', `racer${i}`));
      const answers = await Promise.all(pickers.map((p) => claim(id, p.auth)));
      const won = answers.filter((r) => r.statusCode === 200);
      const lost = answers.filter((r) => r.statusCode === 409);
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(49);
      expect(lost[0].json().errors[0].detail).toBe(OrderMessages.orderTaken);
      const row = await s.t.app.db
        .selectFrom('orders')
        .select('claimed_by_user_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.claimed_by_user_id).toBe(won[0].json().order.claimed_by_user_id);
    });

    it('refuses a picked, a not pickable and an unknown order, and non-pickers', async () => {
      const picked = await makeOrder(s.t.app.db, s.f.companyId, {
        items: [[s.f.items.a, 1, 1]],
        pickingStatusId: 4,
      });
      expect((await claim(picked)).json().errors[0].detail).toBe(OrderMessages.orderPicked);
      const hidden = await makeOrder(s.t.app.db, s.f.companyId, {
        items: [[s.f.items.a, 1]],
        pickable: 0,
      });
      expect((await claim(hidden)).statusCode).toBe(409);
      expect((await claim(999999)).statusCode).toBe(404);
      const manager = (await s.f.as('order_manager')).auth;
      expect((await claim(hidden, manager)).statusCode).toBe(403);
      const anonymous = await call('PUT', `/api/v1/order/user?order_id=${hidden}`, undefined, {
        picking_status_id: 'BEING_PICKED',
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await claim(hidden, s.picker, 'SHIPPED')).statusCode).toBe(400);
    });

    it('refuses a pause by someone who does not hold the order', async () => {
      const id = await makeOrder(s.t.app.db, s.f.companyId, { items: [[s.f.items.a, 1]] });
      await claim(id);
      const other = (await s.f.as('picker', 'someone else')).auth;
      const res = await claim(id, other, 'PAUSED');
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].detail).toBe(OrderMessages.orderNotClaimed);
    });
  });

  describe('next location', () => {
    it('walks the route by the tree, skips, and answers 210 when done', async () => {
      const id = await makeOrder(s.t.app.db, s.f.companyId, {
        items: [
          [s.f.items.a, 2],
          [s.f.items.b, 1],
          [s.f.items.c, 2],
          [s.f.items.d, 1],
        ],
      });
      await claim(id);
      const next = (q: string) => call('GET', `/api/v1/order/next?order_id=${id}${q}`, s.picker);
      let res = await next('');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        location_id: s.f.bins.a1b1,
        code: 'F-A1-B1',
        location_name: 'Floor > Hall > Aisle 1 > Bin 1',
      });
      expect(res.json().order).toHaveLength(1);
      expect(res.json().order[0]).toMatchObject({
        item_id: s.f.items.b,
        stock: 5,
        to_pick: 1,
        mold_name: 'Plate 1 x 2',
      });
      // From the current location on; B skipped.
      res = await next(`&location_id=${s.f.bins.a1b1}&skipped=${s.f.items.b}`);
      expect(res.json().location_id).toBe(s.f.bins.a1b2);
      expect(res.json().order.map((i: { item_id: number }) => i.item_id)).toEqual([s.f.items.c]);
      res = await next(`&location_id=${s.f.bins.a1b2}&skipped=${s.f.items.b},${s.f.items.c}`);
      expect(res.json().location_id).toBe(s.f.bins.a2b1);
      expect(res.json().order.map((i: { item_id: number }) => i.item_id)).toEqual([s.f.items.a]);
      // Past the last stop, the route wraps around to what is left.
      res = await next(`&location_id=${s.f.bins.a2b1}&skipped=${s.f.items.a},${s.f.items.c}`);
      expect(res.json().location_id).toBe(s.f.bins.a1b1);
      res = await next(`&skipped=${s.f.items.a},${s.f.items.b},${s.f.items.c}`);
      expect(res.statusCode).toBe(210);
      expect(res.body).toBe('');
      expect((await next('&skipped=1,x')).statusCode).toBe(400);
    });
  });

  describe('locations and stock', () => {
    it('answers the breadcrumb with codes and the content of a location', async () => {
      const res = await call(
        'GET',
        `/api/v1/location_crumble?location_id=${s.f.bins.a2b1}`,
        s.picker,
      );
      expect(res.json()).toEqual({
        location_id: s.f.bins.a2b1,
        location_name: 'Floor > Hall > Aisle 2 > Bin 1',
        code: 'F-A2-B1',
        breadcrumb: [
          expect.objectContaining({ name: 'Floor', code: 'F' }),
          expect.objectContaining({ name: 'Hall', code: 'F-H' }),
          expect.objectContaining({ name: 'Aisle 2', code: 'F-A2' }),
          { location_id: s.f.bins.a2b1, name: 'Bin 1', code: 'F-A2-B1' },
        ],
      });
      const content = (
        await call('GET', `/api/v1/location_content?location_id=${s.f.bins.a2b1}`, s.picker)
      ).json();
      expect(content.count).toBe(2);
      expect(content.results.map((r: { item_id: number }) => r.item_id)).toEqual([
        s.f.items.a,
        s.f.items.c,
      ]);
      const other = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      const stranger = (await other.as('picker')).auth;
      expect(
        (await call('GET', `/api/v1/location_crumble?location_id=${s.f.bins.a2b1}`, stranger))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('GET', `/api/v1/location_content?location_id=${s.f.bins.a2b1}`, stranger))
          .statusCode,
      ).toBe(404);
      const sales = (await s.f.as('sales_manager')).auth;
      expect(
        (await call('GET', `/api/v1/location_content?location_id=${s.f.bins.a2b1}`, sales))
          .statusCode,
      ).toBe(403);
    });

    it('changes stock, never below zero, 404 where the item is not', async () => {
      const g = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      const p = (await g.as('picker')).auth;
      const url = `/api/v1/location_content?location_id=${g.bins.a1b1}&item_id=${g.items.b}`;
      let res = await call('POST', url, p, { change: -2 });
      expect(res.statusCode).toBe(200);
      expect(res.json().quantity).toBe(3);
      res = await call('POST', url, p, { change: -4 });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].detail).toBe('You cannot pick more than the current stock');
      expect(await stockAt(s.t.app.db, g.bins.a1b1, g.items.b)).toBe(3);
      res = await call(
        'POST',
        `/api/v1/location_content?location_id=${g.bins.a1b1}&item_id=${g.items.a}`,
        p,
        { change: -1 },
      );
      expect(res.statusCode).toBe(404);
      // Another company's location and item are not there either.
      res = await call(
        'POST',
        `/api/v1/location_content?location_id=${s.f.bins.a1b1}&item_id=${s.f.items.b}`,
        p,
        { change: -1 },
      );
      expect(res.statusCode).toBe(404);
      expect((await call('POST', url, p, { change: 'many' })).statusCode).toBe(400);
    });

    it('20 concurrent picks of 1 on stock 5 apply exactly 5', async () => {
      const g = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      const p = (await g.as('picker')).auth;
      const url = `/api/v1/location_content?location_id=${g.bins.a1b1}&item_id=${g.items.b}`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call('POST', url, p, { change: -1 })),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(15);
      expect(await stockAt(s.t.app.db, g.bins.a1b1, g.items.b)).toBe(0);
    });

    it('records quantity_picked for the holder of the order', async () => {
      const id = await makeOrder(s.t.app.db, s.f.companyId, { items: [[s.f.items.a, 3]] });
      const url = `/api/v1/order/item?order_id=${id}&item_id=${s.f.items.a}`;
      expect((await call('PUT', url, s.picker, { quantity_picked: 2 })).statusCode).toBe(409);
      await claim(id);
      const res = await call('PUT', url, s.picker, { quantity_picked: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('The order has been updated.');
      expect(await pickedOf(s.t.app.db, id, s.f.items.a)).toBe(2);
      const missing = `/api/v1/order/item?order_id=${id}&item_id=${s.f.items.b}`;
      expect((await call('PUT', missing, s.picker, { quantity_picked: 1 })).statusCode).toBe(404);
      expect((await call('PUT', url, s.picker, { quantity_picked: -1 })).statusCode).toBe(400);
    });
  });

  describe('issues', () => {
    it('records a report and answers the thank-you text for each recipient', async () => {
      for (const manager_id of [1, 2, 3] as const) {
        const res = await call('POST', '/api/v1/issue', s.picker, {
          location_id: s.f.bins.a1b1,
          item_id: s.f.items.b,
          note: 'Wrong colour in bin',
          manager_id,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().message).toBe(ISSUE_THANKS[manager_id]);
      }
      const rows = await s.t.app.db
        .selectFrom('issues')
        .selectAll()
        .where('company_id', '=', s.f.companyId)
        .execute();
      expect(rows.map((r) => r.manager_id).sort()).toEqual([1, 2, 3]);
      expect(rows[0]).toMatchObject({
        note: 'Wrong colour in bin',
        reporter_user_id: pickerId,
        solved: 0,
      });
      expect(ISSUE_THANKS[3]).toBe(
        'Thank you, the Warehouse Manager and Order manager have been notified!',
      );
    });

    it('refuses a bad recipient and another company location', async () => {
      expect(
        (await call('POST', '/api/v1/issue', s.picker, { note: 'x', manager_id: 4 })).statusCode,
      ).toBe(400);
      const other = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      const res = await call('POST', '/api/v1/issue', s.picker, {
        location_id: other.bins.a1b1,
        note: 'x',
        manager_id: 1,
      });
      expect(res.statusCode).toBe(404);
    });
  });
});
