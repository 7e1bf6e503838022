import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LocationMessages } from '../../../contract/locations';
import { describeEachDialect } from '../../test/helpers';
import { treeSnapshot } from '../../test/locations-support';
import { locationTreeSuite } from '../../test/location-tree-suite';
import { tombstoneKeys } from '../../test/sync-device';

describeEachDialect('location tree: editing and copying', (dialect) => {
  const s = locationTreeSuite(dialect);
  const { call, children, code } = s;
  describe('editing', () => {
    it('lets only the warehouse manager edit (picker and order manager read only)', async () => {
      for (const auth of [s.picker, s.orders, s.sales]) {
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
      const a = await call(s.wm, 'POST', '/v1/location', { parent_id: shelf });
      expect(a.statusCode).toBe(201);
      expect(a.json()).toMatchObject({
        location_name: 'new location',
        code: 'H1-A01-R01-S1-B5',
        parent_id: shelf,
      });
      const b = await call(s.wm, 'POST', '/v1/location', { parent_id: shelf, name: 'Extra bin' });
      expect(b.json()).toMatchObject({ location_name: 'Extra bin', code: 'H1-A01-R01-S1-B6' });
      const leaf = await call(s.wm, 'POST', '/v1/location', { parent_id: b.json().location_id });
      expect(leaf.json().code).toBe('H1-A01-R01-S1-B6-1');
      const hall = await call(s.wm, 'POST', '/v1/location', { parent_id: 1, name: 'Hall 3' });
      expect(hall.json().code).toBe('H3');
      expect(
        (await call(s.wm, 'POST', '/v1/location', { parent_id: 1, name: '  ' })).statusCode,
      ).toBe(400);
    });

    it('renames, and protects the root from rename, move and delete', async () => {
      const id = await code('H1-A01-R01-S1-B6');
      const res = await call(s.wm, 'PUT', `/v1/location?location_id=${id}`, { name: 'Bin 6' });
      expect(res.statusCode).toBe(200);
      expect(res.json().location_name).toBe('Bin 6');
      const before = await treeSnapshot(s.t.app, s.demo);
      for (const [method, payload] of [
        ['PUT', { name: 'Root' }],
        ['PUT', { parent_id: 2 }],
        ['DELETE', undefined],
      ] as const) {
        const r = await call(s.wm, method, '/v1/location?location_id=1', payload);
        expect(r.statusCode).toBe(400);
        expect(r.json().errors[0].detail).toBe(LocationMessages.rootProtected);
      }
      const both = await call(s.wm, 'PUT', `/v1/location?location_id=${id}`, {
        name: 'a',
        parent_id: 2,
      });
      expect(both.statusCode).toBe(400);
      expect(await treeSnapshot(s.t.app, s.demo)).toEqual(before);
    });

    it('moves a subtree with one change and refuses cycles', async () => {
      const rack = await code('H1-A02-R02');
      const aisle = await code('H2-A01');
      const before = await treeSnapshot(s.t.app, s.demo);
      for (const target of [rack, await code('H1-A02-R02-S2'), await code('H1-A02-R02-S2-B3')]) {
        const r = await call(s.wm, 'PUT', `/v1/location?location_id=${rack}`, {
          parent_id: target,
        });
        expect(r.statusCode).toBe(400);
        expect(r.json().errors[0].detail).toBe(LocationMessages.moveIntoSelf);
      }
      expect(await treeSnapshot(s.t.app, s.demo)).toEqual(before);
      const moved = await call(s.wm, 'PUT', `/v1/location?location_id=${rack}`, {
        parent_id: aisle,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().parent_id).toBe(aisle);
      const bin = await call(
        s.wm,
        'GET',
        `/v1/location?location_id=${await code('H1-A02-R02-S2-B3')}`,
      );
      expect(bin.json().breadcrumb).toBe(
        'Warehouse > Hall 2 > Aisle 01 > Rack 02 > Shelf 2 > Bin 3',
      );
      expect(bin.json().code).toBe('H1-A02-R02-S2-B3');
      const changed = (await treeSnapshot(s.t.app, s.demo)).filter((l) => !before.includes(l));
      expect(changed).toHaveLength(1);
    });

    it('refuses to delete a subtree holding stock, and deletes an empty one whole', async () => {
      const stocked = await s.t.app.db
        .selectFrom('location_content')
        .innerJoin('locations as l', 'l.id', 'location_content.location_id')
        .select('l.parent_id')
        .where('l.company_id', '=', s.demo)
        .where('location_content.quantity', '>', 0)
        .executeTakeFirstOrThrow();
      const before = await treeSnapshot(s.t.app, s.demo);
      const refused = await call(s.wm, 'DELETE', `/v1/location?location_id=${stocked.parent_id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0].detail).toMatch(/still holds stock/);
      expect(await treeSnapshot(s.t.app, s.demo)).toEqual(before);

      const top = (await call(s.wm, 'POST', '/v1/location', { parent_id: 1, name: 'Temp' })).json();
      const kid = (await call(s.wm, 'POST', '/v1/location', { parent_id: top.location_id })).json();
      await call(s.wm, 'POST', '/v1/location', { parent_id: kid.location_id });
      const del = await call(s.wm, 'DELETE', `/v1/location?location_id=${top.location_id}`);
      expect(del.statusCode).toBe(200);
      expect(del.json().deleted).toBe(3);
      expect(
        (await call(s.wm, 'GET', `/v1/location?location_id=${kid.location_id}`)).statusCode,
      ).toBe(404);
      expect(await tombstoneKeys(s.t, s.demo, 'locations')).toContain(String(kid.location_id));
    });
  });

  describe('copy', () => {
    it('copies a whole subtree with new ids and unique codes, without content', async () => {
      const rack = await code('H1-A01-R01');
      const aisle = await code('H2-A03');
      const res = await call(s.wm, 'POST', '/v1/copy_location', {
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
      const shelves = await children(s.wm, location.location_id);
      expect(shelves.map((shelf) => shelf.code)).toEqual([
        'H2-A03-R04-S1',
        'H2-A03-R04-S2',
        'H2-A03-R04-S3',
      ]);
      const copies = await s.t.app.db
        .selectFrom('locations')
        .select(['id', 'code'])
        .where('company_id', '=', s.demo)
        .where('code', 'like', 'H2-A03-R04%')
        .execute();
      expect(copies).toHaveLength(copied);
      const stock = await s.t.app.db
        .selectFrom('location_content')
        .select('id')
        .where(
          'location_id',
          'in',
          copies.map((c) => c.id),
        )
        .execute();
      expect(stock).toHaveLength(0);
      const all = await s.t.app.db
        .selectFrom('locations')
        .select('code')
        .where('company_id', '=', s.demo)
        .execute();
      expect(new Set(all.map((a) => a.code)).size).toBe(all.length);
    });

    it('refuses to copy a location into its own subtree', async () => {
      const rack = await code('H1-A01-R02');
      const r = await call(s.wm, 'POST', '/v1/copy_location', {
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
      await s.t.app.db
        .updateTable('locations')
        .set({ name: 'Boom' })
        .where('id', '=', bin)
        .execute();
      await sql`create unique index test_boom_uq on locations (name) where name = 'Boom'`.execute(
        s.t.app.db,
      );
      try {
        const before = await treeSnapshot(s.t.app, s.demo);
        const versionBefore = await s.t.app.db
          .selectFrom('company_sync_versions')
          .select('version')
          .where('company_id', '=', s.demo)
          .executeTakeFirst();
        const r = await call(s.wm, 'POST', '/v1/copy_location', {
          source_location_id: await code('H1-A03-R01'),
          target_location_id: await code('H2-A02'),
        });
        expect(r.statusCode).toBe(500);
        expect(await treeSnapshot(s.t.app, s.demo)).toEqual(before);
        const versionAfter = await s.t.app.db
          .selectFrom('company_sync_versions')
          .select('version')
          .where('company_id', '=', s.demo)
          .executeTakeFirst();
        expect(versionAfter).toEqual(versionBefore);
      } finally {
        await sql`drop index test_boom_uq`.execute(s.t.app.db);
      }
    });
  });
});
