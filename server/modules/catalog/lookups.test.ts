import { expect, it } from 'vitest';
import { CatalogMessages, type CatalogItem, type CatalogRef } from '../../../contract/catalog';
import { appSuite } from '../../test/app-suite';
import { describeEachDialect } from '../../test/helpers';

/** BrickBase lookups and the catalog browser over the demo catalog. */
describeEachDialect('catalog lookups and browser', (dialect) => {
  const s = appSuite(dialect, {
    digi: ['Demo Bricks', ['digibrick_user']],
    admin: 'admin@demo.test',
    picker: 'picker@demo.test',
    otherAdmin: 'admin@other.test',
  });

  const get = (auth: string | undefined, url: string) =>
    s.t.app.inject({
      method: 'GET',
      url: `/api/v3/brickbase/${url}`,
      headers: auth ? { authorization: auth } : {},
    });
  const items = async (auth: string, url: string) => {
    const res = await get(auth, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; results: CatalogItem[] };
  };
  const page = async (auth: string, query: string) => {
    const res = await get(auth, `catalog/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; results: CatalogRef[] };
  };

  it('reads a part by id and by uuid with elements, relations and the sets it is in', async () => {
    const byId = await items(s.picker, 'parts/1');
    expect(byId.count).toBe(1);
    const part = byId.results[0];
    expect(part).toMatchObject({
      type: 'part',
      id: 1,
      name: 'Brick 2 x 4',
      rebrickable_id: '3001',
    });
    expect(part.category).toBe('Bricks');
    expect(part.elements.length).toBeGreaterThanOrEqual(2);
    expect(part.elements[0].colour.name).toBeTruthy();
    expect(part.sets.map((s) => s.rebrickable_id)).toContain('10696-1');
    expect(part.sets_count).toBe(part.sets.length);
    const byUuid = await items(s.picker, `parts/${part.uuid}`);
    expect(byUuid.results[0].id).toBe(1);
    const several = await items(s.picker, `parts/2,1,${part.uuid},999999`);
    expect(several.results.map((p) => p.id)).toEqual([2, 1]);
  });

  it('lists relations of either end under their names', async () => {
    const jumper = await s.t.app.db
      .selectFrom('parts')
      .select('id')
      .where('rebrickable_id', '=', '15573')
      .executeTakeFirstOrThrow();
    const { results } = await items(s.digi, `parts/${jumper.id}`);
    expect(results[0].relations).toEqual([
      expect.objectContaining({
        rel_type: 'mold',
        part: expect.objectContaining({ rebrickable_id: '3794b' }),
      }),
    ]);
  });

  it('reads a set with its inventory, minifigs, instructions and boxes', async () => {
    const box = (await items(s.digi, 'sets/1')).results[0];
    expect(box.type).toBe('set');
    expect(box.elements).toHaveLength(12);
    expect(box.elements[0]).toMatchObject({ quantity: expect.any(Number), is_alternate: 0 });
    expect(box.instructions).toHaveLength(1);
    expect(box.box).toHaveLength(1);
    const police = (await items(s.digi, 'sets/2')).results[0];
    expect(police.minifigs.map((m) => m.name)).toEqual(['Police Officer']);
    const fig = (await items(s.digi, 'minifig/1')).results[0];
    expect(fig.sets.map((s) => s.id)).toEqual([2]);
    expect(fig.sets_count).toBe(1);
  });

  it('reads an element with its part, colour and sets', async () => {
    const el = (await items(s.digi, 'elements/1')).results[0];
    expect(el.type).toBe('element');
    expect(el.colour).not.toBeNull();
    expect(el.elements[0].part.id).toBe(1);
    expect(el.sets.map((s) => s.id)).toEqual([1]);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    for (const url of ['parts/999999', 'sets/2147483647', 'minifig/nope', 'elements/99999999999']) {
      const res = await get(s.digi, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errors[0].detail).toBe(CatalogMessages.notFound);
    }
    expect((await get(s.digi, 'uuids/unknown,also-unknown')).statusCode).toBe(404);
    for (const url of ['parts/%00', `parts/${'1,'.repeat(100)}1`, `parts/${'x'.repeat(65)}`]) {
      expect((await get(s.digi, url)).statusCode, url).toBe(400);
    }
  });

  it('finds objects of any kind by uuid, leaving unknown ones out', async () => {
    const part = (await items(s.digi, 'parts/1')).results[0];
    const set = (await items(s.digi, 'sets/1')).results[0];
    const res = await items(s.digi, `uuids/${set.uuid},unknown-uuid,${part.uuid}`);
    expect(res.results.map((r) => [r.type, r.id])).toEqual([
      ['set', 1],
      ['part', 1],
    ]);
  });

  it('lists colours, themes and categories to any signed-in user, never without a session', async () => {
    const colours = (await get(s.picker, 'colours/')).json();
    expect(colours.count).toBe(40);
    expect(colours.results[0]).toMatchObject({ name: expect.any(String), hex: expect.any(String) });
    expect((await get(s.picker, 'themes/')).json().count).toBe(5);
    expect((await get(s.picker, 'categories/')).json().count).toBe(14);
    expect((await get(undefined, 'colours/')).statusCode).toBe(401);
    expect((await get(undefined, 'parts/1')).statusCode).toBe(401);
  });

  it('browses parts 25 a page, by name, with the count of all', async () => {
    const total = await s.t.app.db
      .selectFrom('parts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const first = await page(s.digi, 'tab=parts');
    expect(first.count).toBe(Number(total.n));
    expect(first.results).toHaveLength(25);
    const names = first.results.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const second = await page(s.digi, 'tab=parts&page=1');
    expect(second.results[0].name >= names[24]).toBe(true);
    expect(second.results.map((r) => r.id)).not.toContain(first.results[0].id);
  });

  it('searches names in either case and ids exactly, taking wildcards literally', async () => {
    const bricks = await page(s.digi, 'tab=parts&search=bRiCk%202%20x');
    expect(bricks.count).toBeGreaterThan(3);
    expect(bricks.results.every((r) => /brick 2 x/i.test(r.name))).toBe(true);
    const byNumber = await page(s.digi, 'tab=parts&search=3001');
    expect(byNumber.results.map((r) => r.name)).toEqual(['Brick 2 x 4']);
    expect((await page(s.digi, 'tab=parts&search=%25')).count).toBe(0);
    expect((await page(s.digi, 'tab=parts&search=_')).count).toBe(0);
  });

  it('filters parts by category and sets by theme, and lists documents', async () => {
    const plates = await page(s.digi, 'tab=parts&category_id=2&size=100');
    expect(plates.results.every((r) => r.group === 'Plates')).toBe(true);
    expect(plates.count).toBe(plates.results.length);
    const police = await page(s.digi, 'tab=sets&theme_id=3');
    expect(police.results.every((r) => r.group === 'Police')).toBe(true);
    const instructions = await page(s.digi, 'tab=instructions');
    expect(instructions.results[0]).toMatchObject({
      type: 'instruction',
      set_id: expect.any(Number),
    });
    const boxes = await page(s.digi, 'tab=boxes&search=original%20box');
    expect(boxes.count).toBe(instructions.count);
    expect((await page(s.digi, 'tab=books')).count).toBe(0);
  });

  it('searches parts, minifigs and sets together on the overview, and counts every tab', async () => {
    const police = await page(s.admin, 'tab=overview&search=police');
    expect(new Set(police.results.map((r) => r.type))).toEqual(new Set(['set', 'minifig']));
    const counts = (await get(s.digi, 'catalog/overview/')).json();
    expect(counts.overview).toBe(counts.parts + counts.minifigs + counts.sets);
    expect(counts.minifigs).toBe(1);
  });

  it('opens the browser to the catalog staff only; the catalog is the same for every company', async () => {
    expect((await get(s.picker, 'catalog/?tab=parts')).statusCode).toBe(403);
    expect((await get(s.picker, 'catalog/overview/')).statusCode).toBe(403);
    const ours = await page(s.admin, 'tab=sets');
    const theirs = await page(s.otherAdmin, 'tab=sets');
    expect(theirs).toEqual(ours);
  });

  it('refuses bad browser input with 400', async () => {
    for (const q of ['tab=nope', 'page=-1', 'size=0', 'size=101', 'category_id=0', 'year=1']) {
      expect((await get(s.digi, `catalog/?${q}`)).statusCode, q).toBe(400);
    }
  });
});
