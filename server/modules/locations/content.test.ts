import { beforeAll, describe, expect, it } from 'vitest';
import { LocationMessages } from '../../../contract/locations';
import { appSuite } from '../../test/app-suite';
import { caller, describeEachDialect } from '../../test/helpers';
import { idByCode } from '../../test/locations-support';

describeEachDialect('location content, items and new-items locations', (dialect) => {
  const s = appSuite(dialect, {
    wm: ['Demo Bricks', ['warehouse_manager']],
    picker: ['Demo Bricks', ['picker']],
    sales: ['Demo Bricks', ['sales_manager']],
    otherWm: ['Other Bricks', ['warehouse_manager']],
  });
  let itemId: number;
  let colourId: number;
  let otherItem: number;
  let binA: number;
  let binB: number;

  beforeAll(async () => {
    const item = await s.t.app.db
      .selectFrom('items')
      .select(['id', 'colour_id'])
      .where('company_id', '=', s.demo)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    itemId = item.id;
    colourId = item.colour_id;
    otherItem = (
      await s.t.app.db
        .selectFrom('items')
        .select('id')
        .where('company_id', '<>', s.demo)
        .executeTakeFirstOrThrow()
    ).id;
    // Two fresh, empty bins.
    const shelf = await idByCode(s.t.app, s.demo, 'H2-A01-R01-S1');
    for (const name of ['Bin A', 'Bin B']) {
      await s.t.app.inject({
        method: 'POST',
        url: '/api/v1/location',
        headers: { authorization: s.wm },
        payload: { parent_id: shelf, name },
      });
    }
    binA = await idByCode(s.t.app, s.demo, 'H2-A01-R01-S1-B5');
    binB = await idByCode(s.t.app, s.demo, 'H2-A01-R01-S1-B6');
  });

  const call = caller(() => s.t);
  const stock = async (locationId: number, item = itemId) => {
    const row = await s.t.app.db
      .selectFrom('location_content')
      .select('quantity')
      .where('location_id', '=', locationId)
      .where('item_id', '=', item)
      .executeTakeFirst();
    return row ? Number(row.quantity) : undefined;
  };
  const setQty = (auth: string, loc: number, quantity: unknown, item = itemId) =>
    call(auth, 'PUT', `/v1/location_content?location_id=${loc}&item_id=${item}`, {
      quantity,
      balance_change: false,
    });

  describe('quantity (0–100, whole numbers)', () => {
    it('adds an item to a location and sets its quantity', async () => {
      const r = await setQty(s.wm, binA, 1);
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({
        location_id: binA,
        item_id: itemId,
        colour_id: colourId,
        quantity: 1,
      });
      expect((await setQty(s.wm, binA, 100)).statusCode).toBe(200);
      expect(await stock(binA)).toBe(100);
      expect((await setQty(s.wm, binA, 0)).statusCode).toBe(200);
      expect(await stock(binA)).toBe(0);
    });

    it('refuses anything but a whole number from 0 to 100', async () => {
      await setQty(s.wm, binA, 7);
      for (const bad of [101, -1, 2.5, 'abc', null]) {
        const r = await setQty(s.wm, binA, bad);
        expect(r.statusCode).toBe(400);
        expect(r.json().errors[0].detail).toContain(LocationMessages.quantityRange);
      }
      expect(await stock(binA)).toBe(7);
    });

    it('is for the warehouse manager, inside the company', async () => {
      expect((await setQty(s.picker, binA, 3)).statusCode).toBe(403);
      expect((await setQty(s.sales, binA, 3)).statusCode).toBe(403);
      expect((await setQty(s.otherWm, binA, 3)).statusCode).toBe(404);
      expect((await setQty(s.wm, binA, 3, otherItem)).statusCode).toBe(404);
      expect(await stock(binA)).toBe(7);
    });
  });

  describe('move and delete', () => {
    it('moves all of an item, merging with stock already there', async () => {
      await setQty(s.wm, binB, 5);
      const r = await call(
        s.wm,
        'PUT',
        `/v1/move_location_content?item_id=${itemId}&from_location_id=${binA}&into_location_id=${binB}`,
      );
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ moved: 7, quantity: 12 });
      expect(await stock(binA)).toBeUndefined();
      expect(await stock(binB)).toBe(12);
      const back = await call(
        s.wm,
        'PUT',
        `/v1/move_location_content?item_id=${itemId}&from_location_id=${binB}&into_location_id=${binA}`,
      );
      expect(back.json()).toMatchObject({ moved: 12, quantity: 12 });
      expect(await stock(binB)).toBeUndefined();
    });

    it('refuses a move to the same place, from where the item is not, or across companies', async () => {
      const url = (from: number, into: number) =>
        `/v1/move_location_content?item_id=${itemId}&from_location_id=${from}&into_location_id=${into}`;
      expect((await call(s.wm, 'PUT', url(binA, binA))).statusCode).toBe(400);
      const missing = await call(s.wm, 'PUT', url(binB, binA));
      expect(missing.statusCode).toBe(404);
      expect(missing.json().errors[0].detail).toBe(LocationMessages.notAtLocation);
      expect((await call(s.otherWm, 'PUT', url(binA, binB))).statusCode).toBe(404);
      expect((await call(s.picker, 'PUT', url(binA, binB))).statusCode).toBe(403);
      expect(await stock(binA)).toBe(12);
    });

    it('removes an item from a location (the colour must match) and records a tombstone', async () => {
      const url = (colour: number) =>
        `/v1/location_content?item_id=${itemId}&location_id=${binA}&colour_id=${colour}`;
      const id = (
        await s.t.app.db
          .selectFrom('location_content')
          .select('id')
          .where('location_id', '=', binA)
          .executeTakeFirstOrThrow()
      ).id;
      expect((await call(s.wm, 'DELETE', url(colourId + 1))).statusCode).toBe(404);
      expect((await call(s.picker, 'DELETE', url(colourId))).statusCode).toBe(403);
      expect((await call(s.wm, 'DELETE', url(colourId))).statusCode).toBe(200);
      expect(await stock(binA)).toBeUndefined();
      const stone = await s.t.app.db
        .selectFrom('sync_tombstones')
        .select('row_key')
        .where('collection', '=', 'location_content')
        .where('row_key', '=', String(id))
        .executeTakeFirst();
      expect(stone).toBeDefined();
    });
  });

  describe('item locations, new-items locations and the item table', () => {
    it('lists where an item lies with breadcrumb, code and quantity', async () => {
      await setQty(s.wm, binB, 4);
      const r = await call(s.picker, 'GET', `/v1/item_location?item_id=${itemId}`);
      expect(r.statusCode).toBe(200);
      const here = r.json().results.find((x: { location_id: number }) => x.location_id === binB);
      expect(here).toEqual({
        location_id: binB,
        location_name: 'Warehouse > Hall 2 > Aisle 01 > Rack 01 > Shelf 1 > Bin B',
        code: 'H2-A01-R01-S1-B6',
        quantity: 4,
      });
      expect((await call(s.otherWm, 'GET', `/v1/item_location?item_id=${itemId}`)).statusCode).toBe(
        404,
      );
    });

    it("flags a 'new items' location; it and its subtree are listed", async () => {
      const rack = await idByCode(s.t.app, s.demo, 'H2-A01-R01');
      const r = await call(s.wm, 'POST', '/v1/new_location_items', {
        selected: true,
        location_id: rack,
      });
      expect(r.statusCode).toBe(200);
      expect(r.json().is_selected_new_location).toBe(1);
      const list = await call(s.picker, 'GET', '/v1/location_new_items');
      const byCode = new Map(
        list
          .json()
          .results.map((x: { code: string; is_selected_new_location: number }) => [x.code, x]),
      );
      expect(byCode.get('H2-A01-R01')).toMatchObject({ is_selected_new_location: 1 });
      expect(byCode.get('H2-A01-R01-S1-B6')).toMatchObject({
        is_selected_new_location: 2,
        location_name: 'Warehouse > Hall 2 > Aisle 01 > Rack 01 > Shelf 1 > Bin B',
      });
      expect(byCode.get('RCV')).toMatchObject({ is_selected_new_location: 1 });
      expect(byCode.has('H1-A01-R02')).toBe(false);
      await call(s.wm, 'POST', '/v1/new_location_items', { selected: 0, location_id: rack });
      const after = await call(s.picker, 'GET', '/v1/location_new_items');
      const codes = after.json().results.map((x: { code: string }) => x.code);
      expect(codes).not.toContain('H2-A01-R01-S1-B6');
      expect(
        (await call(s.picker, 'POST', '/v1/new_location_items', { selected: 1, location_id: rack }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call(s.wm, 'POST', '/v1/new_location_items', { selected: 1, location_id: 1 }))
          .statusCode,
      ).toBe(400);
    });

    it('pages the company items, filtered by mould name and item id', async () => {
      const r = await call(s.sales, 'GET', '/v1/item?limit=5&page=1');
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(body.results).toHaveLength(5);
      const total = await s.t.app.db
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', s.demo)
        .executeTakeFirstOrThrow();
      expect(body.count).toBe(Number(total.n));
      const page2 = (await call(s.wm, 'GET', '/v1/item?limit=5&page=2')).json();
      expect(page2.results[0].item_id).toBeGreaterThan(body.results[4].item_id);

      const first = body.results[0];
      const byId = (await call(s.wm, 'GET', `/v1/item?item_id=${first.item_id}`)).json();
      expect(byId.count).toBe(1);
      expect(byId.results[0]).toMatchObject({ item_id: first.item_id, mold_name: first.mold_name });

      const word = first.mold_name.split(' ')[0].toUpperCase();
      const named = (
        await call(s.wm, 'GET', `/v1/item?mold_name=${encodeURIComponent(word)}&limit=100`)
      ).json();
      expect(named.count).toBeGreaterThan(0);
      for (const it of named.results) expect(it.mold_name.toUpperCase()).toContain(word);
      expect((await call(s.wm, 'GET', `/v1/item?item_id=${otherItem}`)).json().count).toBe(0);
      expect((await call(s.wm, 'GET', '/v1/item?mold_name=%25_no_such_%25')).json().count).toBe(0);
      expect((await call(s.wm, 'GET', '/v1/item?page=0')).statusCode).toBe(400);
    });
  });
});
