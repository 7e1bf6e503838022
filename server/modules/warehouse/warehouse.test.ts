import { beforeAll, describe, expect, it } from 'vitest';
import { SortFlagMessages } from '../../../contract/fields';
import { WarehouseMessages } from '../../../contract/warehouse';
import { describeEachDialect, detail, loginAs, requester } from '../../test/helpers';
import { floorSuite } from '../../test/floor-suite';
import { idByCode } from '../../test/locations-support';
import { makeFloor } from '../../test/orders-fixture';
import {
  batchStatus,
  foreignLocation,
  makeBatch,
  stockOf,
  trayRow,
} from '../../test/warehouse-fixture';

describeEachDialect('warehouse desk API', (dialect) => {
  const s = floorSuite(dialect, { manager: 'order_manager', picker: 'picker' });
  let pickerId: number;

  beforeAll(async () => {
    pickerId = (await s.f.as('picker')).userId;
  });

  const call = requester(() => s.t);

  describe('batches overview', () => {
    it('lists warehouse batches with filled|total, 10 per page, sorted by the four flags', async () => {
      const g = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      const m = (await g.as('order_manager')).auth;
      const specs = Array.from({ length: 12 }, (_, i) => ({
        name: `B${String(i).padStart(2, '0')}`,
        trays: Array.from({ length: (i % 4) + 1 }, (_, n): [number, number, string] => [
          g.items.a,
          1,
          n === 0 && i % 2 === 0 ? 'filled' : 'ready for filling',
        ]),
        editedMinutesAgo: i * 10,
        createdMinutesAgo: 1000 - i,
        status: i === 11 ? ('filled' as const) : undefined,
      }));
      const ids: number[] = [];
      for (const spec of specs) ids.push((await makeBatch(s.t.app.db, g.companyId, spec)).batchId);
      // Still being digitized: not a warehouse batch.
      await makeBatch(s.t.app.db, g.companyId, { status: 'in progress', trays: [[g.items.a, 1]] });

      let res = await call('GET', '/api/v1/warehouse/batches', m);
      expect(res.statusCode).toBe(200);
      let body = res.json();
      expect(body.count).toBe(12);
      expect(body.results).toHaveLength(10);
      // Default: last modified first.
      expect(body.results[0]).toEqual({
        batch_id: ids[0],
        name: 'B00',
        project_id: expect.any(Number),
        filled_count: 1,
        total_count: 1,
        status: 'ready for filling',
        date_of_creation: expect.any(String),
        date_of_last_edit: expect.any(String),
        comments: '',
      });
      res = await call('GET', '/api/v1/warehouse/batches?page=2', m);
      expect(res.json().results.map((b: { name: string }) => b.name)).toEqual(['B10', 'B11']);

      res = await call('GET', '/api/v1/warehouse/batches?order_by_creation&limit=3', m);
      expect(res.json().results.map((b: { name: string }) => b.name)).toEqual([
        'B11',
        'B10',
        'B09',
      ]);
      res = await call('GET', '/api/v1/warehouse/batches?order_by_total_trays=1&limit=12', m);
      body = res.json();
      const totals = body.results.map((b: { total_count: number }) => b.total_count);
      expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
      expect(totals[0]).toBe(4);
      res = await call('GET', '/api/v1/warehouse/batches?order_by_status=true&limit=12', m);
      expect(res.json().results.at(-1).name).toBe('B11');

      res = await call('GET', '/api/v1/warehouse/batches?order_by_status&order_by_creation', m);
      expect(res.statusCode).toBe(400);
      expect(detail(res)).toBe(SortFlagMessages.oneSortFlag);
      expect((await call('GET', '/api/v1/warehouse/batches?limit=0', m)).statusCode).toBe(400);

      const ids2 = (await call('GET', '/api/v1/warehouse/batch_ids', m)).json();
      expect(ids2.map((b: { batch_id: number }) => b.batch_id)).toEqual(ids);
    });

    it('keeps companies apart and refuses roles without the desk', async () => {
      const { batchId } = await makeBatch(s.t.app.db, s.f.companyId, { trays: [[s.f.items.a, 2]] });
      const demo = await loginAs(s.t.app, 'orders@demo.test');
      const theirs = (await call('GET', '/api/v1/warehouse/batches?limit=100', demo)).json();
      expect(theirs.results.some((b: { batch_id: number }) => b.batch_id === batchId)).toBe(false);
      expect(theirs.count).toBeGreaterThanOrEqual(3);
      const demoTrays = (
        await call('GET', `/api/v1/warehouse/trays?batch_id=${batchId}`, demo)
      ).json();
      expect(demoTrays).toEqual({ results: [], count: 0 });

      expect((await call('GET', '/api/v1/warehouse/batches', s.picker)).statusCode).toBe(403);
      const sales = (await s.f.as('sales_manager')).auth;
      expect((await call('GET', '/api/v1/warehouse/batches', sales)).statusCode).toBe(403);
      expect((await call('GET', '/api/v1/warehouse/trays', sales)).statusCode).toBe(403);
      expect((await call('GET', '/api/v1/warehouse/batches')).statusCode).toBe(401);
      expect((await call('GET', '/api/v1/warehouse/batch_ids', s.picker)).statusCode).toBe(200);
    });
  });

  describe('trays', () => {
    it('lists the trays of one batch or of all, paged when asked', async () => {
      const g = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      const p = (await g.as('picker')).auth;
      const one = await makeBatch(s.t.app.db, g.companyId, {
        trays: [
          [g.items.a, 3],
          [g.items.b, 4],
          [null, 1],
        ],
      });
      const two = await makeBatch(s.t.app.db, g.companyId, { trays: [[g.items.c, 7]] });
      let body = (await call('GET', `/api/v1/warehouse/trays?batch_id=${one.batchId}`, p)).json();
      expect(body.count).toBe(3);
      expect(body.results[0]).toEqual({
        tray_id: one.trayIds[0],
        tray_nr: 1,
        batch_id: one.batchId,
        date_of_creation: expect.any(String),
        status: 'ready for filling',
        item_id: g.items.a,
        mold_id: expect.any(Number),
        mold_name: 'Brick 2 x 4',
        colour_id: expect.any(Number),
        colour_name: expect.stringMatching(/^Red/),
        quantity: 3,
        location_id: null,
      });
      expect(body.results[2]).toMatchObject({ item_id: null, mold_name: null });
      body = (await call('GET', '/api/v1/warehouse/trays', p)).json();
      expect(body.count).toBe(4);
      expect(body.results.map((r: { tray_id: number }) => r.tray_id)).toEqual([
        ...one.trayIds,
        ...two.trayIds,
      ]);
      body = (await call('GET', '/api/v1/warehouse/trays?limit=2&page=2', p)).json();
      expect(body.count).toBe(4);
      expect(body.results.map((r: { tray_id: number }) => r.tray_id)).toEqual([
        one.trayIds[2],
        two.trayIds[0],
      ]);
      expect((await call('GET', '/api/v1/warehouse/trays?batch_id=abc', p)).statusCode).toBe(400);
    });

    it('shows a tray with its item, stock in the warehouse and candidate locations', async () => {
      const aisle1 = await idByCode(s.t.app, s.f.companyId, 'F-A1');
      await s.t.app.db
        .updateTable('locations')
        .set({ is_selected_new_location: 1 })
        .where('id', '=', aisle1)
        .execute();
      const { trayIds } = await makeBatch(s.t.app.db, s.f.companyId, { trays: [[s.f.items.c, 9]] });
      const res = await call('GET', `/api/v1/warehouse/tray?tray_id=${trayIds[0]}`, s.picker);
      expect(res.statusCode).toBe(200);
      const tray = res.json();
      expect(tray).toMatchObject({
        tray_id: trayIds[0],
        item_id: s.f.items.c,
        readable_id: 'Tile 2 x 2',
        image_path: 'https://img.test/Tile 2 x 2.png',
        mold_name: 'Tile 2 x 2',
        bl_mold_id: 'Tile 2 x 2',
        colour_name: expect.stringMatching(/^Red/),
        quantity: 9,
        quantity_in_warehouse: 7,
        status: 'ready for filling',
      });
      // Where it lies (route order: aisle 1 before aisle 2), then the new-items subtree.
      expect(tray.locations.map((l: { code: string }) => l.code)).toEqual([
        'F-A1-B2',
        'F-A2-B1',
        'F-A1',
        'F-A1-B1',
      ]);
      expect(tray.locations[0]).toEqual({
        location_id: s.f.bins.a1b2,
        location_name: 'Floor > Hall > Aisle 1 > Bin 2',
        code: 'F-A1-B2',
        breadcrumb: [
          { location_id: expect.any(Number), name: 'Floor', code: 'F' },
          { location_id: s.f.hallId, name: 'Hall', code: 'F-H' },
          { location_id: aisle1, name: 'Aisle 1', code: 'F-A1' },
          { location_id: s.f.bins.a1b2, name: 'Bin 2', code: 'F-A1-B2' },
        ],
        quantity: 3,
        is_new_items_location: true,
      });
      expect(tray.locations[2]).toMatchObject({ quantity: 0, is_new_items_location: true });
      await s.t.app.db
        .updateTable('locations')
        .set({ is_selected_new_location: 0 })
        .where('id', '=', aisle1)
        .execute();

      const demo = await loginAs(s.t.app, 'picker@demo.test');
      const other = await call('GET', `/api/v1/warehouse/tray?tray_id=${trayIds[0]}`, demo);
      expect(other.statusCode).toBe(404);
      expect(other.json().errors[0].detail).toBe(WarehouseMessages.trayNotFound);
    });
  });

  describe('filling a tray', () => {
    const fill = (trayId: number, body: object, auth = s.picker) =>
      call('PUT', `/api/v1/warehouse/tray?tray_id=${trayId}`, auth, body);

    it('fills the tray at the location and adds its bricks there exactly once', async () => {
      const { batchId, trayIds } = await makeBatch(s.t.app.db, s.f.companyId, {
        trays: [
          [s.f.items.d, 12],
          [s.f.items.a, 5],
        ],
      });
      const before = await stockOf(s.t.app.db, s.f.bins.a1b1, s.f.items.d);
      let res = await fill(trayIds[0], {
        location_id: s.f.bins.a1b1,
        quantity: 12,
        status: 'filled',
        item_id: s.f.items.d,
        colour_id: null,
        location_new_items: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: WarehouseMessages.filled,
        tray_id: trayIds[0],
        location_id: s.f.bins.a1b1,
        item_id: s.f.items.d,
        quantity: 12,
        location_quantity: before + 12,
        batch_status: 'ready for filling',
      });
      expect(await stockOf(s.t.app.db, s.f.bins.a1b1, s.f.items.d)).toBe(before + 12);
      expect(await trayRow(s.t.app.db, trayIds[0])).toMatchObject({
        status: 'filled',
        location_id: s.f.bins.a1b1,
        filled_by_user_id: pickerId,
      });

      res = await fill(trayIds[0], { location_id: s.f.bins.a1b1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0]).toEqual({
        detail: WarehouseMessages.trayAlreadyFilled,
        code: 'tray_already_filled',
      });
      expect(await stockOf(s.t.app.db, s.f.bins.a1b1, s.f.items.d)).toBe(before + 12);

      // The last tray: the batch becomes filled.
      res = await fill(trayIds[1], { location_id: s.f.bins.a2b1 }, s.manager);
      expect(res.json()).toMatchObject({
        quantity: 5,
        location_quantity: 15,
        batch_status: 'filled',
      });
      expect(await batchStatus(s.t.app.db, batchId)).toBe('filled');
      await s.t.app.db
        .updateTable('location_content')
        .set({ quantity: 10 })
        .where('location_id', '=', s.f.bins.a2b1)
        .where('item_id', '=', s.f.items.a)
        .execute();
    });

    it('adds stock once when ten fillers submit the same tray at the same time', async () => {
      const { trayIds } = await makeBatch(s.t.app.db, s.f.companyId, {
        trays: [
          [s.f.items.b, 6],
          [s.f.items.b, 1],
        ],
      });
      const before = await stockOf(s.t.app.db, s.f.bins.a1b2, s.f.items.b);
      const fillers = [];
      for (let i = 0; i < 10; i++) fillers.push((await s.f.as('picker', `filler${i}`)).auth);
      const answers = await Promise.all(
        fillers.map((a) => fill(trayIds[0], { location_id: s.f.bins.a1b2 }, a)),
      );
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
      expect(await stockOf(s.t.app.db, s.f.bins.a1b2, s.f.items.b)).toBe(before + 6);
    });

    it('refuses unknown or foreign locations and trays, mismatched items and bad bodies', async () => {
      const { trayIds } = await makeBatch(s.t.app.db, s.f.companyId, {
        trays: [
          [s.f.items.a, 2],
          [null, 3],
        ],
      });
      const demoLocation = await foreignLocation(s.t.app.db, s.f.companyId);
      let res = await fill(trayIds[0], { location_id: demoLocation });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].detail).toBe(WarehouseMessages.locationNotFound);
      expect((await fill(trayIds[0], { location_id: 99_999_999 })).statusCode).toBe(404);
      res = await fill(trayIds[0], { location_id: s.f.bins.a1b1, item_id: s.f.items.b });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].detail).toBe(WarehouseMessages.itemMismatch);
      res = await fill(trayIds[1], { location_id: s.f.bins.a1b1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].detail).toBe(WarehouseMessages.trayHasNoItem);
      expect((await fill(99_999_999, { location_id: s.f.bins.a1b1 })).statusCode).toBe(404);
      expect((await fill(trayIds[0], {})).statusCode).toBe(400);
      expect(
        (await fill(trayIds[0], { location_id: s.f.bins.a1b1, status: 'missing' })).statusCode,
      ).toBe(400);
      expect(
        (await fill(trayIds[0], { location_id: s.f.bins.a1b1, quantity: -1 })).statusCode,
      ).toBe(400);
      const sales = (await s.f.as('sales_manager')).auth;
      expect((await fill(trayIds[0], { location_id: s.f.bins.a1b1 }, sales)).statusCode).toBe(403);
      const demo = await loginAs(s.t.app, 'picker@demo.test');
      expect((await fill(trayIds[0], { location_id: s.f.bins.a1b1 }, demo)).statusCode).toBe(404);
      expect((await trayRow(s.t.app.db, trayIds[0])).status).toBe('ready for filling');
    });
  });

  describe('storing a batch', () => {
    const store = (batchId: number, locationId: number, auth = s.manager) =>
      call('POST', `/api/v1/warehouse/batch/store?batch_id=${batchId}`, auth, {
        location_id: locationId,
      });

    it('fills every unfilled tray at the location and adds their bricks in one go', async () => {
      const g = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      const m = (await g.as('order_manager')).auth;
      const { batchId, trayIds } = await makeBatch(s.t.app.db, g.companyId, {
        trays: [
          [g.items.d, 4],
          [g.items.d, 6],
          [g.items.a, 3, 'filled'],
          [g.items.b, 2],
          [g.items.c, 1, 'missing'],
        ],
      });
      const res = await store(batchId, g.bins.a1b1, m);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'The batch has been stored: 3 trays filled.',
        filled_trays: 3,
        quantity: 12,
        batch: { batch_id: batchId, status: 'filled', filled_count: 4, total_count: 5 },
      });
      expect(await stockOf(s.t.app.db, g.bins.a1b1, g.items.d)).toBe(10);
      expect(await stockOf(s.t.app.db, g.bins.a1b1, g.items.b)).toBe(7);
      expect(await stockOf(s.t.app.db, g.bins.a1b1, g.items.a)).toBe(0);
      expect((await trayRow(s.t.app.db, trayIds[4])).status).toBe('missing');
      expect((await trayRow(s.t.app.db, trayIds[0])).location_id).toBe(g.bins.a1b1);

      const again = await store(batchId, g.bins.a1b1, m);
      expect(again.statusCode).toBe(409);
      expect(again.json().errors[0].detail).toBe(WarehouseMessages.batchNotReady);
      expect(await stockOf(s.t.app.db, g.bins.a1b1, g.items.d)).toBe(10);
    });

    it('changes nothing when one tray cannot be stored', async () => {
      const { batchId, trayIds } = await makeBatch(s.t.app.db, s.f.companyId, {
        trays: [
          [s.f.items.d, 4],
          [null, 6],
          [null, 1],
        ],
      });
      const before = await stockOf(s.t.app.db, s.f.bins.a2b1, s.f.items.d);
      const res = await store(batchId, s.f.bins.a2b1);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].detail).toBe(
        'Tray 2, 3 of this batch has no item, so the batch cannot be stored.',
      );
      expect(await stockOf(s.t.app.db, s.f.bins.a2b1, s.f.items.d)).toBe(before);
      expect((await trayRow(s.t.app.db, trayIds[0])).status).toBe('ready for filling');
      expect(await batchStatus(s.t.app.db, batchId)).toBe('ready for filling');
    });

    it('is for order managers of the company, at a location of the company', async () => {
      const { batchId } = await makeBatch(s.t.app.db, s.f.companyId, { trays: [[s.f.items.d, 1]] });
      expect((await store(batchId, s.f.bins.a1b1, s.picker)).statusCode).toBe(403);
      const demo = await loginAs(s.t.app, 'orders@demo.test');
      expect((await store(batchId, s.f.bins.a1b1, demo)).statusCode).toBe(404);
      expect((await store(batchId, 99_999_999)).statusCode).toBe(404);
      expect((await store(99_999_999, s.f.bins.a1b1)).statusCode).toBe(404);
      const bad = await call(
        'POST',
        `/api/v1/warehouse/batch/store?batch_id=${batchId}`,
        s.manager,
        {},
      );
      expect(bad.statusCode).toBe(400);
      expect(await batchStatus(s.t.app.db, batchId)).toBe('ready for filling');
    });
  });
});
