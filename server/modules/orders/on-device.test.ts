import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/helpers';
import { floorSuite } from '../../test/floor-suite';
import { makeFloor, makeOrder, type Floor } from '../../test/orders-fixture';

describeEachDialect('picks still on a device', (dialect) => {
  const s = floorSuite(dialect);
  let other: Floor;
  let picker: { auth: string; userId: number };
  let manager: string;

  beforeAll(async () => {
    other = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
    picker = await s.f.as('picker', 'Anna');
    manager = (await s.f.as('order_manager')).auth;
  });

  const report = (auth: string, payload: unknown) =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/pending',
      headers: { authorization: auth },
      payload: payload as object,
    });
  const onDevice = async (orderId?: number) => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/order/on_device${orderId ? `?order_id=${orderId}` : ''}`,
      headers: { authorization: manager },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results as { order_id: number; pending_picks: number; user_name: string }[];
  };
  const claimed = (companyId: number, userId: number | null, status = 1) =>
    makeOrder(s.t.app.db, companyId, {
      items: [[s.f.items.a, 3]],
      pickingStatusId: status,
      claimedBy: userId,
    });

  it('keeps the report for orders the caller holds and shows it to the order manager', async () => {
    const device = randomUUID();
    const mine = await claimed(s.f.companyId, picker.userId);
    const unclaimed = await claimed(s.f.companyId, null, 2);
    let res = await report(picker.auth, {
      device_id: device,
      orders: [
        { order_id: mine, pending_picks: 3 },
        { order_id: unclaimed, pending_picks: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kept: [mine], ignored: [unclaimed] });
    const rows = await onDevice(mine);
    expect(rows).toEqual([
      expect.objectContaining({ order_id: mine, pending_picks: 3, user_name: 'Anna' }),
    ]);
    expect(await onDevice(unclaimed)).toEqual([]);

    // The next report replaces it; 0 clears it.
    res = await report(picker.auth, {
      device_id: device,
      orders: [{ order_id: mine, pending_picks: 0 }],
    });
    expect(res.json().kept).toEqual([mine]);
    expect(await onDevice(mine)).toEqual([]);
  });

  it('shows nothing once the order is no longer being picked by that user', async () => {
    const device = randomUUID();
    const mine = await claimed(s.f.companyId, picker.userId);
    await report(picker.auth, {
      device_id: device,
      orders: [{ order_id: mine, pending_picks: 4 }],
    });
    expect(await onDevice(mine)).toHaveLength(1);
    await s.t.app.db
      .updateTable('orders')
      .set({ picking_status_id: 4 })
      .where('id', '=', mine)
      .execute();
    expect(await onDevice(mine)).toEqual([]);
    expect((await onDevice()).some((r) => r.order_id === mine)).toBe(false);
  });

  it("keeps nothing for another company's order or another picker's claim", async () => {
    const device = randomUUID();
    const foreign = await claimed(other.companyId, picker.userId);
    const someoneElse = (await s.f.as('picker', 'Ben')).userId;
    const theirs = await claimed(s.f.companyId, someoneElse);
    const res = await report(picker.auth, {
      device_id: device,
      orders: [
        { order_id: foreign, pending_picks: 5 },
        { order_id: theirs, pending_picks: 5 },
      ],
    });
    expect(res.json()).toEqual({ kept: [], ignored: [foreign, theirs].sort((a, b) => a - b) });
    const stored = await s.t.app.db
      .selectFrom('device_pending')
      .select('order_id')
      .where('device_id', '=', device)
      .execute();
    expect(stored).toEqual([]);
    // The other company's manager sees nothing of this company either.
    const otherManager = (await other.as('order_manager')).auth;
    const mine = await claimed(s.f.companyId, picker.userId);
    await report(picker.auth, {
      device_id: device,
      orders: [{ order_id: mine, pending_picks: 1 }],
    });
    const seen = await s.t.app.inject({
      method: 'GET',
      url: '/api/v1/order/on_device',
      headers: { authorization: otherManager },
    });
    expect(seen.json().results).toEqual([]);
  });

  it('refuses bad reports with 400 and callers without the role with 403/401', async () => {
    for (const bad of [
      {},
      { device_id: 'short', orders: [] },
      { device_id: randomUUID(), orders: [{ order_id: 0, pending_picks: 1 }] },
      { device_id: randomUUID(), orders: [{ order_id: 1, pending_picks: -1 }] },
      { device_id: randomUUID(), orders: [{ order_id: 1, pending_picks: 1.5 }] },
      { device_id: randomUUID(), orders: 'all' },
    ]) {
      expect((await report(picker.auth, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await report(manager, { device_id: randomUUID(), orders: [] })).statusCode).toBe(403);
    const noAuth = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/sync/pending',
      payload: {},
    });
    expect(noAuth.statusCode).toBe(401);
    const pickerReads = await s.t.app.inject({
      method: 'GET',
      url: '/api/v1/order/on_device',
      headers: { authorization: picker.auth },
    });
    expect(pickerReads.statusCode).toBe(403);
  });
});
