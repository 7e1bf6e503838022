import { beforeAll, expect, it } from 'vitest';
import {
  PriceLotsMessages as M,
  SET_TO_AVERAGE_CHUNK,
  SET_TO_AVERAGE_MAX,
  type AveragePlan,
  type AverageSetAnswer,
  type AverageSetBody,
  type PriceLotList,
} from '../../../contract/price-lots';
import { nowIso } from '../../db/dialect';
import type { App } from '../../app';
import { appSuite } from '../../test/app-suite';
import { caller, describeEachDialect, details } from '../../test/helpers';
import { companyId } from '../../test/locations-support';

/** A lot as the tests work out what a search should find. */
interface Lot {
  id: number;
  companyId: number;
  itemId: number;
  no: string | null;
  name: string;
  colour: string;
  condition: string;
  price: number;
  seq: number;
  key: string;
}

const keyOf = (r: { bsx: string; no: string | null; bl: number | null; condition: string }) =>
  `${r.bsx}|${r.no}|${r.bl}|${r.condition === 'NEW' ? 'N' : 'U'}`;

/** Every company's items on sale with what the search reads of them. */
async function allLots(app: App): Promise<Lot[]> {
  const rows = await app.db
    .selectFrom('store_items as si')
    .innerJoin('items as i', 'i.id', 'si.item_id')
    .innerJoin('moulds as m', 'm.id', 'i.mold_id')
    .innerJoin('item_types as t', 't.id', 'm.type_id')
    .innerJoin('colours as c', 'c.id', 'i.colour_id')
    .select(['si.id', 'si.company_id', 'si.item_id', 'si.store_price', 'si.change_seq'])
    .select(['m.bl_mold_id', 'm.name', 'c.name as colour', 'c.bl_colour_id', 'i.condition'])
    .select('t.bsx_code')
    .orderBy('si.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    companyId: Number(r.company_id),
    itemId: Number(r.item_id),
    no: r.bl_mold_id,
    name: r.name,
    colour: r.colour,
    condition: r.condition,
    price: Number(r.store_price),
    seq: Number(r.change_seq),
    key: keyOf({ bsx: r.bsx_code, no: r.bl_mold_id, bl: r.bl_colour_id, condition: r.condition }),
  }));
}

/** Keeps BrickLink guides read `daysAgo` days ago with these averages for these lots' keys. */
async function keepGuides(
  app: App,
  lots: Lot[],
  sold: number,
  stock: number,
  daysAgo = 0,
): Promise<void> {
  const fetched_at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const keys = [...new Set(lots.map((l) => l.key))];
  for (let i = 0; i < keys.length; i += 200) {
    const rows = keys.slice(i, i + 200).flatMap((key) => {
      const [item_type, bl_item_no, colour, condition] = key.split('|');
      return (['sold', 'stock'] as const).map((guide_type) => {
        const avg = guide_type === 'sold' ? sold : stock;
        return {
          item_type,
          bl_item_no,
          bl_colour_id: Number(colour),
          condition: condition as 'N' | 'U',
          guide_type,
          found: 1,
          currency_code: 'EUR',
          min_price: avg,
          avg_price: avg,
          max_price: avg,
          qty_avg_price: avg,
          unit_quantity: 1,
          total_quantity: 1,
          fetched_at,
        };
      });
    });
    await app.db
      .insertInto('price_guides')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns([
            'item_type',
            'bl_item_no',
            'bl_colour_id',
            'condition',
            'guide_type',
            'currency_code',
          ])
          .doUpdateSet((eb) => ({
            avg_price: eb.ref('excluded.avg_price'),
            fetched_at: eb.ref('excluded.fetched_at'),
          })),
      )
      .execute();
  }
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

describeEachDialect('edit prices over many lots', (dialect) => {
  const s = appSuite(dialect, {
    syncer: ['Demo Bricks', ['bricksyncer']],
    picker: ['Demo Bricks', ['picker', 'admin']],
    otherSyncer: ['Other Bricks', ['bricksyncer']],
  });
  const call = caller(() => s.t);
  let other: number;
  /** The demo's 30 lots, and Other Bricks' lots of the same BrickLink items as some of them. */
  let demoLots: Lot[];
  let otherLots: Lot[];

  const list = async (auth: string, query: string) => {
    const res = await call(auth, 'GET', `/v1/price_lots?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PriceLotList;
  };
  /** Every lot a search finds, paging through it `limit` a page. */
  const everyFound = async (query: string, limit = 250) => {
    const found: number[] = [];
    for (let page = 1; ; page++) {
      const body = await list(s.syncer, `${query}&limit=${limit}&page=${page}`);
      found.push(...body.results.map((r) => r.id));
      if (body.results.length < limit) return { ids: found, count: body.count };
    }
  };
  const ids = (lots: Lot[]) => lots.map((l) => l.id).sort((a, b) => a - b);
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

  beforeAll(async () => {
    other = await companyId(s.t.app, 'Other Bricks');
    const store = await s.t.app.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '=', other)
      .executeTakeFirstOrThrow();
    // Other Bricks sells its three items too.
    const items = await s.t.app.db
      .selectFrom('items')
      .select('id')
      .where('company_id', '=', other)
      .execute();
    await s.t.app.db
      .insertInto('store_items')
      .values(
        items.map((i, n) => ({
          company_id: other,
          store_id: store.id,
          item_id: i.id,
          store_quantity: 1,
          store_price: 50 + n,
          updated_at: nowIso(),
        })),
      )
      .execute();
    const lots = await allLots(s.t.app);
    demoLots = lots.filter((l) => l.companyId === s.demo);
    otherLots = lots.filter((l) => l.companyId === other);
    expect(demoLots).toHaveLength(30);
    expect(otherLots).toHaveLength(3);
    // The first 20 demo lots' items (and every lot sharing their BrickLink item, colour and
    // condition) have guides: sold 200, for sale 150; Other Bricks' lots have the same guides.
    await keepGuides(s.t.app, [...demoLots.slice(0, 20), ...otherLots], 200, 150);
  });

  const withGuide = () => {
    const keys = new Set([...demoLots.slice(0, 20), ...otherLots].map((l) => l.key));
    return demoLots.filter((l) => keys.has(l.key));
  };

  it('finds lots by item number, name, colour and condition words, a page of the chosen size at a time', async () => {
    const all = await list(s.syncer, 'limit=10&page=1');
    expect(all.count).toBe(30);
    expect(all.results).toHaveLength(10);
    expect(all.results[0]).toMatchObject({
      store_name: expect.any(String),
      bl_item_no: expect.any(String),
      quantity: expect.any(Number),
      waiting: false,
    });
    // In name order, then by id, as the list without a search.
    const names = all.results.map((r) => r.mold_name);
    expect(names).toEqual([...names].sort());
    expect((await everyFound('', 10)).ids).toHaveLength(30);
    // A page past the last still tells how many there are.
    expect(await list(s.syncer, 'limit=10&page=4')).toEqual({ count: 30, results: [] });
    expect(sorted((await everyFound('', 25)).ids)).toEqual(ids(demoLots));

    const number = demoLots[0].no!;
    const byNumber = await everyFound(`q=${number}`);
    expect(sorted(byNumber.ids)).toEqual(
      ids(
        demoLots.filter(
          (l) =>
            l.no?.toLowerCase().startsWith(number.toLowerCase()) ||
            l.name.toLowerCase().includes(number) ||
            l.colour.toLowerCase().includes(number),
        ),
      ),
    );
    expect(byNumber.ids.length).toBeGreaterThan(0);

    const colour = demoLots[1].colour;
    const word = colour.split(' ').at(-1)!.toLowerCase();
    const name = demoLots[1].name.split(' ')[0].toLowerCase();
    const both = await everyFound(`q=${encodeURIComponent(`${name.toUpperCase()}  ${word}`)}`);
    const has = (l: Lot, w: string) =>
      l.no?.toLowerCase().startsWith(w) ||
      l.name.toLowerCase().includes(w) ||
      l.colour.toLowerCase().includes(w);
    expect(sorted(both.ids)).toEqual(ids(demoLots.filter((l) => has(l, name) && has(l, word))));
    expect(both.ids).toContain(demoLots[1].id);
    expect(both.count).toBe(both.ids.length);

    const used = await everyFound('q=used');
    expect(sorted(used.ids)).toEqual(ids(demoLots.filter((l) => l.condition !== 'NEW')));
    expect(used.ids.length).toBeGreaterThan(0);
    const usedNamed = await everyFound(`q=used+${name}`);
    expect(sorted(usedNamed.ids)).toEqual(
      ids(demoLots.filter((l) => l.condition !== 'NEW' && has(l, name))),
    );

    // LIKE's wildcards are taken as typed.
    expect((await list(s.syncer, 'q=%25')).count).toBe(0);
    expect((await list(s.syncer, 'q=_')).count).toBe(0);
    expect((await list(s.syncer, 'q=nothing-like-this')).count).toBe(0);
  });

  it('filters by condition and by price guide: with, without, below or above the sold or for-sale average', async () => {
    const newOnes = await everyFound('condition=NEW');
    expect(sorted(newOnes.ids)).toEqual(ids(demoLots.filter((l) => l.condition === 'NEW')));
    const usedOnes = await everyFound('condition=USED');
    expect(sorted(usedOnes.ids)).toEqual(ids(demoLots.filter((l) => l.condition !== 'NEW')));
    const good = await everyFound('condition=GOOD');
    expect(sorted(good.ids)).toEqual(ids(demoLots.filter((l) => l.condition === 'GOOD')));

    const guided = withGuide();
    expect(guided.length).toBeGreaterThanOrEqual(20);
    expect(guided.length).toBeLessThan(30);
    expect(sorted((await everyFound('guide=with')).ids)).toEqual(ids(guided));
    expect(sorted((await everyFound('guide=without')).ids)).toEqual(
      ids(demoLots.filter((l) => !guided.includes(l))),
    );
    expect(sorted((await everyFound('guide=below')).ids)).toEqual(
      ids(guided.filter((l) => l.price < 200)),
    );
    expect(sorted((await everyFound('guide=above&average=sold')).ids)).toEqual(
      ids(guided.filter((l) => l.price > 200)),
    );
    expect(sorted((await everyFound('guide=below&average=stock')).ids)).toEqual(
      ids(guided.filter((l) => l.price < 150)),
    );
    expect(sorted((await everyFound('guide=above&average=stock&condition=NEW')).ids)).toEqual(
      ids(guided.filter((l) => l.price > 150 && l.condition === 'NEW')),
    );

    // A guide read more than 30 days ago no longer counts.
    const old = demoLots.find((l) => !guided.includes(l))!;
    await keepGuides(s.t.app, [old], 900, 900, 31);
    expect((await everyFound('guide=without')).ids).toContain(old.id);
  });

  it("never shows another company's lots, and is for bricksyncers only", async () => {
    const others = await everyFound('');
    expect(others.ids).not.toEqual(expect.arrayContaining([otherLots[0].id]));
    const theirs = await list(s.otherSyncer, 'limit=250');
    expect(sorted(theirs.results.map((r) => r.id))).toEqual(ids(otherLots));
    const plan = await call(s.otherSyncer, 'POST', '/v1/price_lots_average_plan', {
      set_to: 'sold',
      percent: 0,
    });
    expect((plan.json() as AveragePlan).lots).toBe(3);
    expect((await call(s.picker, 'GET', '/v1/price_lots')).statusCode).toBe(403);
    const setByPicker = await call(s.picker, 'POST', '/v1/price_lots_average', {
      set_to: 'sold',
      percent: 0,
    });
    expect(setByPicker.statusCode).toBe(403);
  });

  it('refuses bad queries and bodies: page sizes above 250, unknown filters, long searches, percentages out of range', async () => {
    for (const query of [
      'limit=251',
      'limit=0',
      'limit=ten',
      'page=0',
      'condition=MINT',
      'guide=cheap',
      'average=sometimes',
      `q=${'a'.repeat(101)}`,
      'q=%00',
    ]) {
      const res = await call(s.syncer, 'GET', `/v1/price_lots?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await list(s.syncer, 'limit=250')).results).toHaveLength(30);
    for (const body of [
      { set_to: 'sold', percent: 1001 },
      { set_to: 'sold', percent: -100 },
      { set_to: 'sold', percent: 1.5 },
      { set_to: 'cheapest', percent: 0 },
      { percent: 0 },
      { set_to: 'sold', percent: 0, after_id: -1 },
      { set_to: 'sold', percent: 0, after_id: 2 ** 31 },
    ]) {
      const res = await call(s.syncer, 'POST', '/v1/price_lots_average', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  /** Runs Set to average as the screen does: call after call until next_after_id is null. */
  async function setAll(auth: string, body: AverageSetBody) {
    const answers: AverageSetAnswer[] = [];
    let after = 0;
    for (let i = 0; i < 100; i++) {
      const res = await call(auth, 'POST', '/v1/price_lots_average', { ...body, after_id: after });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as AverageSetAnswer;
      answers.push(answer);
      if (answer.next_after_id === null) return answers;
      after = answer.next_after_id;
    }
    throw new Error('Set to average did not end');
  }

  it('plans, then sets every lot a filter finds over more than one page; other lots and companies keep their prices', async () => {
    const guided = withGuide();
    const filter = { q: 'brick', guide: 'with' as const };
    const found = demoLots.filter(
      (l) => guided.includes(l) && l.name.toLowerCase().includes('brick'),
    );
    expect(found.length).toBeGreaterThan(10);
    expect((await list(s.syncer, 'q=brick&guide=with&limit=10')).count).toBe(found.length);

    const planRes = await call(s.syncer, 'POST', '/v1/price_lots_average_plan', {
      ...filter,
      set_to: 'sold',
      percent: 10,
    });
    expect(planRes.statusCode, planRes.body).toBe(200);
    const plan = planRes.json() as AveragePlan;
    const changing = found.filter((l) => l.price !== 220);
    expect(plan).toMatchObject({
      lots: found.length,
      changes: changing.length,
      unchanged: found.length - changing.length,
      no_guide: 0,
    });
    expect(plan.sample.length).toBe(Math.min(10, changing.length));
    expect(plan.sample[0]).toMatchObject({
      new: 220,
      currency: 'EUR',
      label: expect.stringContaining(' (Demo '),
    });
    // The plan changes nothing.
    expect((await allLots(s.t.app)).filter((l) => l.price === 220)).toHaveLength(
      demoLots.filter((l) => l.price === 220).length,
    );

    const answers = await setAll(s.syncer, { ...filter, set_to: 'sold', percent: 10 });
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({
      lots: found.length,
      changes: changing.length,
      next_after_id: null,
    });

    const after = await allLots(s.t.app);
    for (const lot of after) {
      const before = [...demoLots, ...otherLots].find((l) => l.id === lot.id)!;
      if (changing.some((l) => l.id === lot.id)) {
        expect(lot.price, `lot ${lot.id}`).toBe(220);
        expect(lot.seq, `lot ${lot.id}`).toBe(before.seq + 1);
      } else {
        expect(lot.price, `lot ${lot.id}`).toBe(before.price);
        expect(lot.seq, `lot ${lot.id}`).toBe(before.seq);
      }
    }
    const waiting = await s.t.app.db
      .selectFrom('store_items')
      .select('id')
      .where('needs_upload', '=', 1)
      .execute();
    expect(sorted(waiting.map((w) => Number(w.id)))).toEqual(ids(changing));
    const page = await list(s.syncer, 'q=brick&guide=with&limit=250');
    expect(page.results.every((r) => r.store_price === 220 && r.waiting)).toBe(true);

    // Lots without a guide keep their price and are counted so.
    const mixed = await call(s.syncer, 'POST', '/v1/price_lots_average_plan', {
      set_to: 'stock',
      percent: -20,
    });
    expect(mixed.json()).toMatchObject({
      lots: 30,
      changes: withGuide().length,
      no_guide: 30 - withGuide().length,
    });
    demoLots = (await allLots(s.t.app)).filter((l) => l.companyId === s.demo);
  });

  it(`sets ${SET_TO_AVERAGE_CHUNK.toLocaleString('en-US')} lots a call, and refuses a search of more than ${SET_TO_AVERAGE_MAX.toLocaleString('en-US')} lots`, async () => {
    // More lots: the demo's moulds in colours and conditions it has no item of, on its BrickLink store.
    const db = s.t.app.db;
    const taken = new Set(
      (
        await db
          .selectFrom('items')
          .select(['mold_id', 'colour_id', 'condition'])
          .where('company_id', '=', s.demo)
          .execute()
      ).map((i) => `${i.mold_id}/${i.colour_id}/${i.condition}`),
    );
    const moulds = await db.selectFrom('moulds').select('id').orderBy('id').execute();
    const colours = await db.selectFrom('colours').select('id').orderBy('id').execute();
    const fresh = [];
    for (const m of moulds) {
      for (const c of colours) {
        if (fresh.length < SET_TO_AVERAGE_CHUNK + 100 && !taken.has(`${m.id}/${c.id}/ACCEPTABLE`))
          fresh.push({ mold_id: m.id, colour_id: c.id });
      }
    }
    expect(fresh).toHaveLength(SET_TO_AVERAGE_CHUNK + 100);
    const now = nowIso();
    const itemIds: number[] = [];
    await insertChunks(fresh, async (chunk) => {
      const rows = await db
        .insertInto('items')
        .values(
          chunk.map((f) => ({
            company_id: s.demo,
            mold_id: f.mold_id,
            colour_id: f.colour_id,
            condition: 'ACCEPTABLE' as const,
            completeness: null,
            readable_id: null,
            creator_user_id: null,
            date_of_creation: now,
            last_edit_user_id: null,
            date_of_last_edit: null,
            version: 1,
          })),
        )
        .returning('id')
        .execute();
      itemIds.push(...rows.map((r) => Number(r.id)));
    });
    await insertChunks(itemIds, (chunk) =>
      db
        .insertInto('store_items')
        .values(
          chunk.map((item_id) => ({
            company_id: s.demo,
            store_id: 1,
            item_id,
            store_quantity: 1,
            store_price: 300,
            updated_at: now,
          })),
        )
        .execute(),
    );
    const added = (await allLots(s.t.app)).filter((l) => itemIds.includes(l.itemId));
    await keepGuides(s.t.app, added, 400, 350);

    const filter = { condition: 'ACCEPTABLE' as const, guide: 'below' as const };
    const found = await list(s.syncer, 'condition=ACCEPTABLE&guide=below&limit=250');
    expect(found.count).toBeGreaterThanOrEqual(added.length);
    const answers = await setAll(s.syncer, { ...filter, set_to: 'sold', percent: 0 });
    expect(answers.map((a) => a.lots)).toEqual([
      SET_TO_AVERAGE_CHUNK,
      found.count - SET_TO_AVERAGE_CHUNK,
    ]);
    expect(answers.reduce((n, a) => n + a.changes + a.unchanged + a.no_guide, 0)).toBe(found.count);
    const afterSet = (await allLots(s.t.app)).filter((l) => itemIds.includes(l.itemId));
    expect(afterSet.every((l) => l.price === 400 && l.seq === 1)).toBe(true);
    expect((await list(s.syncer, 'condition=ACCEPTABLE&guide=below')).count).toBe(0);
    // Other Bricks' lots are as they were.
    const theirs = (await allLots(s.t.app)).filter((l) => l.companyId === other);
    expect(theirs.map((l) => [l.price, l.seq])).toEqual(otherLots.map((l) => [l.price, l.seq]));

    // Past the most one set may take: more stores selling the same items.
    const stores = await db
      .insertInto('stores')
      .values(
        Array.from({ length: 20 }, (_, n) => ({
          company_id: s.demo,
          name: `Extra ${n}`,
          platform: 'BRICKOWL' as const,
          external_id: `extra-${n}`,
          credentials: '',
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    const lots = await db
      .selectFrom('items')
      .select('id')
      .where('company_id', '=', s.demo)
      .execute();
    const extra = stores.flatMap((st) =>
      lots.map((l) => ({
        company_id: s.demo,
        store_id: st.id,
        item_id: l.id,
        store_quantity: 1,
        store_price: 300,
        updated_at: now,
      })),
    );
    await insertChunks(extra, (chunk) => db.insertInto('store_items').values(chunk).execute());
    const total = (await list(s.syncer, 'limit=1')).count;
    expect(total).toBeGreaterThan(SET_TO_AVERAGE_MAX);
    const tooMany = await call(s.syncer, 'POST', '/v1/price_lots_average_plan', {
      set_to: 'sold',
      percent: 0,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(details(tooMany)).toEqual([M.tooMany(total)]);
    const setRes = await call(s.syncer, 'POST', '/v1/price_lots_average', {
      set_to: 'sold',
      percent: 0,
    });
    expect(details(setRes)).toEqual([M.tooMany(total)]);
    // A narrower search may.
    const narrow = await call(s.syncer, 'POST', '/v1/price_lots_average_plan', {
      condition: 'GOOD',
      set_to: 'sold',
      percent: 0,
    });
    expect(narrow.statusCode, narrow.body).toBe(200);
  });
});
