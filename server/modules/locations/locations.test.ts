import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABELS_MAX, LocationMessages } from '../../../contract/locations';
import { caller, createTestApp, describeEachDialect, type TestApp } from '../../test/helpers';
import { tombstoneKeys } from '../../test/sync-device';
import { bearerFor, companyId, idByCode, treeSnapshot } from '../../test/locations-support';

interface Node {
  location_id: number;
  parent_id: number | null;
  location_name: string;
  code: string;
  has_children: boolean;
  has_content: boolean;
  is_selected_new_location: number;
}

describeEachDialect('location tree', (dialect) => {
  let t: TestApp;
  let demo: number;
  let wm: string; // warehouse manager
  let picker: string;
  let orders: string;
  let sales: string;
  let otherWm: string; // a warehouse manager of Other Bricks

  beforeAll(async () => {
    t = await createTestApp(dialect);
    demo = await companyId(t.app, 'Demo Bricks');
    wm = await bearerFor(t.app, 'Demo Bricks', ['warehouse_manager']);
    picker = await bearerFor(t.app, 'Demo Bricks', ['picker']);
    orders = await bearerFor(t.app, 'Demo Bricks', ['order_manager']);
    sales = await bearerFor(t.app, 'Demo Bricks', ['sales_manager']);
    otherWm = await bearerFor(t.app, 'Other Bricks', ['warehouse_manager']);
  });
  afterAll(() => t.close());

  const call = caller(() => t);
  const children = async (auth: string, parent?: number) => {
    const res = await call(
      auth,
      'GET',
      `/v1/location_children${parent ? `?parent_id=${parent}` : ''}`,
    );
    expect(res.statusCode).toBe(200);
    return res.json().results as Node[];
  };
  const code = (c: string) => idByCode(t.app, demo, c);

  describe('reading', () => {
    it('answers the root without parent_id, then one level per call', async () => {
      const [root] = await children(wm);
      expect(root).toMatchObject({
        location_id: 1,
        parent_id: null,
        code: 'WH',
        has_children: true,
      });
      const top = await children(wm, 1);
      expect(top.map((n) => n.code)).toEqual(['H1', 'H2', 'RCV']);
      expect(top.every((n) => n.has_children === (n.code !== 'RCV'))).toBe(true);
      expect(top.find((n) => n.code === 'RCV')!.is_selected_new_location).toBe(1);
      expect(top.find((n) => n.code === 'H1')!.is_selected_new_location).toBe(0);
    });

    it("marks children of a 'new items' location as inherited (2)", async () => {
      const flagged = await code('H2-A03-R03');
      const shelves = await children(wm, flagged);
      expect(shelves).toHaveLength(3);
      expect(shelves.every((n) => n.is_selected_new_location === 2)).toBe(true);
      const bins = await children(wm, shelves[0].location_id);
      expect(bins.every((n) => n.is_selected_new_location === 2)).toBe(true);
      const plain = await children(wm, await code('H1-A02-R01'));
      expect(plain.every((n) => n.is_selected_new_location === 0)).toBe(true);
    });

    it('reports has_content for locations holding items', async () => {
      const row = await t.app.db
        .selectFrom('location_content')
        .innerJoin('locations as l', 'l.id', 'location_content.location_id')
        .select(['l.parent_id', 'l.id'])
        .where('l.company_id', '=', demo)
        .executeTakeFirstOrThrow();
      const kids = await children(wm, row.parent_id!);
      expect(kids.find((n) => n.location_id === row.id)!.has_content).toBe(true);
    });

    it('answers a location with breadcrumb, path and children; the root without location_id', async () => {
      const id = await code('H1-A01-R01');
      const res = await call(picker, 'GET', `/v1/location?location_id=${id}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.breadcrumb).toBe('Warehouse > Hall 1 > Aisle 01 > Rack 01');
      expect(body.path.map((p: { code: string }) => p.code)).toEqual([
        'WH',
        'H1',
        'H1-A01',
        'H1-A01-R01',
      ]);
      expect(body.children).toHaveLength(3);
      expect(body.is_root).toBe(false);
      const root = await call(orders, 'GET', '/v1/location');
      expect(root.json()).toMatchObject({ location_id: 1, is_root: true, breadcrumb: 'Warehouse' });
    });

    it('refuses roles without the tree (403) and unknown ids (404)', async () => {
      expect((await call(sales, 'GET', '/v1/location_children?parent_id=1')).statusCode).toBe(403);
      expect((await call(sales, 'GET', '/v1/location?location_id=1')).statusCode).toBe(403);
      expect((await call(wm, 'GET', '/v1/location?location_id=999999')).statusCode).toBe(404);
      expect((await call(wm, 'GET', '/v1/location_children?parent_id=abc')).statusCode).toBe(400);
    });
  });

  describe('company boundaries', () => {
    it('shows Other Bricks its own root and none of Demo Bricks', async () => {
      const [root] = await children(otherWm);
      expect(root.location_id).not.toBe(1);
      expect((await call(otherWm, 'GET', '/v1/location?location_id=1')).statusCode).toBe(404);
      expect((await call(otherWm, 'GET', '/v1/location_children?parent_id=1')).statusCode).toBe(
        404,
      );
      const h1 = await code('H1');
      const [ownChild] = await children(otherWm, root.location_id);
      const before = await treeSnapshot(t.app, demo);
      expect(
        (await call(otherWm, 'PUT', `/v1/location?location_id=${h1}`, { name: 'x' })).statusCode,
      ).toBe(404);
      expect(
        (
          await call(otherWm, 'PUT', `/v1/location?location_id=${ownChild.location_id}`, {
            parent_id: h1,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(otherWm, 'DELETE', `/v1/location?location_id=${await code('RCV')}`)).statusCode,
      ).toBe(404);
      expect(
        (
          await call(otherWm, 'POST', '/v1/copy_location', {
            source_location_id: h1,
            target_location_id: root.location_id,
          })
        ).statusCode,
      ).toBe(404);
      expect(await treeSnapshot(t.app, demo)).toEqual(before);
    });
  });

  describe('editing', () => {
    it('lets only the warehouse manager edit (picker and order manager read only)', async () => {
      for (const auth of [picker, orders, sales]) {
        expect((await call(auth, 'POST', '/v1/location', { parent_id: 1 })).statusCode).toBe(403);
        expect(
          (await call(auth, 'PUT', '/v1/location?location_id=2', { name: 'x' })).statusCode,
        ).toBe(403);
        expect((await call(auth, 'DELETE', '/v1/location?location_id=2')).statusCode).toBe(403);
        expect(
          (
            await call(auth, 'POST', '/v1/copy_location', {
              source_location_id: 2,
              target_location_id: 3,
            })
          ).statusCode,
        ).toBe(403);
      }
    });

    it('adds children with fresh codes that continue the siblings', async () => {
      const shelf = await code('H1-A01-R01-S1');
      const a = await call(wm, 'POST', '/v1/location', { parent_id: shelf });
      expect(a.statusCode).toBe(201);
      expect(a.json()).toMatchObject({
        location_name: 'new location',
        code: 'H1-A01-R01-S1-B5',
        parent_id: shelf,
      });
      const b = await call(wm, 'POST', '/v1/location', { parent_id: shelf, name: 'Extra bin' });
      expect(b.json()).toMatchObject({ location_name: 'Extra bin', code: 'H1-A01-R01-S1-B6' });
      const leaf = await call(wm, 'POST', '/v1/location', { parent_id: b.json().location_id });
      expect(leaf.json().code).toBe('H1-A01-R01-S1-B6-1');
      const hall = await call(wm, 'POST', '/v1/location', { parent_id: 1, name: 'Hall 3' });
      expect(hall.json().code).toBe('H3');
      expect(
        (await call(wm, 'POST', '/v1/location', { parent_id: 1, name: '  ' })).statusCode,
      ).toBe(400);
    });

    it('renames, and protects the root from rename, move and delete', async () => {
      const id = await code('H1-A01-R01-S1-B6');
      const res = await call(wm, 'PUT', `/v1/location?location_id=${id}`, { name: 'Bin 6' });
      expect(res.statusCode).toBe(200);
      expect(res.json().location_name).toBe('Bin 6');
      const before = await treeSnapshot(t.app, demo);
      for (const [method, payload] of [
        ['PUT', { name: 'Root' }],
        ['PUT', { parent_id: 2 }],
        ['DELETE', undefined],
      ] as const) {
        const r = await call(wm, method, '/v1/location?location_id=1', payload);
        expect(r.statusCode).toBe(400);
        expect(r.json().errors[0].detail).toBe(LocationMessages.rootProtected);
      }
      const both = await call(wm, 'PUT', `/v1/location?location_id=${id}`, {
        name: 'a',
        parent_id: 2,
      });
      expect(both.statusCode).toBe(400);
      expect(await treeSnapshot(t.app, demo)).toEqual(before);
    });

    it('moves a subtree with one change and refuses cycles', async () => {
      const rack = await code('H1-A02-R02');
      const aisle = await code('H2-A01');
      const before = await treeSnapshot(t.app, demo);
      for (const target of [rack, await code('H1-A02-R02-S2'), await code('H1-A02-R02-S2-B3')]) {
        const r = await call(wm, 'PUT', `/v1/location?location_id=${rack}`, { parent_id: target });
        expect(r.statusCode).toBe(400);
        expect(r.json().errors[0].detail).toBe(LocationMessages.moveIntoSelf);
      }
      expect(await treeSnapshot(t.app, demo)).toEqual(before);
      const moved = await call(wm, 'PUT', `/v1/location?location_id=${rack}`, { parent_id: aisle });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().parent_id).toBe(aisle);
      const bin = await call(
        wm,
        'GET',
        `/v1/location?location_id=${await code('H1-A02-R02-S2-B3')}`,
      );
      expect(bin.json().breadcrumb).toBe(
        'Warehouse > Hall 2 > Aisle 01 > Rack 02 > Shelf 2 > Bin 3',
      );
      expect(bin.json().code).toBe('H1-A02-R02-S2-B3');
      const changed = (await treeSnapshot(t.app, demo)).filter((l) => !before.includes(l));
      expect(changed).toHaveLength(1);
    });

    it('refuses to delete a subtree holding stock, and deletes an empty one whole', async () => {
      const stocked = await t.app.db
        .selectFrom('location_content')
        .innerJoin('locations as l', 'l.id', 'location_content.location_id')
        .select('l.parent_id')
        .where('l.company_id', '=', demo)
        .where('location_content.quantity', '>', 0)
        .executeTakeFirstOrThrow();
      const before = await treeSnapshot(t.app, demo);
      const refused = await call(wm, 'DELETE', `/v1/location?location_id=${stocked.parent_id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0].detail).toMatch(/still holds stock/);
      expect(await treeSnapshot(t.app, demo)).toEqual(before);

      const top = (await call(wm, 'POST', '/v1/location', { parent_id: 1, name: 'Temp' })).json();
      const kid = (await call(wm, 'POST', '/v1/location', { parent_id: top.location_id })).json();
      await call(wm, 'POST', '/v1/location', { parent_id: kid.location_id });
      const del = await call(wm, 'DELETE', `/v1/location?location_id=${top.location_id}`);
      expect(del.statusCode).toBe(200);
      expect(del.json().deleted).toBe(3);
      expect(
        (await call(wm, 'GET', `/v1/location?location_id=${kid.location_id}`)).statusCode,
      ).toBe(404);
      expect(await tombstoneKeys(t, demo, 'locations')).toContain(String(kid.location_id));
    });
  });

  describe('copy', () => {
    it('copies a whole subtree with new ids and unique codes, without content', async () => {
      const rack = await code('H1-A01-R01');
      const aisle = await code('H2-A03');
      const res = await call(wm, 'POST', '/v1/copy_location', {
        source_location_id: rack,
        target_location_id: aisle,
      });
      expect(res.statusCode).toBe(200);
      const { location, copied } = res.json();
      expect(copied).toBe(1 + 3 + 4 * 3 + 3); // rack, shelves, bins, and the three added under S1 above
      expect(location).toMatchObject({
        parent_id: aisle,
        code: 'H2-A03-R04',
        location_name: 'Rack 01',
        has_content: false,
      });
      const shelves = await children(wm, location.location_id);
      expect(shelves.map((s) => s.code)).toEqual([
        'H2-A03-R04-S1',
        'H2-A03-R04-S2',
        'H2-A03-R04-S3',
      ]);
      const copies = await t.app.db
        .selectFrom('locations')
        .select(['id', 'code'])
        .where('company_id', '=', demo)
        .where('code', 'like', 'H2-A03-R04%')
        .execute();
      expect(copies).toHaveLength(copied);
      const stock = await t.app.db
        .selectFrom('location_content')
        .select('id')
        .where(
          'location_id',
          'in',
          copies.map((c) => c.id),
        )
        .execute();
      expect(stock).toHaveLength(0);
      const all = await t.app.db
        .selectFrom('locations')
        .select('code')
        .where('company_id', '=', demo)
        .execute();
      expect(new Set(all.map((a) => a.code)).size).toBe(all.length);
    });

    it('refuses to copy a location into its own subtree', async () => {
      const rack = await code('H1-A01-R02');
      const r = await call(wm, 'POST', '/v1/copy_location', {
        source_location_id: rack,
        target_location_id: await code('H1-A01-R02-S1'),
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().errors[0].detail).toBe(LocationMessages.copyIntoSelf);
    });

    it('leaves the tree unchanged when a copy fails halfway', async () => {
      // A bin deep in the source is named 'Boom'; a partial unique index admits one such row,
      // so the copy fails at its deepest level, after the upper levels were inserted.
      const bin = await code('H1-A03-R01-S2-B2');
      await t.app.db.updateTable('locations').set({ name: 'Boom' }).where('id', '=', bin).execute();
      await sql`create unique index test_boom_uq on locations (name) where name = 'Boom'`.execute(
        t.app.db,
      );
      try {
        const before = await treeSnapshot(t.app, demo);
        const versionBefore = await t.app.db
          .selectFrom('company_sync_versions')
          .select('version')
          .where('company_id', '=', demo)
          .executeTakeFirst();
        const r = await call(wm, 'POST', '/v1/copy_location', {
          source_location_id: await code('H1-A03-R01'),
          target_location_id: await code('H2-A02'),
        });
        expect(r.statusCode).toBe(500);
        expect(await treeSnapshot(t.app, demo)).toEqual(before);
        const versionAfter = await t.app.db
          .selectFrom('company_sync_versions')
          .select('version')
          .where('company_id', '=', demo)
          .executeTakeFirst();
        expect(versionAfter).toEqual(versionBefore);
      } finally {
        await sql`drop index test_boom_uq`.execute(t.app.db);
      }
    });
  });

  describe('labels', () => {
    it('prints every code of a subtree as QR and Code 128 with the breadcrumb', async () => {
      const rack = await code('H1-A02-R03');
      const r = await call(
        picker,
        'GET',
        `/v1/location_labels?location_id=${rack}&subtree=1&layout=sheet`,
      );
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      const codes = [...r.body.matchAll(/data-code="([^"]+)"/g)].map((m) => m[1]);
      const expected = await t.app.db
        .selectFrom('locations')
        .select('code')
        .where('company_id', '=', demo)
        .where('code', 'like', 'H1-A02-R03%')
        .execute();
      expect(codes.sort()).toEqual(expected.map((e) => e.code).sort());
      expect(codes[0]).toBe('H1-A02-R03');
      expect(r.body.match(/aria-label="QR /g)).toHaveLength(codes.length);
      expect(r.body.match(/aria-label="Code 128 /g)).toHaveLength(codes.length);
      expect(r.body).toContain(
        'Warehouse &#62; Hall 1 &#62; Aisle 02 &#62; Rack 03 &#62; Shelf 1 &#62; Bin 1',
      );
      expect(r.body.match(/class="page"/g)).toHaveLength(1); // 16 labels fit one A4 sheet
      expect(r.body).toContain('size: A4');
    });

    it('prints one label without subtree, a page per label on a roll', async () => {
      const id = await code('H1-A02-R03');
      const one = await call(wm, 'GET', `/v1/location_labels?location_id=${id}&layout=roll`);
      expect([...one.body.matchAll(/data-code="([^"]+)"/g)].map((m) => m[1])).toEqual([
        'H1-A02-R03',
      ]);
      expect(one.body).toContain('size: 62mm 29mm');
      const roll = await call(
        wm,
        'GET',
        `/v1/location_labels?location_id=${id}&subtree=true&layout=roll`,
      );
      expect(roll.body.match(/class="page"/g)).toHaveLength(16);
      expect((await call(sales, 'GET', `/v1/location_labels?location_id=${id}`)).statusCode).toBe(
        403,
      );
      expect((await call(otherWm, 'GET', `/v1/location_labels?location_id=${id}`)).statusCode).toBe(
        404,
      );
      expect(
        (await call(wm, 'GET', `/v1/location_labels?location_id=${id}&layout=a5`)).statusCode,
      ).toBe(400);
    });

    it(`refuses more than ${LABELS_MAX} labels with a clear message`, async () => {
      const hall = await code('H1');
      const area = (
        await call(wm, 'POST', '/v1/location', { parent_id: 1, name: 'Overflow' })
      ).json();
      let total = 1;
      while (total <= LABELS_MAX) {
        const r = await call(wm, 'POST', '/v1/copy_location', {
          source_location_id: hall,
          target_location_id: area.location_id,
        });
        expect(r.statusCode).toBe(200);
        total += r.json().copied;
      }
      const r = await call(
        wm,
        'GET',
        `/v1/location_labels?location_id=${area.location_id}&subtree=1`,
      );
      expect(r.statusCode).toBe(400);
      expect(r.json().errors[0].detail).toContain(`This subtree has ${total} locations`);
    });
  });
});
