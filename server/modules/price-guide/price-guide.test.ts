import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  PRICE_GUIDE_LOTS_MAX,
  PriceGuideMessages as M,
  type PriceGuideAnswer,
} from '../../../contract/price-guide';
import {
  blStoreCredentials,
  startFakeBrickLink,
  type FakeBrickLink,
} from '../../../tests/support/fake-bricklink';
import { addStore } from '../../test/jobs';
import { BL_TYPES } from '../../jobs/upload/lots';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/helpers';
import { bearerFor, companyId } from '../../test/locations-support';

interface Lot {
  itemId: number;
  moldId: number;
  colourId: number;
  condition: string;
  type: string;
  no: string;
  blColour: number;
}

describeEachDialect('price guide', (dialect) => {
  let t: TestApp;
  let bl: FakeBrickLink;
  let syncer: string;
  let store: number;
  let lots: Lot[];
  const saved = process.env.BRICKLINK_API_URL;

  beforeAll(async () => {
    bl = await startFakeBrickLink();
    process.env.BRICKLINK_API_URL = bl.url;
    t = await createTestApp(dialect);
    syncer = await bearerFor(t.app, 'Demo Bricks', ['bricksyncer']);
    const rows = await t.app.db
      .selectFrom('items as i')
      .innerJoin('moulds as m', 'm.id', 'i.mold_id')
      .innerJoin('item_types as ty', 'ty.id', 'm.type_id')
      .innerJoin('colours as c', 'c.id', 'i.colour_id')
      .select(['i.id', 'i.mold_id', 'i.colour_id', 'i.condition', 'ty.bsx_code'])
      .select(['m.bl_mold_id', 'c.bl_colour_id'])
      .where('i.company_id', '=', await companyId(t.app, 'Demo Bricks'))
      .where('ty.bsx_code', '=', 'P')
      .where('m.bl_mold_id', 'is not', null)
      .where('c.bl_colour_id', 'is not', null)
      .orderBy('i.id')
      .execute();
    const moulds = new Set<number>();
    lots = rows
      .filter((r) => !moulds.has(r.mold_id) && moulds.add(r.mold_id))
      .slice(0, 3)
      .map((r) => ({
        itemId: Number(r.id),
        moldId: Number(r.mold_id),
        colourId: Number(r.colour_id),
        condition: r.condition,
        type: BL_TYPES[r.bsx_code],
        no: r.bl_mold_id!,
        blColour: Number(r.bl_colour_id),
      }));
    expect(lots).toHaveLength(3);
    // The first two lots' items are in BrickLink's catalog; the third's is not.
    for (const lot of lots.slice(0, 2)) {
      const item = {
        type: lot.type as 'PART',
        no: lot.no,
        colorId: lot.blColour,
        newOrUsed: lot.condition === 'NEW' ? ('N' as const) : ('U' as const),
      };
      bl.priceGuides.set(item, 'sold', [
        { quantity: 10, unit_price: 0.1 },
        { quantity: 30, unit_price: 0.2 },
      ]);
      bl.priceGuides.set(item, 'stock', [
        { quantity: 100, unit_price: 0.15 },
        { quantity: 50, unit_price: 0.35 },
        { quantity: 50, unit_price: 0.25 },
      ]);
    }
  });
  afterAll(async () => {
    process.env.BRICKLINK_API_URL = saved;
    await t.close();
    await bl.close();
  });

  const ask = (auth: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/price_guide',
      headers: { authorization: auth },
      payload: payload as object,
    });
  const guides = async (auth: string, payload: unknown) => {
    const res = await ask(auth, payload);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as PriceGuideAnswer).results;
  };
  const callsCounted = async (storeId: number, atLeast: number) => {
    let used = 0;
    for (let i = 0; i < 100 && used < atLeast; i++) {
      const row = await t.app.db
        .selectFrom('marketplace_call_counts')
        .select('used')
        .where('store_id', '=', storeId)
        .executeTakeFirst();
      used = Number(row?.used ?? 0);
      if (used < atLeast) await new Promise((r) => setTimeout(r, 10));
    }
    return used;
  };

  it('tells a company without a BrickLink store with credentials to add one', async () => {
    const res = await ask(syncer, { lots: [{ item_id: lots[0].itemId }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].detail).toBe(M.noStore);
    await addStore(t.app, syncer, 'BRICKOWL');
    expect((await ask(syncer, { lots: [{ item_id: lots[0].itemId }] })).statusCode).toBe(400);
    expect(bl.calls).toBe(0);
  });

  it('reads both guides from BrickLink once, counts the calls, then answers from the database', async () => {
    store = await addStore(t.app, syncer, 'BRICKLINK');
    const [a] = lots;
    const [first] = await guides(syncer, { lots: [{ item_id: a.itemId }] });
    expect(first).toMatchObject({
      item_type: 'PART',
      bl_item_no: a.no,
      bl_colour_id: a.blColour,
      new_or_used: a.condition === 'NEW' ? 'N' : 'U',
      error: null,
      sold: {
        min_price: 100,
        avg_price: 150,
        max_price: 200,
        qty_avg_price: 175,
        unit_quantity: 2,
        total_quantity: 40,
        currency_code: 'EUR',
      },
      stock: { min_price: 150, avg_price: 250, max_price: 350, qty_avg_price: 225 },
    });
    expect(bl.priceGuides.requests).toEqual(
      (['sold', 'stock'] as const).map((guide_type) => ({
        type: 'PART',
        no: a.no,
        color_id: a.blColour,
        guide_type,
        new_or_used: a.condition === 'NEW' ? 'N' : 'U',
        currency_code: 'EUR',
      })),
    );
    expect(await callsCounted(store, 2)).toBe(2);

    // A cache hit costs no call: asked again, by item or by mould, colour and condition.
    const again = await guides(syncer, {
      lots: [
        { item_id: a.itemId },
        { mold_id: a.moldId, colour_id: a.colourId, condition: a.condition },
      ],
    });
    expect(again).toEqual([first, first]);
    expect(bl.priceGuides.requests).toHaveLength(2);
    expect(bl.calls).toBe(2);
    expect(await callsCounted(store, 2)).toBe(2);
  });

  it('asks once per item, colour and condition in a request, and again after a day', async () => {
    const [a, b] = lots;
    const before = bl.calls;
    const answers = await guides(syncer, {
      lots: [{ item_id: b.itemId }, { item_id: b.itemId }, { item_id: a.itemId }],
    });
    expect(answers.map((g) => g.sold?.avg_price)).toEqual([150, 150, 150]);
    expect(bl.calls - before).toBe(2);

    await t.app.db
      .updateTable('price_guides')
      .set({ fetched_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where('bl_item_no', '=', a.no)
      .execute();
    const [renewed] = await guides(syncer, { lots: [{ item_id: a.itemId }] });
    expect(bl.calls - before).toBe(4);
    expect(Date.parse(renewed.sold!.fetched_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await callsCounted(store, 6)).toBe(6);
  });

  it('says which item BrickLink does not know, asking it once a day; the other lots go through', async () => {
    const [a, , unknown] = lots;
    const before = bl.priceGuides.requests.length;
    const answers = await guides(syncer, {
      lots: [{ item_id: unknown.itemId }, { item_id: a.itemId }],
    });
    expect(answers[0]).toMatchObject({
      bl_item_no: unknown.no,
      sold: null,
      stock: null,
      error: M.notOnBrickLink('part', unknown.no),
    });
    expect(answers[1].sold?.avg_price).toBe(150);
    // The sold guide said it: the stock guide was not asked.
    expect(bl.priceGuides.requests.length - before).toBe(1);
    const [twice] = await guides(syncer, { lots: [{ item_id: unknown.itemId }] });
    expect(twice.error).toBe(M.notOnBrickLink('part', unknown.no));
    expect(bl.priceGuides.requests.length - before).toBe(1);
  });

  it("answers 'Item not found' for another company's item, and 400 for bad input", async () => {
    const otherItem = await t.app.db
      .selectFrom('items')
      .select('id')
      .where('company_id', '=', await companyId(t.app, 'Other Bricks'))
      .executeTakeFirst();
    const foreign = otherItem ? Number(otherItem.id) : 2_000_000_000;
    const [answer] = await guides(syncer, { lots: [{ item_id: foreign }] });
    expect(answer).toMatchObject({ error: M.itemNotFound, sold: null, stock: null });

    const many = Array.from({ length: PRICE_GUIDE_LOTS_MAX + 1 }, () => ({
      item_id: lots[0].itemId,
    }));
    for (const bad of [
      {},
      { lots: [] },
      { lots: many },
      { lots: 'all' },
      { lots: [{ item_id: 2_147_483_648 }] },
      { lots: [{ item_id: 0 }] },
      { lots: [{ item_id: '' }] },
      { lots: [{ mold_id: lots[0].moldId, colour_id: -1, condition: 'NEW' }] },
      { lots: [{ mold_id: lots[0].moldId, colour_id: 1, condition: 'MINT' }] },
      { lots: [{ mold_id: lots[0].moldId, colour_id: 1 }] },
      { lots: [{ item_id: lots[0].itemId, extra: 1 }] },
      { lots: [{ item_id: 'x\u0000' }] },
    ]) {
      const res = await ask(syncer, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const picker = await bearerFor(t.app, 'Demo Bricks', ['picker']);
    expect((await ask(picker, { lots: [{ item_id: lots[0].itemId }] })).statusCode).toBe(403);
  });

  it("names the store whose credentials BrickLink refused, and keeps the day's last calls for order intake", async () => {
    const other = await bearerFor(t.app, 'Other Bricks', ['bricksyncer']);
    const mould = await t.app.db
      .selectFrom('moulds')
      .select('id')
      .where('bl_mold_id', '=', lots[2].no)
      .executeTakeFirstOrThrow();
    const lot = { mold_id: Number(mould.id), colour_id: lots[2].colourId, condition: 'GOOD' };
    const wrong = await addStore(t.app, other, 'BRICKLINK', {
      ...blStoreCredentials(bl.credentials),
      token_secret: 'not-the-secret',
    });
    const refused = await ask(other, { lots: [lot] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].detail).toMatch(
      /^BrickLink refused the credentials of store '/,
    );
    expect(refused.json().errors[0].detail).toMatch(/SIGNATURE_INVALID/);

    await t.app.db.deleteFrom('stores').where('id', '=', wrong).execute();
    const good = await addStore(t.app, other, 'BRICKLINK');
    await t.app.db
      .insertInto('marketplace_call_counts')
      .values({ store_id: good, day: new Date().toISOString().slice(0, 10), used: 4500 })
      .execute();
    const before = bl.calls;
    const [answer] = await guides(other, { lots: [lot] });
    expect(answer).toMatchObject({ sold: null, stock: null, error: M.budget(500) });
    expect(bl.calls).toBe(before);
  });
});
