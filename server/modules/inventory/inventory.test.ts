import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { InventoryMessages } from '../../../contract/inventory';
import { parseBsx, writeBsx } from '../../../contract/bsx';
import { describeEachDialect, loginAs, requester } from '../../test/helpers';
import { floorSuite } from '../../test/floor-suite';
import { makeFloor } from '../../test/orders-fixture';
import { foreignLocation, stockOf } from '../../test/warehouse-fixture';

describeEachDialect('inventory API', (dialect) => {
  const s = floorSuite(dialect, { sales: 'sales_manager' });
  beforeAll(async () => {
    // Catalog details of item a: theme > sub-theme, category, weight, BrickLink colour, notes.
    const db = s.t.app.db;
    const tree = async (table: 'themes' | 'categories', name: string, parent: number | null) =>
      (
        await db
          .insertInto(table)
          .values({ uuid: randomUUID(), name, parent_id: parent, rebrickable_id: null, version: 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const castle = await tree('themes', 'Castle', null);
    const lion = await tree('themes', 'Lion Knights', castle);
    const category = await tree('categories', 'Brick', null);
    const a = await db
      .selectFrom('items')
      .select(['mold_id', 'colour_id'])
      .where('id', '=', s.f.items.a)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('moulds')
      .set({ theme_id: lion, category_id: category, weight: 2.32, bl_mold_id: '3001' })
      .where('id', '=', a.mold_id)
      .execute();
    await db
      .updateTable('colours')
      .set({ bl_colour_id: 5 })
      .where('id', '=', a.colour_id)
      .execute();
    await db
      .updateTable('items')
      .set({ note_private: 'paid 0.10', note_public: 'Clean & shiny' })
      .where('id', '=', s.f.items.a)
      .execute();
    await db
      .updateTable('items')
      .set({ condition: 'GOOD' })
      .where('id', '=', s.f.items.b)
      .execute();
  });

  const call = requester(() => s.t);

  describe('GET /v1/inventory', () => {
    it('lists every item with stock, with every field of the inventory item', async () => {
      const res = await call('GET', '/api/v1/inventory', s.sales);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // d has no stock: not in the inventory.
      expect(body.count).toBe(3);
      expect(body.results.map((r: { item_id: number }) => r.item_id)).toEqual([
        s.f.items.a,
        s.f.items.b,
        s.f.items.c,
      ]);
      expect(body.results[0]).toEqual({
        item_id: s.f.items.a,
        readable_id: 'Brick 2 x 4',
        mold_id: expect.any(Number),
        mold_name: 'Brick 2 x 4',
        bl_mold_id: '3001',
        condition_name: 'NEW',
        new_condition_name: 'New',
        colour_id: expect.any(Number),
        colour_name: expect.stringMatching(/^Red/),
        colour_hex: 'C91A09',
        bl_colour_id: 5,
        quantity: 10,
        theme_name: 'Castle',
        subtheme_name: 'Lion Knights',
        type_name: 'brick',
        item_type: 'P',
        category_name: 'Brick',
        weight: 2.32,
        private_note: 'paid 0.10',
        public_note: 'Clean & shiny',
        image_path: 'https://img.test/Brick 2 x 4.png',
        price: expect.any(Number),
        completeness: null,
      });
      expect(body.results[1]).toMatchObject({
        condition_name: 'GOOD',
        new_condition_name: 'Good',
        quantity: 5,
        theme_name: null,
        subtheme_name: null,
        category_name: null,
        weight: null,
      });
      expect(body.results[2].quantity).toBe(7);

      const page = (await call('GET', '/api/v1/inventory?limit=2&page=2', s.sales)).json();
      expect(page.count).toBe(3);
      expect(page.results.map((r: { item_id: number }) => r.item_id)).toEqual([s.f.items.c]);
    });

    it('exports to a BSX file that reads back with the expected lots', async () => {
      const { results } = (await call('GET', '/api/v1/inventory', s.sales)).json();
      const doc = parseBsx(writeBsx(results, { NEW: 'N', GOOD: 'U' }));
      expect(doc.items[0]).toMatchObject({
        item_id: '3001',
        item_type_id: 'P',
        color_id: 5,
        qty: 10,
        condition: 'N',
        comments: 'Clean & shiny',
        remarks: 'paid 0.10',
      });
      // All floor items share one colour; b is GOOD (mapped to U) and has no BrickLink id.
      expect(doc.items[1]).toMatchObject({ item_id: 'Plate 1 x 2', condition: 'U', color_id: 5 });
    });

    it('is the sales manager’s, for their own company only', async () => {
      const picker = (await s.f.as('picker')).auth;
      expect((await call('GET', '/api/v1/inventory', picker)).statusCode).toBe(403);
      expect((await call('GET', '/api/v1/inventory')).statusCode).toBe(401);
      const demo = await loginAs(s.t.app, 'sales@demo.test');
      const theirs = (await call('GET', '/api/v1/inventory', demo)).json();
      expect(theirs.count).toBeGreaterThan(0);
      const ours = new Set(Object.values(s.f.items));
      expect(theirs.results.some((r: { item_id: number }) => ours.has(r.item_id))).toBe(false);
      const empty = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      await s.t.app.db
        .deleteFrom('location_content')
        .where('company_id', '=', empty.companyId)
        .execute();
      const none = (
        await call('GET', '/api/v1/inventory', (await empty.as('sales_manager')).auth)
      ).json();
      expect(none).toEqual({ results: [], count: 0 });
      expect((await call('GET', '/api/v1/inventory?limit=0', s.sales)).statusCode).toBe(400);
    });
  });

  describe('export lookups', () => {
    it('lists conditions and finds colours and moulds with their BrickLink ids', async () => {
      const conditions = (await call('GET', '/api/v1/condition', s.sales)).json();
      expect(conditions).toEqual([
        { condition_name: 'NEW', new_condition_name: 'New' },
        { condition_name: 'LIKE_NEW', new_condition_name: 'Like new' },
        { condition_name: 'GOOD', new_condition_name: 'Good' },
        { condition_name: 'ACCEPTABLE', new_condition_name: 'Acceptable' },
      ]);
      const item = await s.t.app.db
        .selectFrom('items')
        .select(['mold_id', 'colour_id'])
        .where('id', '=', s.f.items.a)
        .executeTakeFirstOrThrow();
      const colour = await call('GET', `/api/v1/colour?colour_id=${item.colour_id}`, s.sales);
      expect(colour.json()).toMatchObject({
        colour_id: item.colour_id,
        bl_colour_id: 5,
        hex: 'C91A09',
      });
      const mold = await call('GET', `/api/v1/mold?mold_id=${item.mold_id}`, s.sales);
      expect(mold.json()).toMatchObject({ mold_id: item.mold_id, bl_mold_id: '3001', type_id: 2 });

      let res = await call('GET', '/api/v1/colour?colour_id=99999999', s.sales);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].detail).toBe(InventoryMessages.colourNotFound);
      res = await call('GET', '/api/v1/mold?mold_id=99999999', s.sales);
      expect(res.json().errors[0].detail).toBe(InventoryMessages.moldNotFound);
      expect((await call('GET', '/api/v1/mold?mold_id=x', s.sales)).statusCode).toBe(400);
      expect((await call('GET', '/api/v1/condition')).statusCode).toBe(401);
    });
  });

  describe("Kulla Catalog 'Add bricks'", () => {
    const add = (body: object, auth = s.sales) =>
      call('POST', '/api/v1/item_overview/add', auth, body);

    it('adds to a new-items location, preferring one that already holds the item', async () => {
      const g = await makeFloor(s.t.app.db, s.t.config.jwtSecret);
      const seller = (await g.as('sales_manager')).auth;
      let res = await add({ item_id: g.items.d, amount: 3 }, seller);
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].detail).toBe(InventoryMessages.noNewItemsLocation);

      // Flag the hall: every bin inherits. b lies in F-A1-B1; d lies nowhere.
      await s.t.app.db
        .updateTable('locations')
        .set({ is_selected_new_location: 1 })
        .where('id', '=', g.hallId)
        .execute();
      res = await add({ item_id: g.items.b, amount: 4 }, seller);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: '4 bricks added to Floor > Hall > Aisle 1 > Bin 1.',
        item_id: g.items.b,
        location_id: g.bins.a1b1,
        location_name: 'Floor > Hall > Aisle 1 > Bin 1',
        code: 'F-A1-B1',
        added: 4,
        location_quantity: 9,
        quantity: 9,
      });
      res = await add({ item_id: g.items.d, amount: '12' }, seller);
      expect(res.json()).toMatchObject({ location_id: g.hallId, added: 12, quantity: 12 });
      res = await add({ item_id: g.items.d, amount: 1, location_id: g.bins.a2b1 }, seller);
      expect(res.json()).toMatchObject({
        message: '1 brick added to Floor > Hall > Aisle 2 > Bin 1.',
        location_quantity: 1,
        quantity: 13,
      });
      expect(await stockOf(s.t.app.db, g.hallId, g.items.d)).toBe(12);
    });

    it('checks the amount (1 to 9999), the item and location company, and the role', async () => {
      for (const amount of [0, -1, 10000, 1.5, 'abc']) {
        expect((await add({ item_id: s.f.items.a, amount })).statusCode).toBe(400);
      }
      expect((await add({ item_id: 99_999_999, amount: 1 })).json().errors[0].detail).toBe(
        InventoryMessages.itemNotFound,
      );
      const demoLocation = await foreignLocation(s.t.app.db, s.f.companyId);
      expect(
        (await add({ item_id: s.f.items.a, amount: 1, location_id: demoLocation })).statusCode,
      ).toBe(404);
      const demo = await loginAs(s.t.app, 'sales@demo.test');
      expect((await add({ item_id: s.f.items.a, amount: 1 }, demo)).statusCode).toBe(404);
      const picker = (await s.f.as('picker')).auth;
      expect((await add({ item_id: s.f.items.a, amount: 1 }, picker)).statusCode).toBe(403);
      expect(await stockOf(s.t.app.db, s.f.bins.a2b1, s.f.items.a)).toBe(10);
    });
  });
});
