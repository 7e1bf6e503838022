import { beforeAll, describe, expect, it } from 'vitest';
import { OrderMessages } from '../../../contract/orders';
import { describeEachDialect, loginAs } from '../../test/helpers';
import { floorSuite } from '../../test/floor-suite';
import { makeFloor, makeOrder, type Floor } from '../../test/orders-fixture';

describeEachDialect('orders API', (dialect) => {
  const s = floorSuite(dialect, { manager: 'order_manager', picker: 'picker' });
  let pickerId: number;
  let orderId: number;

  beforeAll(async () => {
    pickerId = (await s.f.as('picker')).userId;
    orderId = await makeOrder(s.t.app.db, s.f.companyId, {
      number: 'BL-1001',
      items: [
        [s.f.items.a, 4],
        [s.f.items.b, 2, 1],
      ],
    });
  });

  const get = (url: string, auth?: string) =>
    s.t.app.inject({ method: 'GET', url, headers: auth ? { authorization: auth } : {} });
  const put = (url: string, auth: string, payload: unknown) =>
    s.t.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: auth },
      payload: payload as object,
    });

  describe('GET /order?order_id', () => {
    it('answers the order with every field of an order', async () => {
      const res = await get(`/api/v1/order?order_id=${orderId}`, s.manager);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBe(1);
      expect(body.results[0]).toMatchObject({
        order_id: orderId,
        order_number: 'BL-1001',
        store_platform: 'BRICKLINK',
        status_name: 'PAID',
        picking_status_id: 2,
        picking_status_name: 'UNASSIGNED',
        item_count: 2,
        ordered_total: 6,
        picked_total: 1,
        has_problem: 0,
        picker_issue: null,
        pickable: 1,
        allowed_to_pick: false,
      });
      expect(typeof body.results[0].created_at).toBe('string');
      const asPicker = await get(`/api/v1/order?order_id=${orderId}`, s.picker);
      expect(asPicker.json().results[0].allowed_to_pick).toBe(true);
    });

    it('refuses without a session, for a sales manager, and across companies', async () => {
      expect((await get(`/api/v1/order?order_id=${orderId}`)).statusCode).toBe(401);
      const sales = (await s.f.as('sales_manager')).auth;
      expect((await get(`/api/v1/order?order_id=${orderId}`, sales)).statusCode).toBe(403);
      // Demo Bricks' picker, and an order manager of another company, see none of this order.
      const demoPicker = await loginAs(s.t.app, 'picker@demo.test');
      expect((await get(`/api/v1/order?order_id=${orderId}`, demoPicker)).statusCode).toBe(404);
      const other = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      const otherManager = (await other.as('order_manager')).auth;
      const res = await get(`/api/v1/order?order_id=${orderId}`, otherManager);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].detail).toBe(OrderMessages.orderNotFound);
      expect((await get('/api/v1/order', otherManager)).json().count).toBe(0);
      expect((await get(`/api/v1/order/item?order_id=${orderId}`, otherManager)).statusCode).toBe(
        404,
      );
    });

    it('answers 400, never 500, on a bad id', async () => {
      const res = await get('/api/v1/order?order_id=abc', s.manager);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].detail).toMatch(/order_id/);
    });
  });

  describe('GET /order list', () => {
    let g: Floor;
    let boss: string;
    beforeAll(async () => {
      g = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      boss = (await g.as('order_manager')).auth;
      // 23 orders: ages 0..22 days, item counts and totals varying, every fifth with a problem.
      for (let i = 0; i < 23; i++) {
        const items: [number, number, number?][] = [[g.items.a, 1 + (i % 7), i % 3]];
        if (i % 2 === 0) items.push([g.items.b, 2, 2]);
        if (i % 4 === 0) items.push([g.items.c, 1]);
        await makeOrder(s.t.app.db, g.companyId, {
          number: `N-${String(i).padStart(2, '0')}`,
          createdAt: new Date(Date.UTC(2026, 0, 23 - i)).toISOString(),
          items,
          hasProblem: i % 5 === 0 ? 1 : 0,
        });
      }
    });

    it('pages by 10, oldest first by default', async () => {
      const p1 = (await get('/api/v1/order?page=1', boss)).json();
      expect(p1.count).toBe(23);
      expect(p1.results).toHaveLength(10);
      expect(p1.results[0].order_number).toBe('N-22');
      const p3 = (await get('/api/v1/order?page=3&order_by_age', boss)).json();
      expect(p3.results.map((o: { order_number: string }) => o.order_number)).toEqual([
        'N-02',
        'N-01',
        'N-00',
      ]);
      const small = (await get('/api/v1/order?limit=5&page=2', boss)).json();
      expect(small.results).toHaveLength(5);
      expect(small.results[0].order_number).toBe('N-17');
    });

    it('sorts by each flag, largest first', async () => {
      type O = { item_count: number; ordered_total: number; picked_total: number };
      const all = async (flag: string) => {
        const out: O[] = [];
        for (let page = 1; page <= 3; page++) {
          out.push(...(await get(`/api/v1/order?page=${page}&${flag}`, boss)).json().results);
        }
        return out;
      };
      const desc = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] >= x);
      const byCount = await all('order_by_item_count');
      expect(byCount).toHaveLength(23);
      expect(desc(byCount.map((o) => o.item_count))).toBe(true);
      expect(byCount[0].item_count).toBe(3);
      expect(desc((await all('order_by_ordered_total=1')).map((o) => o.ordered_total))).toBe(true);
      expect(desc((await all('order_by_picked_total=true')).map((o) => o.picked_total))).toBe(true);
      const progress = (await all('order_by_picking_progress')).map(
        (o) => o.picked_total / o.ordered_total,
      );
      expect(desc(progress)).toBe(true);
      expect(progress[0]).toBeGreaterThan(progress[22]);
    });

    it('filters the problem cases', async () => {
      const res = (await get('/api/v1/order?filter_problems', boss)).json();
      expect(res.count).toBe(5);
      expect(res.results.every((o: { has_problem: number }) => o.has_problem === 1)).toBe(true);
    });

    it('refuses two sort flags and a bad page', async () => {
      const two = await get('/api/v1/order?order_by_age&order_by_item_count', boss);
      expect(two.statusCode).toBe(400);
      expect(two.json().errors[0].detail).toBe(OrderMessages.oneSortFlag);
      expect((await get('/api/v1/order?page=0', boss)).statusCode).toBe(400);
      expect((await get('/api/v1/order?limit=1000', boss)).statusCode).toBe(400);
    });
  });

  describe('PUT /order', () => {
    it('changes exactly one field and answers "The order has been updated."', async () => {
      const id = await makeOrder(s.t.app.db, s.f.companyId, { items: [[s.f.items.a, 1]] });
      const url = `/api/v1/order?order_id=${id}`;
      let res = await put(url, s.manager, { has_problem: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('The order has been updated.');
      expect(res.json().order.has_problem).toBe(1);
      res = await put(url, s.manager, { picker_issue: 'Box is damaged' });
      expect(res.json().order.picker_issue).toBe('Box is damaged');
      res = await put(url, s.manager, { picking_status_id: 3 });
      expect(res.json().order.picking_status_name).toBe('PAUSED');
      res = await put(url, s.manager, { picking_status_id: 2 });
      expect(res.json().order.picking_status_id).toBe(2);
      res = await put(url, s.manager, { pickable: 0 });
      expect(res.json().order.pickable).toBe(0);
      res = await put(url, s.manager, { pickable: 1 });
      expect(res.json().order.pickable).toBe(1);
    });

    it('refuses none or several fields', async () => {
      const url = `/api/v1/order?order_id=${orderId}`;
      for (const body of [
        {},
        { has_problem: 1, pickable: 1 },
        { picker_issue: 'x', has_problem: 0 },
      ]) {
        const res = await put(url, s.manager, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].detail).toContain(OrderMessages.exactlyOne);
      }
      expect((await put(url, s.manager, { picking_status_id: 9 })).statusCode).toBe(400);
    });

    it('refuses making an order not pickable unless it is unassigned', async () => {
      const id = await makeOrder(s.t.app.db, s.f.companyId, {
        items: [[s.f.items.a, 1]],
        pickingStatusId: 3,
        claimedBy: pickerId,
      });
      const res = await put(`/api/v1/order?order_id=${id}`, s.manager, { pickable: 0 });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].detail).toBe(
        'Cannot make order not ready for picking, as the order status is not unassigned.',
      );
      const row = await s.t.app.db
        .selectFrom('orders')
        .select('pickable')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.pickable).toBe(1);
    });

    it('lets a picker only finish an order they hold', async () => {
      const id = await makeOrder(s.t.app.db, s.f.companyId, { items: [[s.f.items.a, 1]] });
      expect(
        (await put(`/api/v1/order?order_id=${id}`, s.picker, { has_problem: 1 })).statusCode,
      ).toBe(403);
      expect(
        (await put(`/api/v1/order?order_id=${id}`, s.picker, { picking_status_id: 4 })).statusCode,
      ).toBe(409);
      const sales = (await s.f.as('sales_manager')).auth;
      expect(
        (await put(`/api/v1/order?order_id=${id}`, sales, { has_problem: 1 })).statusCode,
      ).toBe(403);
    });
  });

  describe('items and statuses', () => {
    it('lists the items with image, colour, mould, condition and locations in route order', async () => {
      const id = await makeOrder(s.t.app.db, s.f.companyId, {
        items: [
          [s.f.items.c, 5],
          [s.f.items.d, 1],
        ],
      });
      const res = await get(`/api/v1/order/item?order_id=${id}`, s.picker);
      expect(res.statusCode).toBe(200);
      const [c, d] = res.json().results;
      expect(c).toMatchObject({
        item_id: s.f.items.c,
        image_path: 'https://img.test/Tile 2 x 2.png',
        colour_hex: 'C91A09',
        mold_name: 'Tile 2 x 2',
        condition: 'NEW',
        condition_name: 'New',
        quantity_ordered: 5,
        quantity_picked: 0,
        private_note: '',
        public_note: '',
      });
      expect(c.locations).toEqual([
        {
          location_id: s.f.bins.a1b2,
          location_name: 'Floor > Hall > Aisle 1 > Bin 2',
          code: 'F-A1-B2',
          quantity: 3,
        },
        {
          location_id: s.f.bins.a2b1,
          location_name: 'Floor > Hall > Aisle 2 > Bin 1',
          code: 'F-A2-B1',
          quantity: 4,
        },
      ]);
      expect(d.locations).toEqual([]);
    });

    it('lists the picking and order statuses', async () => {
      const ps = (await get('/api/v1/order/picking_status', s.picker)).json();
      expect(ps).toEqual([
        { picking_status_id: 1, picking_status_name: 'BEING_PICKED' },
        { picking_status_id: 2, picking_status_name: 'UNASSIGNED' },
        { picking_status_id: 3, picking_status_name: 'PAUSED' },
        { picking_status_id: 4, picking_status_name: 'PICKED' },
      ]);
      const os = (await get('/api/v1/order/status', s.manager)).json();
      expect(os[0]).toEqual({ status_id: 1, status_name: 'PENDING' });
      expect((await get('/api/v1/order/status')).statusCode).toBe(401);
    });

    it('answers HEAD /order/unassigned with 200 for floor roles', async () => {
      const res = await s.t.app.inject({
        method: 'HEAD',
        url: '/api/v1/order/unassigned',
        headers: { authorization: s.picker },
      });
      expect(res.statusCode).toBe(200);
      const sales = (await s.f.as('sales_manager')).auth;
      const refused = await s.t.app.inject({
        method: 'HEAD',
        url: '/api/v1/order/unassigned',
        headers: { authorization: sales },
      });
      expect(refused.statusCode).toBe(403);
    });
  });
});
