import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { PickingMutation } from '../../../contract/mutations/picking';
import type { NextResponse } from '../../../contract/orders';
import { appSuite } from '../../test/app-suite';
import { describeEachDialect } from '../../test/helpers';
import { syncDevice } from '../../test/sync-device';

describeEachDialect('picking a demo order end to end', (dialect) => {
  const s = appSuite(dialect, { picker: 'picker@demo.test', manager: 'orders@demo.test' });

  const get = (url: string, auth: string) =>
    s.t.app.inject({ method: 'GET', url, headers: { authorization: auth } });

  it('lists the demo orders for the manager and the pickable ones for the picker', async () => {
    const all = (await get('/api/v1/order', s.manager)).json();
    expect(all.count).toBeGreaterThanOrEqual(20);
    expect(new Set(all.results.map((o: { store_platform: string }) => o.store_platform)).size).toBe(
      2,
    );
    const toPick = (await get('/api/v1/order?to_pick&limit=100', s.picker)).json();
    expect(toPick.count).toBeGreaterThan(0);
    expect(toPick.count).toBeLessThan(all.count);
    expect(toPick.results.every((o: { allowed_to_pick: boolean }) => o.allowed_to_pick)).toBe(true);
  });

  it('claims, walks the route picking everything, and finishes with status 4', async () => {
    const toPick = (await get('/api/v1/order?to_pick&limit=100', s.picker)).json();
    const order = toPick.results.find(
      (o: { picking_status_id: number }) => o.picking_status_id === 2,
    );
    const orderId: number = order.order_id;
    const device = syncDevice(() => s.t, `demo-${randomUUID()}`);
    const push = async (name: string, args: unknown) =>
      (await device.push(s.picker, [device.entry(name, args)]))[0];
    expect((await push(PickingMutation.claim, { order_id: orderId })).status).toBe('applied');

    let location = '';
    const visited: string[] = [];
    for (let step = 0; step < 50; step++) {
      const res = await get(`/api/v1/order/next?order_id=${orderId}${location}`, s.picker);
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
    const after = (await get(`/api/v1/order?order_id=${orderId}`, s.manager)).json().results[0];
    expect(after.picking_status_id).toBe(4);
    expect(after.picked_total).toBe(after.ordered_total);
  });
});
