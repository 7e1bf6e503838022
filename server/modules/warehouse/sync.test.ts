import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { FillingMutation } from '../../../contract/mutations/filling';
import { PickingMutation } from '../../../contract/mutations/picking';
import { WarehouseMessages } from '../../../contract/warehouse';
import { describeEachDialect } from '../../test/helpers';
import { floorSuite } from '../../test/floor-suite';
import { makeFloor } from '../../test/orders-fixture';
import { syncDevice, type Envelope } from '../../test/sync-device';
import { makeBatch, stockOf, trayRow } from '../../test/warehouse-fixture';

describeEachDialect('filling outbox and trays collection', (dialect) => {
  const s = floorSuite(dialect, { filler: 'picker' });

  const device = syncDevice(() => s.t);
  const m = device.entry;
  const push = (mutations: Envelope[], auth = s.filler) => device.push(auth, mutations);
  const pull = (cursor = 0, auth = s.filler) =>
    device.pull<{ rows: Record<string, unknown>[]; tombstones: number[]; cursor: number }>(
      auth,
      'trays',
      cursor,
    );

  it('tray.fill.v1 pushed twice (a lost answer) adds the bricks once', async () => {
    const { trayIds } = await makeBatch(s.t.app.db, s.f.companyId, {
      trays: [
        [s.f.items.d, 8],
        [s.f.items.d, 1],
      ],
    });
    const before = await stockOf(s.t.app.db, s.f.bins.a2b1, s.f.items.d);
    const fill = m(FillingMutation.fill, { tray_id: trayIds[0], location_id: s.f.bins.a2b1 });
    expect(await push([fill])).toEqual([{ id: fill.id, status: 'applied' }]);
    expect(await push([fill])).toEqual([{ id: fill.id, status: 'applied' }]);
    expect(await stockOf(s.t.app.db, s.f.bins.a2b1, s.f.items.d)).toBe(before + 8);
    expect((await trayRow(s.t.app.db, trayIds[0])).status).toBe('filled');

    // A second device (or a colleague) filling the same tray is refused, with the reason.
    const other = m(FillingMutation.fill, { tray_id: trayIds[0], location_id: s.f.bins.a1b1 });
    expect(await push([other])).toEqual([
      {
        id: other.id,
        status: 'rejected',
        code: 'tray_already_filled',
        message: WarehouseMessages.trayAlreadyFilled,
      },
    ]);
    expect(await stockOf(s.t.app.db, s.f.bins.a1b1, s.f.items.d)).toBe(0);
    expect(await stockOf(s.t.app.db, s.f.bins.a2b1, s.f.items.d)).toBe(before + 8);
  });

  it('a series of fills made offline lands in one push; bad ones are rejected, not blocking', async () => {
    const { trayIds } = await makeBatch(s.t.app.db, s.f.companyId, {
      trays: [
        [s.f.items.a, 2],
        [s.f.items.b, 3],
        [s.f.items.c, 4],
      ],
    });
    const a = await stockOf(s.t.app.db, s.f.bins.a1b1, s.f.items.a);
    const c = await stockOf(s.t.app.db, s.f.bins.a1b2, s.f.items.c);
    const batch = [
      m(FillingMutation.fill, { tray_id: trayIds[0], location_id: s.f.bins.a1b1 }),
      m(FillingMutation.fill, { tray_id: trayIds[1], location_id: 99_999_999 }),
      m(FillingMutation.fill, { tray_id: trayIds[2], location_id: s.f.bins.a1b2, quantity: 5 }),
      m(FillingMutation.fill, { tray_id: 'x' }),
    ];
    const results = await push(batch);
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied', 'rejected']);
    expect(results[1]).toMatchObject({
      code: 'location_not_found',
      message: WarehouseMessages.locationNotFound,
    });
    expect(results[3].code).toBe('invalid_args');
    expect(await stockOf(s.t.app.db, s.f.bins.a1b1, s.f.items.a)).toBe(a + 2);
    expect(await stockOf(s.t.app.db, s.f.bins.a1b2, s.f.items.c)).toBe(c + 5);
    expect((await trayRow(s.t.app.db, trayIds[1])).status).toBe('ready for filling');
    expect((await trayRow(s.t.app.db, trayIds[2])).quantity).toBe(5);
  });

  it('refuses the fill to users without a floor role', async () => {
    const { trayIds } = await makeBatch(s.t.app.db, s.f.companyId, { trays: [[s.f.items.a, 1]] });
    const sales = (await s.f.as('sales_manager')).auth;
    const [r] = await push(
      [m(FillingMutation.fill, { tray_id: trayIds[0], location_id: s.f.bins.a1b1 })],
      sales,
    );
    expect(r).toMatchObject({ status: 'rejected', code: 'forbidden' });
  });

  it("takes a filler's issue report through issue.report.v1", async () => {
    const note = `Tray damaged ${randomUUID()}`;
    const [r] = await push([
      m(PickingMutation.issue, {
        location_id: s.f.bins.a1b1,
        item_id: s.f.items.a,
        note,
        manager_id: 1,
      }),
    ]);
    expect(r.status).toBe('applied');
    const issue = await s.t.app.db
      .selectFrom('issues')
      .select(['location_id', 'item_id', 'manager_id'])
      .where('note', '=', note)
      .executeTakeFirstOrThrow();
    expect(issue).toEqual({ location_id: s.f.bins.a1b1, item_id: s.f.items.a, manager_id: 1 });
  });

  it('pulls trays of batches being filled with what the filler needs; done batches leave', async () => {
    const g = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
    const p = (await g.as('picker')).auth;
    const ready = await makeBatch(s.t.app.db, g.companyId, {
      trays: [
        [g.items.a, 3],
        [g.items.b, 4],
      ],
    });
    await makeBatch(s.t.app.db, g.companyId, { status: 'in progress', trays: [[g.items.c, 1]] });
    let page = await pull(0, p);
    expect(page.rows.map((r) => r.tray_id)).toEqual(ready.trayIds);
    expect(page.rows[0]).toMatchObject({
      id: ready.trayIds[0],
      tray_id: ready.trayIds[0],
      tray_nr: 1,
      batch_id: ready.batchId,
      status: 'ready for filling',
      item_id: g.items.a,
      mold_name: 'Brick 2 x 4',
      image_path: 'https://img.test/Brick 2 x 4.png',
      colour_name: expect.stringMatching(/^Red/),
      colour_hex: 'C91A09',
      quantity: 3,
      location_id: null,
    });

    // Filling one tray sends it again, filled; filling the last retires the batch's trays.
    let cursor = page.cursor;
    await push(
      [m(FillingMutation.fill, { tray_id: ready.trayIds[0], location_id: g.bins.a1b1 })],
      p,
    );
    page = await pull(cursor, p);
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({ tray_id: ready.trayIds[0], status: 'filled' });
    cursor = page.cursor;
    await push(
      [m(FillingMutation.fill, { tray_id: ready.trayIds[1], location_id: g.bins.a1b1 })],
      p,
    );
    page = await pull(cursor, p);
    expect(page.rows).toEqual([]);
    expect([...page.tombstones].sort((x, y) => x - y)).toEqual(ready.trayIds);

    // Another company's device sees none of them; a sales manager may not pull trays.
    const other = await pull(0, s.filler);
    expect(other.rows.some((r) => ready.trayIds.includes(r.tray_id as number))).toBe(false);
    const sales = (await g.as('sales_manager')).auth;
    const res = await s.t.app.inject({
      method: 'GET',
      url: '/api/v1/sync/pull?collection=trays',
      headers: { authorization: sales },
    });
    expect(res.statusCode).toBe(403);
  });
});
