import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { PickingMutation, PickingRejectCode } from '../../contract/mutations/picking';
import { appSuite } from '../test/app-suite';
import { describeEachDialect } from '../test/helpers';
import { makeFloor, makeOrder, orderItemId, pickedOf, stockAt } from '../test/orders-fixture';

type Result = { id: string; status: string; code?: string };

/**
 * Pushes of one company that arrive together go in one transaction, and the single picks of
 * several pickers in it are applied at once: each picker still gets the answer of confirming the
 * picks one at a time, and the stock never goes below zero.
 */
describeEachDialect('pushes of many pickers at once', (dialect) => {
  const s = appSuite(dialect);

  /** `pickers` pickers of one floor, each holding an order of 3 × item a (10 in stock at a2b1). */
  async function pickersWithOrders(pickers: number) {
    const f = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
    const crew: { order: number; pickTwo: () => Promise<Result> }[] = [];
    for (let i = 0; i < pickers; i++) {
      const { auth } = await f.as('picker', `picker ${i}`);
      const order = await makeOrder(s.t.app.db, f.companyId, { items: [[f.items.a, 3]] });
      const device = `device-${randomUUID()}`;
      let seq = 0;
      const push = async (name: string, args: unknown) => {
        const res = await s.t.app.inject({
          method: 'POST',
          url: '/api/v1/sync/push',
          headers: { authorization: auth },
          payload: { device_id: device, mutations: [{ id: randomUUID(), seq: ++seq, name, args }] },
        });
        expect(res.statusCode).toBe(200);
        return (res.json().results as Result[])[0];
      };
      expect((await push(PickingMutation.claim, { order_id: order })).status).toBe('applied');
      const pick = {
        order_id: order,
        order_item_id: await orderItemId(s.t.app.db, order, f.items.a),
        location_id: f.bins.a2b1,
        quantity: 2,
      };
      crew.push({ order, pickTwo: () => push(PickingMutation.pick, pick) });
    }
    const picked = async () => {
      let sum = 0;
      for (const c of crew) sum += await pickedOf(s.t.app.db, c.order, f.items.a);
      return sum;
    };
    return { crew, picked, stock: () => stockAt(s.t.app.db, f.bins.a2b1, f.items.a) };
  }

  it('applies every picker’s pick when the stock holds them all', async () => {
    const { crew, picked, stock } = await pickersWithOrders(4);
    const results = await Promise.all(crew.map((c) => c.pickTwo()));
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(await picked()).toBe(8);
    expect(await stock()).toBe(2);
  });

  it('refuses exactly the picks the stock cannot hold, and applies the others', async () => {
    const { crew, picked, stock } = await pickersWithOrders(7);
    const results = await Promise.all(crew.map((c) => c.pickTwo()));
    const applied = results.filter((r) => r.status === 'applied');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(applied).toHaveLength(5);
    expect(refused.map((r) => r.code)).toEqual([
      PickingRejectCode.stockInsufficient,
      PickingRejectCode.stockInsufficient,
    ]);
    expect(await picked()).toBe(10);
    expect(await stock()).toBe(0);
  });
});
