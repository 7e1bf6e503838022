import { describe, expect, it } from 'vitest';
import { LABELS_MAX } from '../../../contract/locations';
import { describeEachDialect } from '../../test/helpers';
import { treeSnapshot } from '../../test/locations-support';
import { locationTreeSuite } from '../../test/location-tree-suite';

describeEachDialect('location tree: reading, company boundaries and labels', (dialect) => {
  const s = locationTreeSuite(dialect);
  const { call, children, code } = s;
  describe('reading', () => {
    it('answers the root without parent_id, then one level per call', async () => {
      const [root] = await children(s.wm);
      expect(root).toMatchObject({
        location_id: 1,
        parent_id: null,
        code: 'WH',
        has_children: true,
      });
      const top = await children(s.wm, 1);
      expect(top.map((n) => n.code)).toEqual(['H1', 'H2', 'RCV']);
      expect(top.every((n) => n.has_children === (n.code !== 'RCV'))).toBe(true);
      expect(top.find((n) => n.code === 'RCV')!.is_selected_new_location).toBe(1);
      expect(top.find((n) => n.code === 'H1')!.is_selected_new_location).toBe(0);
    });

    it("marks children of a 'new items' location as inherited (2)", async () => {
      const flagged = await code('H2-A03-R03');
      const shelves = await children(s.wm, flagged);
      expect(shelves).toHaveLength(3);
      expect(shelves.every((n) => n.is_selected_new_location === 2)).toBe(true);
      const bins = await children(s.wm, shelves[0].location_id);
      expect(bins.every((n) => n.is_selected_new_location === 2)).toBe(true);
      const plain = await children(s.wm, await code('H1-A02-R01'));
      expect(plain.every((n) => n.is_selected_new_location === 0)).toBe(true);
    });

    it('reports has_content for locations holding items', async () => {
      const row = await s.t.app.db
        .selectFrom('location_content')
        .innerJoin('locations as l', 'l.id', 'location_content.location_id')
        .select(['l.parent_id', 'l.id'])
        .where('l.company_id', '=', s.demo)
        .executeTakeFirstOrThrow();
      const kids = await children(s.wm, row.parent_id!);
      expect(kids.find((n) => n.location_id === row.id)!.has_content).toBe(true);
    });

    it('answers a location with breadcrumb, path and children; the root without location_id', async () => {
      const id = await code('H1-A01-R01');
      const res = await call(s.picker, 'GET', `/v1/location?location_id=${id}`);
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
      const root = await call(s.orders, 'GET', '/v1/location');
      expect(root.json()).toMatchObject({ location_id: 1, is_root: true, breadcrumb: 'Warehouse' });
    });

    it('refuses roles without the tree (403) and unknown ids (404)', async () => {
      expect((await call(s.sales, 'GET', '/v1/location_children?parent_id=1')).statusCode).toBe(
        403,
      );
      expect((await call(s.sales, 'GET', '/v1/location?location_id=1')).statusCode).toBe(403);
      expect((await call(s.wm, 'GET', '/v1/location?location_id=999999')).statusCode).toBe(404);
      expect((await call(s.wm, 'GET', '/v1/location_children?parent_id=abc')).statusCode).toBe(400);
    });
  });

  describe('company boundaries', () => {
    it('shows Other Bricks its own root and none of Demo Bricks', async () => {
      const [root] = await children(s.otherWm);
      expect(root.location_id).not.toBe(1);
      expect((await call(s.otherWm, 'GET', '/v1/location?location_id=1')).statusCode).toBe(404);
      expect((await call(s.otherWm, 'GET', '/v1/location_children?parent_id=1')).statusCode).toBe(
        404,
      );
      const h1 = await code('H1');
      const [ownChild] = await children(s.otherWm, root.location_id);
      const before = await treeSnapshot(s.t.app, s.demo);
      expect(
        (await call(s.otherWm, 'PUT', `/v1/location?location_id=${h1}`, { name: 'x' })).statusCode,
      ).toBe(404);
      expect(
        (
          await call(s.otherWm, 'PUT', `/v1/location?location_id=${ownChild.location_id}`, {
            parent_id: h1,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(s.otherWm, 'DELETE', `/v1/location?location_id=${await code('RCV')}`))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await call(s.otherWm, 'POST', '/v1/copy_location', {
            source_location_id: h1,
            target_location_id: root.location_id,
          })
        ).statusCode,
      ).toBe(404);
      expect(await treeSnapshot(s.t.app, s.demo)).toEqual(before);
    });
  });

  describe('labels', () => {
    it('prints every code of a subtree as QR and Code 128 with the breadcrumb', async () => {
      const rack = await code('H1-A02-R03');
      const r = await call(
        s.picker,
        'GET',
        `/v1/location_labels?location_id=${rack}&subtree=1&layout=sheet`,
      );
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      const codes = [...r.body.matchAll(/data-code="([^"]+)"/g)].map((m) => m[1]);
      const expected = await s.t.app.db
        .selectFrom('locations')
        .select('code')
        .where('company_id', '=', s.demo)
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
      const one = await call(s.wm, 'GET', `/v1/location_labels?location_id=${id}&layout=roll`);
      expect([...one.body.matchAll(/data-code="([^"]+)"/g)].map((m) => m[1])).toEqual([
        'H1-A02-R03',
      ]);
      expect(one.body).toContain('size: 62mm 29mm');
      const roll = await call(
        s.wm,
        'GET',
        `/v1/location_labels?location_id=${id}&subtree=true&layout=roll`,
      );
      expect(roll.body.match(/class="page"/g)).toHaveLength(16);
      expect((await call(s.sales, 'GET', `/v1/location_labels?location_id=${id}`)).statusCode).toBe(
        403,
      );
      expect(
        (await call(s.otherWm, 'GET', `/v1/location_labels?location_id=${id}`)).statusCode,
      ).toBe(404);
      expect(
        (await call(s.wm, 'GET', `/v1/location_labels?location_id=${id}&layout=a5`)).statusCode,
      ).toBe(400);
    });

    it(`refuses more than ${LABELS_MAX} labels with a clear message`, async () => {
      const hall = await code('H1');
      const area = (
        await call(s.wm, 'POST', '/v1/location', { parent_id: 1, name: 'Overflow' })
      ).json();
      let total = 1;
      while (total <= LABELS_MAX) {
        const r = await call(s.wm, 'POST', '/v1/copy_location', {
          source_location_id: hall,
          target_location_id: area.location_id,
        });
        expect(r.statusCode).toBe(200);
        total += r.json().copied;
      }
      const r = await call(
        s.wm,
        'GET',
        `/v1/location_labels?location_id=${area.location_id}&subtree=1`,
      );
      expect(r.statusCode).toBe(400);
      expect(r.json().errors[0].detail).toContain(`This subtree has ${total} locations`);
    });
  });
});
