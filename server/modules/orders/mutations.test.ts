import { beforeEach, describe, expect, it } from 'vitest';
import { OrderMessages } from '../../../contract/orders';
import { PickingMutation, PickingRejectCode } from '../../../contract/mutations/picking';
import { describeEachDialect, loginAs } from '../../test/helpers';
import { floorSuite } from '../../test/floor-suite';
import {
  makeFloor,
  makeOrder,
  orderItemId,
  pickedOf,
  stockAt,
  versionOf,
} from '../../test/orders-fixture';
import { syncDevice, tombstoneKeys, type Envelope, type SyncDevice } from '../../test/sync-device';
import { companyId } from '../../test/locations-support';

describeEachDialect('picking outbox mutations', (dialect) => {
  const s = floorSuite(dialect, { picker: 'picker' });
  let device: SyncDevice;
  beforeEach(() => {
    device = syncDevice(() => s.t);
  });

  const m = (name: string, args: unknown) => device.entry(name, args);
  const push = (mutations: Envelope[], auth = s.picker) => device.push(auth, mutations);
  const claimed = async (items: [number, number, number?][], auth = s.picker) => {
    const id = await makeOrder(s.t.app.db, s.f.companyId, { items });
    const [r] = await push([m(PickingMutation.claim, { order_id: id })], auth);
    expect(r.status).toBe('applied');
    return id;
  };
  const pick = async (orderId: number, itemId: number, locationId: number, quantity: number) =>
    m(PickingMutation.pick, {
      order_id: orderId,
      order_item_id: await orderItemId(s.t.app.db, orderId, itemId),
      location_id: locationId,
      quantity,
    });
  const version = (table: 'orders' | 'order_items' | 'location_content', id: number) =>
    versionOf(s.t.app.db, table, id);

  describe('pick.confirm.v1', () => {
    it('takes the stock and records the pick in one go, bumping every version', async () => {
      const g = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      const p = (await g.as('picker')).auth;
      const id = await makeOrder(s.t.app.db, g.companyId, { items: [[g.items.c, 5]] });
      await push([m(PickingMutation.claim, { order_id: id })], p);
      const oi = await orderItemId(s.t.app.db, id, g.items.c);
      const stockRow = await s.t.app.db
        .selectFrom('location_content')
        .select('id')
        .where('location_id', '=', g.bins.a1b2)
        .where('item_id', '=', g.items.c)
        .executeTakeFirstOrThrow();
      const before = [
        await version('orders', id),
        await version('order_items', oi),
        await version('location_content', stockRow.id),
      ];
      const [r] = await push(
        [
          m(PickingMutation.pick, {
            order_id: id,
            order_item_id: oi,
            location_id: g.bins.a1b2,
            quantity: 2,
          }),
        ],
        p,
      );
      expect(r).toEqual({ id: r.id, status: 'applied' });
      expect(await stockAt(s.t.app.db, g.bins.a1b2, g.items.c)).toBe(1);
      expect(await pickedOf(s.t.app.db, id, g.items.c)).toBe(2);
      const after = [
        await version('orders', id),
        await version('order_items', oi),
        await version('location_content', stockRow.id),
      ];
      after.forEach((v, i) => expect(v).toBeGreaterThan(before[i]));
      expect(new Set(after).size).toBe(1);
    });

    it('applies the same mutation once, pushed twice and pushed concurrently', async () => {
      const id = await claimed([[s.f.items.a, 5]]);
      const start = await stockAt(s.t.app.db, s.f.bins.a2b1, s.f.items.a);
      const once = await pick(id, s.f.items.a, s.f.bins.a2b1, 1);
      const first = await push([once]);
      const again = await push([once]);
      expect(again).toEqual(first);
      const twice = await pick(id, s.f.items.a, s.f.bins.a2b1, 1);
      const answers = await Promise.all(Array.from({ length: 6 }, () => push([twice])));
      expect(answers.every((a) => a[0].status === 'applied')).toBe(true);
      expect(await stockAt(s.t.app.db, s.f.bins.a2b1, s.f.items.a)).toBe(start - 2);
      expect(await pickedOf(s.t.app.db, id, s.f.items.a)).toBe(2);
    });

    it('20 concurrent picks of 1 on stock 5 apply exactly 5, never below zero', async () => {
      const g = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      const p = (await g.as('picker')).auth;
      const id = await makeOrder(s.t.app.db, g.companyId, { items: [[g.items.b, 30]] });
      await push([m(PickingMutation.claim, { order_id: id })], p);
      const picks = await Promise.all(
        Array.from({ length: 20 }, () => pick(id, g.items.b, g.bins.a1b1, 1)),
      );
      const answers = (await Promise.all(picks.map((x) => push([x], p)))).map((a) => a[0]);
      expect(answers.filter((a) => a.status === 'applied')).toHaveLength(5);
      const refused = answers.filter((a) => a.status === 'rejected');
      expect(refused).toHaveLength(15);
      expect(refused[0]).toMatchObject({
        code: PickingRejectCode.stockInsufficient,
        message: 'You cannot pick more than the current stock',
      });
      expect(await stockAt(s.t.app.db, g.bins.a1b1, g.items.b)).toBe(0);
      expect(await pickedOf(s.t.app.db, id, g.items.b)).toBe(5);
    });

    it('rejects an over-pick, a wrong location, and a pick without the claim, changing nothing', async () => {
      const id = await claimed([[s.f.items.c, 2]]);
      const stock = await stockAt(s.t.app.db, s.f.bins.a1b2, s.f.items.c);
      const [over, wrong, other] = await push([
        await pick(id, s.f.items.c, s.f.bins.a1b2, 3),
        await pick(id, s.f.items.c, s.f.bins.a1b1, 1),
        await pick(id, s.f.items.c, 999999, 1),
      ]);
      expect(over).toMatchObject({ status: 'rejected', code: PickingRejectCode.overPick });
      expect(over.message).toContain('2 left');
      expect(wrong).toMatchObject({
        status: 'rejected',
        code: PickingRejectCode.notAtLocation,
        message: 'This is not the right location.',
      });
      expect(other.code).toBe(PickingRejectCode.notAtLocation);
      const someoneElse = (await s.f.as('picker', 'not the holder')).auth;
      const [notMine] = await push([await pick(id, s.f.items.c, s.f.bins.a1b2, 1)], someoneElse);
      expect(notMine).toMatchObject({
        code: PickingRejectCode.orderNotClaimed,
        message: OrderMessages.orderNotClaimed,
      });
      expect(await stockAt(s.t.app.db, s.f.bins.a1b2, s.f.items.c)).toBe(stock);
      expect(await pickedOf(s.t.app.db, id, s.f.items.c)).toBe(0);
    });

    it('sends the refused rows to the device again, so its optimistic guesses are replaced', async () => {
      const id = await claimed([[s.f.items.c, 2]]);
      const pulled = async (collection: string, cursor: number) => {
        const res = await s.t.app.inject({
          method: 'GET',
          url: `/api/v1/sync/pull?collection=${collection}&cursor=${cursor}&limit=5000`,
          headers: { authorization: s.picker },
        });
        expect(res.statusCode).toBe(200);
        return res.json() as { rows: Record<string, unknown>[]; cursor: number };
      };
      const cursor = (await pulled('location_content', 0)).cursor;
      const [over] = await push([await pick(id, s.f.items.c, s.f.bins.a1b2, 3)]);
      expect(over.status).toBe('rejected');
      const stock = await pulled('location_content', cursor);
      expect(stock.rows).toEqual([
        expect.objectContaining({ location_id: s.f.bins.a1b2, item_id: s.f.items.c }),
      ]);
      const items = await pulled('order_items', cursor);
      expect(items.rows.map((r) => r.id)).toEqual([await orderItemId(s.t.app.db, id, s.f.items.c)]);
    });

    it('rejects an item of another order and bad args without crashing the batch', async () => {
      const id = await claimed([[s.f.items.a, 1]]);
      const elsewhere = await makeOrder(s.t.app.db, s.f.companyId, { items: [[s.f.items.a, 1]] });
      const foreignItem = await orderItemId(s.t.app.db, elsewhere, s.f.items.a);
      const results = await push([
        m(PickingMutation.pick, {
          order_id: id,
          order_item_id: foreignItem,
          location_id: s.f.bins.a2b1,
          quantity: 1,
        }),
        m(PickingMutation.pick, { order_id: id, quantity: -1 }),
        await pick(id, s.f.items.a, s.f.bins.a2b1, 1),
      ]);
      expect(results.map((r) => r.code ?? r.status)).toEqual([
        PickingRejectCode.itemNotInOrder,
        'invalid_args',
        'applied',
      ]);
    });
  });

  describe('claim, pause, finish, issue', () => {
    it('gives a claim to one of two devices and tells the other who has it', async () => {
      const id = await makeOrder(s.t.app.db, s.f.companyId, { items: [[s.f.items.a, 1]] });
      const rival = (await s.f.as('picker', 'rival')).auth;
      const [a, b] = await Promise.all([
        push([m(PickingMutation.claim, { order_id: id })]),
        push([m(PickingMutation.claim, { order_id: id })], rival),
      ]);
      const results = [a[0], b[0]];
      expect(results.filter((r) => r.status === 'applied')).toHaveLength(1);
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({
        code: PickingRejectCode.orderTaken,
        message: 'Someone else is already picking this order.',
      });
    });

    it('finishes with 4 when everything was picked, else 3, and tombstones a picked order', async () => {
      const full = await claimed([[s.f.items.b, 1]]);
      const part = await claimed([[s.f.items.a, 2]]);
      const results = await push([
        await pick(full, s.f.items.b, s.f.bins.a1b1, 1),
        m(PickingMutation.finish, { order_id: full }),
        await pick(part, s.f.items.a, s.f.bins.a2b1, 1),
        m(PickingMutation.finish, { order_id: part }),
      ]);
      expect(results.every((r) => r.status === 'applied')).toBe(true);
      const status = async (id: number) =>
        (
          await s.t.app.db
            .selectFrom('orders')
            .select('picking_status_id')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).picking_status_id;
      expect(await status(full)).toBe(4);
      expect(await status(part)).toBe(3);
      const tomb = await tombstoneKeys(s.t, s.f.companyId, 'orders');
      expect(tomb).toContain(String(full));
      expect(tomb).not.toContain(String(part));
    });

    it('pauses the held order and refuses to pause someone else’s', async () => {
      const id = await claimed([[s.f.items.a, 1]]);
      const [paused] = await push([m(PickingMutation.pause, { order_id: id })]);
      expect(paused.status).toBe('applied');
      const [refused] = await push(
        [m(PickingMutation.pause, { order_id: id })],
        (await s.f.as('picker', 'x')).auth,
      );
      expect(refused.code).toBe(PickingRejectCode.orderNotClaimed);
    });

    it('records a reported issue once', async () => {
      const report = m(PickingMutation.issue, {
        location_id: s.f.bins.a1b1,
        item_id: s.f.items.b,
        note: 'Missing: bin empty',
        manager_id: 3,
      });
      await push([report]);
      await push([report]);
      const rows = await s.t.app.db
        .selectFrom('issues')
        .select('note')
        .where('note', '=', 'Missing: bin empty')
        .execute();
      expect(rows).toHaveLength(1);
      const sales = (await s.f.as('sales_manager')).auth;
      const [refused] = await push([m(PickingMutation.issue, { note: 'x', manager_id: 1 })], sales);
      expect(refused.code).toBe('forbidden');
    });

    it("links a filler's report to its tray, and only to a tray of the reporter's company", async () => {
      const demo = await companyId(s.t.app, 'Demo Bricks');
      const tray = await s.t.app.db
        .selectFrom('trays')
        .select(['id', 'item_id'])
        .where('company_id', '=', demo)
        .executeTakeFirstOrThrow();
      const demoPicker = await loginAs(s.t.app, 'picker@demo.test');
      const report = m(PickingMutation.issue, {
        tray_id: tray.id,
        note: 'Tray holds the wrong colour',
        manager_id: 1,
      });
      expect((await push([report], demoPicker))[0].status).toBe('applied');
      const row = await s.t.app.db
        .selectFrom('issues')
        .select(['tray_id', 'company_id'])
        .where('note', '=', 'Tray holds the wrong colour')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ tray_id: tray.id, company_id: demo });

      const [foreign] = await push([
        m(PickingMutation.issue, { tray_id: tray.id, note: 'not mine', manager_id: 1 }),
      ]);
      expect(foreign).toMatchObject({ status: 'rejected', code: PickingRejectCode.trayNotFound });
    });
  });

  describe('pull collections', () => {
    it('gives a picker open orders, their items with names, locations with codes, and stock', async () => {
      const g = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      const p = (await g.as('picker')).auth;
      const open = await makeOrder(s.t.app.db, g.companyId, { items: [[g.items.a, 1]] });
      await makeOrder(s.t.app.db, g.companyId, { items: [[g.items.b, 1, 1]], pickingStatusId: 4 });
      const pull = async (collection: string, auth = p) =>
        (
          await s.t.app.inject({
            method: 'GET',
            url: `/api/v1/sync/pull?collection=${collection}`,
            headers: { authorization: auth },
          })
        ).json();
      const orders = await pull('orders');
      expect(orders.rows.map((r: { order_id: number }) => r.order_id)).toEqual([open]);
      expect(orders.rows[0]).toMatchObject({
        id: open,
        ordered_total: 1,
        picked_total: 0,
        picking_status_id: 2,
      });
      const items = await pull('order_items');
      expect(items.rows).toHaveLength(1);
      expect(items.rows[0]).toMatchObject({
        order_id: open,
        item_id: g.items.a,
        mold_name: 'Brick 2 x 4',
        colour_hex: 'C91A09',
      });
      const locations = await pull('locations');
      expect(locations.rows).toHaveLength(7);
      expect(locations.rows.find((r: { code: string }) => r.code === 'F-A1-B2')).toMatchObject({
        location_id: g.bins.a1b2,
        name: 'Bin 2',
      });
      expect((await pull('location_content')).rows).toHaveLength(4);
      const moulds = await pull('moulds');
      expect(moulds.rows.map((r: { name: string }) => r.name).sort()).toEqual([
        'Brick 2 x 4',
        'Plate 1 x 2',
        'Slope 45',
        'Tile 2 x 2',
      ]);
      expect((await pull('colours')).rows.length).toBeGreaterThan(0);

      // Claim, pick everything and finish: the order leaves the device's open orders.
      const cursor = orders.cursor;
      await push([m(PickingMutation.claim, { order_id: open })], p);
      await push(
        [
          await pick(open, g.items.a, g.bins.a2b1, 1),
          m(PickingMutation.finish, { order_id: open }),
        ],
        p,
      );
      const later = (
        await s.t.app.inject({
          method: 'GET',
          url: `/api/v1/sync/pull?collection=orders&cursor=${cursor}`,
          headers: { authorization: p },
        })
      ).json();
      expect(later.rows).toEqual([]);
      expect(later.tombstones).toEqual([open]);
      const sales = (await g.as('sales_manager')).auth;
      expect(
        (
          await s.t.app.inject({
            method: 'GET',
            url: '/api/v1/sync/pull?collection=orders',
            headers: { authorization: sales },
          })
        ).statusCode,
      ).toBe(403);
    });
  });
});
