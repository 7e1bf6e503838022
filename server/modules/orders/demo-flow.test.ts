import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PickingMutation } from '../../../contract/mutations/picking';
import type { NextResponse } from '../../../contract/orders';
import { createTestApp, describeEachDialect, loginAs, type TestApp } from '../../test/helpers';
import { syncDevice } from '../../test/sync-device';

describeEachDialect('picking a demo order end to end', (dialect) => {
  let t: TestApp;
  let picker: string;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    picker = await loginAs(t.app, 'picker@demo.test');
    manager = await loginAs(t.app, 'orders@demo.test');
  });
  afterAll(() => t.close());

  const get = (url: string, auth: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: auth } });

  it('lists the demo orders for the manager and the pickable ones for the picker', async () => {
    const all = (await get('/api/v1/order', manager)).json();
    expect(all.count).toBeGreaterThanOrEqual(20);
    expect(new Set(all.results.map((o: { store_platform: string }) => o.store_platform)).size).toBe(
      2,
    );
    const toPick = (await get('/api/v1/order?to_pick&limit=100', picker)).json();
    expect(toPick.count).toBeGreaterThan(0);
    expect(toPick.count).toBeLessThan(all.count);
    expect(toPick.results.every((o: { allowed_to_pick: boolean }) => o.allowed_to_pick)).toBe(true);
  });

  it('claims, walks the route picking everything, and finishes with status 4', async () => {
    const toPick = (await get('/api/v1/order?to_pick&limit=100', picker)).json();
    const order = toPick.results.find(
      (o: { picking_status_id: number }) => o.picking_status_id === 2,
    );
    const orderId: number = order.order_id;
    const device = syncDevice(() => t, `demo-${randomUUID()}`);
    const push = async (name: string, args: unknown) =>
      (await device.push(picker, [device.entry(name, args)]))[0];
    expect((await push(PickingMutation.claim, { order_id: orderId })).status).toBe('applied');

    let location = '';
    const visited: string[] = [];
    for (let step = 0; step < 50; step++) {
      const res = await get(`/api/v1/order/next?order_id=${orderId}${location}`, picker);
      if (res.statusCode === 210) break;
      expect(res.statusCode).toBe(200);
      const stop = res.json() as NextResponse;
      visited.push(stop.code);
      for (const item of stop.order) {
        const quantity = Math.min(item.to_pick, item.stock);
        const r = await push(PickingMutation.pick, {
          order_id: orderId,
          order_item_id: item.order_item_id,
          location_id: stop.location_id,
          quantity,
        });
        expect(r.status).toBe('applied');
      }
      location = `&location_id=${stop.location_id}`;
    }
    expect(visited.length).toBeGreaterThan(0);
    expect([...visited].sort()).toEqual(visited); // demo codes sort in route order
    expect((await push(PickingMutation.finish, { order_id: orderId })).status).toBe('applied');
    const after = (await get(`/api/v1/order?order_id=${orderId}`, manager)).json().results[0];
    expect(after.picking_status_id).toBe(4);
    expect(after.picked_total).toBe(after.ordered_total);
  });
});
