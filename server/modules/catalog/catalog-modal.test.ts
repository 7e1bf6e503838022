import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  CatalogModalMessages as M,
  type CatalogTray,
  type MouldInfo,
  type MouldRef,
} from '../../../contract/catalog-modal';
import { DEMO_CLAIMED_BATCH_ID } from '../../seed-demo-domain/digitizing';
import { appSuite } from '../../test/app-suite';
import { caller, describeEachDialect } from '../../test/helpers';
import { traysOf } from '../../test/digitizing';
import { mouldFamily, type LinkedMould } from './mould-family';

/** The digitizing desk's catalog over the demo moulds, and trays added from it. */
describeEachDialect(
  'catalog modal: types, moulds, item info, trays from the catalog',
  (dialect) => {
    const s = appSuite(dialect, {
      user: ['Demo Bricks', ['digibrick_user']],
      manager: ['Demo Bricks', ['digibrick_manager']],
      picker: ['Demo Bricks', ['picker']],
      admin: ['Demo Bricks', ['admin']],
      otherDigi: ['Other Bricks', ['digibrick_manager']],
    });

    const call = caller(() => s.t);
    const ok = async <T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as T;
    };
    const list = (q: string) =>
      ok<{ count: number; results: MouldRef[] }>(call(s.user, 'GET', `/v1/catalog/items?${q}`));
    const info = (id: number) =>
      ok<MouldInfo>(call(s.manager, 'GET', `/v1/catalog/iteminfo?id=${id}`));

    it('lists the types; only the digitizing staff may use the catalog', async () => {
      const types = await ok<{ results: { id: number; name: string }[] }>(
        call(s.user, 'GET', '/v1/catalog/types'),
      );
      expect(types.results.slice(0, 2)).toEqual([
        { id: 1, name: 'set' },
        { id: 2, name: 'brick' },
      ]);
      for (const who of [s.picker, s.admin]) {
        expect((await call(who, 'GET', '/v1/catalog/types')).statusCode).toBe(403);
        expect((await call(who, 'GET', '/v1/catalog/iteminfo?id=3001')).statusCode).toBe(403);
        const add = await call(who, 'POST', '/v1/catalog/trays', {
          batch_id: 1,
          items: [{ mold_id: 3001 }],
        });
        expect(add.statusCode).toBe(403);
      }
    });

    it('lists the moulds of a category with its sub-categories, by name; searches by name or number', async () => {
      // Category 1 "Bricks" holds "Bricks Sloped" (4) and "Bricks Round and Cones" (5).
      const bricks = await list('type=2&ct=1&size=100');
      const sloped = await list('type=2&ct=4&size=100');
      expect(sloped.count).toBeGreaterThan(0);
      expect(bricks.count).toBeGreaterThan(sloped.count);
      const ids = new Set(bricks.results.map((m) => m.id));
      expect(sloped.results.every((m) => ids.has(m.id))).toBe(true);
      expect(bricks.results.some((m) => m.id === 3001)).toBe(true);
      const names = bricks.results.map((m) => m.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const paged = await list('type=2&ct=1&size=2&page=1');
      expect(paged.results.map((m) => m.id)).toEqual(bricks.results.slice(2, 4).map((m) => m.id));
      expect(paged.count).toBe(bricks.count);

      expect((await list('type=2&search=2 x 4')).results.map((m) => m.name)).toContain(
        'Brick 2 x 4',
      );
      expect((await list('type=2&search=3001')).results.map((m) => m.id)).toEqual([3001]);
      expect((await list('type=2&search=100%')).count).toBe(0);
      // Sets are browsed by theme: City (2) holds Police (3) and the police car.
      expect((await list('type=1&ct=2')).results.map((m) => m.id)).toEqual([60312]);
      expect((await list('type=1&ct=1')).results.map((m) => m.id)).toEqual([10696]);
      expect((await list('type=2&ct=2')).results.some((m) => m.id === 60312)).toBe(false);
      expect((await call(s.user, 'GET', '/v1/catalog/items?type=x')).statusCode).toBe(400);
    });

    it('shows a set with its inventory children, a part with its parents and relations', async () => {
      const box = await info(10696);
      expect(box).toMatchObject({ name: 'Medium Creative Brick Box', type: 'set', year: 2015 });
      expect(box).toMatchObject({ theme: 'Classic', sub_theme: null, num_parts_set: 484 });
      expect(box.url).toBe('https://www.bricklink.com/v2/catalog/catalogitem.page?S=10696-1');
      expect(box.inventory_children).toHaveLength(12);
      const child = box.inventory_children[0];
      expect(child.id).not.toBeNull();
      expect(child.color_name).toBeTruthy();
      expect(child.quantity).toBeGreaterThan(0);

      const car = await info(60312);
      expect(car).toMatchObject({ theme: 'City', sub_theme: 'Police' });
      expect(car.inventory_children).toEqual([
        expect.objectContaining({ id: null, name: 'Police Officer', quantity: 1, colour_id: null }),
      ]);

      // A child part lists the box among its parents.
      const part = await info(child.id!);
      expect(part.inventory_parents).toContainEqual(
        expect.objectContaining({ id: 10696, name: 'Medium Creative Brick Box' }),
      );
      // Relations in either direction, with the other part's mould.
      const jumper = await info(3794);
      expect(jumper.relationships).toEqual([expect.objectContaining({ id: 15573, rel_type: 'M' })]);
      const other = await info(15573);
      expect(other.relationships).toEqual([expect.objectContaining({ id: 3794, rel_type: 'M' })]);
      const missing = await call(s.user, 'GET', '/v1/catalog/iteminfo?id=999999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().errors[0].detail).toBe(M.mouldNotFound);
    });

    it("adds trays at the end of a batch: quantity 1, 'ready for filling', price 0, NEW", async () => {
      const before = await traysOf(s.t, 2);
      const variant = await s.t.app.db
        .selectFrom('items')
        .select(['id', 'mold_id', 'colour_id'])
        .where('company_id', '=', s.demo)
        .where('condition', '=', 'NEW')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const res = await ok<{ results: CatalogTray[] }>(
        call(s.user, 'POST', '/v1/catalog/trays', {
          batch_id: 2,
          items: [
            { mold_id: 3001 },
            { mold_id: variant.mold_id, colour_id: variant.colour_id },
            { mold_id: 3001 },
          ],
        }),
      );
      const last = Math.max(...before.map((b) => b.tray_nr));
      expect(res.results.map((r) => r.tray_nr)).toEqual([last + 1, last + 2, last + 3]);
      expect(res.results[1].item_id).toBe(variant.id);
      expect(res.results[0]).toMatchObject({ item_id: null, colour_id: null, mold_id: 3001 });
      const after = await traysOf(s.t, 2);
      const added = after.slice(before.length);
      expect(added).toHaveLength(3);
      for (const tray of added) {
        expect(tray).toMatchObject({
          company_id: s.demo,
          quantity: 1,
          status: 'ready for filling',
          condition: 'NEW',
          accepted: 0,
        });
        expect(Number(tray.price)).toBe(0);
      }
      // Stamped newer than every tray before: a filler's device pulls them (batch 2 is on the floor).
      const newest = Math.max(...before.map((b) => Number(b.version)));
      expect(added.every((a) => Number(a.version) > newest)).toBe(true);
      const pull = await ok<{ rows: { tray_id: number }[] }>(
        call(s.picker, 'GET', `/v1/sync/pull?collection=trays&cursor=${newest}`),
      );
      expect(pull.rows.map((r) => r.tray_id)).toEqual(
        expect.arrayContaining(added.map((a) => a.id)),
      );
    });

    it('numbers the trays of two adds at once one after the other (writers queue)', async () => {
      const before = await traysOf(s.t, 3);
      const add = (auth: string) =>
        call(auth, 'POST', '/v1/catalog/trays', {
          batch_id: 3,
          items: [{ mold_id: 3001 }, { mold_id: 3003 }],
        });
      const answers = await Promise.all([add(s.user), add(s.manager)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const numbers = (await traysOf(s.t, 3)).map((r) => r.tray_nr);
      expect(numbers).toHaveLength(before.length + 4);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(Math.max(...numbers)).toBe(Math.max(...before.map((b) => b.tray_nr)) + 4);
    });

    it("refuses another company's batch, unknown moulds and colours, and a batch someone else claimed", async () => {
      const count = async () =>
        (await s.t.app.db.selectFrom('trays').select('id').execute()).length;
      const total = await count();
      const foreign = await call(s.otherDigi, 'POST', '/v1/catalog/trays', {
        batch_id: 1,
        items: [{ mold_id: 3001 }],
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().errors[0].detail).toBe(M.batchNotFound);

      const mould = await call(s.user, 'POST', '/v1/catalog/trays', {
        batch_id: 1,
        items: [{ mold_id: 3001 }, { mold_id: 987654 }],
      });
      expect(mould.statusCode).toBe(404);
      expect(mould.json().errors[0].detail).toBe(M.mouldsNotFound([987654]));
      const colour = await call(s.user, 'POST', '/v1/catalog/trays', {
        batch_id: 1,
        items: [{ mold_id: 3001, colour_id: 99999 }],
      });
      expect(colour.statusCode).toBe(404);
      expect(colour.json().errors[0].detail).toBe(M.colourNotFound);

      // The demo's claimed batch is held by the demo digibrick_user, not by this manager.
      const claimed = await call(s.manager, 'POST', '/v1/catalog/trays', {
        batch_id: DEMO_CLAIMED_BATCH_ID,
        items: [{ mold_id: 3001 }],
      });
      expect(claimed.statusCode).toBe(409);
      expect(claimed.json().errors[0].detail).toBe(M.claimRefused);
      for (const body of [
        { batch_id: 1, items: [] },
        { batch_id: 1 },
        { batch_id: 'x', items: [{ mold_id: 1 }] },
      ]) {
        expect((await call(s.user, 'POST', '/v1/catalog/trays', body)).statusCode).toBe(400);
      }
      expect(await count()).toBe(total);
    });

    it('names the sets listing a minifig or a set, and the sets a set lists among its children', async () => {
      const setOf = async (mould: number) =>
        (
          await s.t.app.db
            .selectFrom('moulds')
            .select('set_id')
            .where('id', '=', mould)
            .executeTakeFirstOrThrow()
        ).set_id!;
      const box = await setOf(10696);
      const car = await setOf(60312);
      await s.t.app.db
        .insertInto('set_in_set')
        .values({ uuid: randomUUID(), parent_set_id: box, child_set_id: car, quantity: 2 })
        .execute();
      const officer = await s.t.app.db
        .selectFrom('minifigs')
        .select('id')
        .where('name', '=', 'Police Officer')
        .executeTakeFirstOrThrow();

      const familyOf = (link: Partial<LinkedMould>) =>
        mouldFamily(s.t.app.db, { part_id: null, minifig_id: null, set_id: null, ...link });

      expect((await familyOf({ set_id: box })).inventory_children).toContainEqual(
        expect.objectContaining({ id: 60312, name: 'Police Car', quantity: 2, colour_id: null }),
      );
      expect((await familyOf({ set_id: car })).inventory_parents).toEqual([
        { id: 10696, name: 'Medium Creative Brick Box', img: expect.anything() },
      ]);
      const carries = await familyOf({ minifig_id: officer.id });
      expect(carries.inventory_parents).toEqual([expect.objectContaining({ id: 60312 })]);
      await s.t.app.db.deleteFrom('set_in_set').where('parent_set_id', '=', box).execute();
    });
  },
);
