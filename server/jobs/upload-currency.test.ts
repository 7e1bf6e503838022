import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobMessages, type UploadJobs } from '../../contract/jobs';
import { CurrencyMessages } from '../../contract/fields';
import type { PriceGuideAnswer } from '../../contract/price-guide';
import type { StoreResource } from '../../contract/bricksyncer';
import {
  blStoreCredentials,
  startFakeBrickLink,
  type FakeBrickLink,
} from '../../tests/support/fake-bricklink';
import { caller, createTestApp, describeEachDialect, details, type TestApp } from '../test/helpers';
import { bearerFor, companyId } from '../test/locations-support';
import { drain, jobRow, storeRequest, syncBatchOf, testRunner, bricklinkParts } from '../test/jobs';
import type { JobRunner } from '.';

/**
 * A store in US dollars and one in euro side by side: each batch is uploaded only to the store of
 * its currency (the other is named), an upload with no store of its currency is refused naming
 * both currencies, a job whose store changed currency fails the same way, and the price guide is
 * asked, and kept, in each currency.
 */
describeEachDialect('currencies of stores and batches', (dialect) => {
  let t: TestApp;
  let bl: FakeBrickLink;
  let runner: JobRunner;
  let syncer: string;
  let picker: string;
  let other: string;
  let demo: number;
  let parts: { id: number; no: string; colour: number }[];
  const saved = process.env.BRICKLINK_API_URL;
  const call = caller(() => t);

  beforeAll(async () => {
    bl = await startFakeBrickLink();
    process.env.BRICKLINK_API_URL = bl.url;
    t = await createTestApp(dialect);
    syncer = await bearerFor(t.app, 'Demo Bricks', ['bricksyncer']);
    picker = await bearerFor(t.app, 'Demo Bricks', ['picker']);
    other = await bearerFor(t.app, 'Other Bricks', ['bricksyncer']);
    demo = await companyId(t.app, 'Demo Bricks');
    runner = testRunner(t.app, { bricklink: bl.url });
    const rows = await bricklinkParts(t.app, demo)
      .select(['i.id', 'm.bl_mold_id', 'c.bl_colour_id', 'i.condition'])
      .where('i.condition', '=', 'NEW')
      .limit(2)
      .execute();
    parts = rows.map((r) => ({ id: Number(r.id), no: r.bl_mold_id!, colour: r.bl_colour_id! }));
  });
  afterAll(async () => {
    process.env.BRICKLINK_API_URL = saved;
    await bl.close();
    await t.close();
  });

  /** Adds a BrickLink store selling in `currency` (given, or left to the default); its id. */
  async function addStoreIn(name: string, currency?: string): Promise<number> {
    const res = await storeRequest(t.app, syncer, 'POST', '/v2/stores', {
      name,
      platform: 'BRICKLINK',
      external_id: name,
      credentials: blStoreCredentials(),
      ...(currency ? { currency } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return Number((res.json() as { data: StoreResource }).data.id);
  }

  const batchIn = async (currency: string) => {
    const id = await syncBatchOf(t.app, demo, [
      { itemId: parts[0].id, quantity: 2, price: 150 },
      { itemId: parts[1].id, quantity: 3, price: 90 },
    ]);
    await t.app.db.updateTable('sync_batches').set({ currency }).where('id', '=', id).execute();
    return id;
  };
  const upload = (batchId: number) =>
    call(syncer, 'POST', `/v1/sync_batch_upload?batch_id=${batchId}`, {});

  let usd: number;
  let eur: number;

  it("keeps each store's currency: EUR unless given, edited in its settings, checked", async () => {
    usd = await addStoreIn('Dollar Bricks', 'usd');
    eur = await addStoreIn('Euro Bricks');
    const list = await storeRequest(t.app, syncer, 'GET', '/v2/stores');
    const currencies = Object.fromEntries(
      (list.json() as { data: StoreResource[] }).data.map((s) => [
        s.attributes.name,
        s.attributes.currency,
      ]),
    );
    expect(currencies).toMatchObject({ 'Dollar Bricks': 'USD', 'Euro Bricks': 'EUR' });

    const bad = await storeRequest(t.app, syncer, 'PATCH', `/v2/stores/${eur}`, {
      currency: 'EURO',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(CurrencyMessages.code);
    const edited = await storeRequest(t.app, syncer, 'PATCH', `/v2/stores/${eur}`, {
      name: 'Euro Bricks',
      external_id: 'Euro Bricks',
      currency: 'gbp',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as { data: StoreResource }).data.attributes.currency).toBe('GBP');
    const back = await storeRequest(t.app, syncer, 'PATCH', `/v2/stores/${eur}`, {
      name: 'Euro Bricks',
      external_id: 'Euro Bricks',
      currency: 'EUR',
    });
    expect(back.statusCode).toBe(200);
    // Roles and companies as every store call: a picker is refused, another company finds none.
    const asPicker = await storeRequest(t.app, picker, 'PATCH', `/v2/stores/${eur}`, {
      currency: 'USD',
    });
    expect(asPicker.statusCode).toBe(403);
    const asOther = await storeRequest(t.app, other, 'PATCH', `/v2/stores/${eur}`, {
      currency: 'USD',
    });
    expect(asOther.statusCode).toBe(404);
  });

  it('uploads each batch to the store of its currency only, naming the store left out', async () => {
    for (const [currency, store, leftOut] of [
      ['USD', usd, 'Euro Bricks'],
      ['EUR', eur, 'Dollar Bricks'],
    ] as const) {
      const batchId = await batchIn(currency);
      const res = await upload(batchId);
      expect(res.statusCode, res.body).toBe(202);
      const answer = res.json() as UploadJobs;
      expect(answer.jobs.map((j) => j.store_id)).toEqual([store]);
      expect(answer.other_currency.map((s) => s.store_name)).toEqual([leftOut]);
      await drain(runner);
      expect(await jobRow(t.app, answer.jobs[0].id)).toMatchObject({ status: 'done' });
      const listed = await t.app.db
        .selectFrom('store_items')
        .select('item_id')
        .where('store_id', '=', store)
        .execute();
      expect(listed.map((r) => Number(r.item_id)).sort()).toEqual(parts.map((p) => p.id).sort());
    }
  });

  it('refuses an upload with no store of its currency, saying both currencies', async () => {
    const batchId = await batchIn('CHF');
    const res = await upload(batchId);
    expect(res.statusCode).toBe(409);
    expect(details(res)).toEqual([
      JobMessages.otherCurrency('CHF', [
        { name: 'Dollar Bricks', currency: 'USD' },
        { name: 'Euro Bricks', currency: 'EUR' },
      ]),
    ]);
    expect(details(res)[0]).toBe(
      "This batch's prices are in CHF, but the stores sell in other currencies ('Dollar Bricks' in USD, 'Euro Bricks' in EUR): a batch is uploaded only to stores of its own currency",
    );
    const batch = await t.app.db
      .selectFrom('sync_batches')
      .select('status')
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(batch.status).not.toBe('uploading');
  });

  it('fails a queued upload whose store changed currency since, saying both', async () => {
    const batchId = await batchIn('EUR');
    const res = await upload(batchId);
    const [job] = (res.json() as UploadJobs).jobs;
    await t.app.db.updateTable('stores').set({ currency: 'SEK' }).where('id', '=', eur).execute();
    try {
      const before = bl.calls;
      await drain(runner);
      expect(await jobRow(t.app, job.id)).toMatchObject({
        status: 'failed',
        error:
          "This batch's prices are in EUR, but store 'Euro Bricks' sells in SEK: a batch is uploaded only to stores of its own currency",
      });
      expect(bl.calls).toBe(before); // nothing was sent
    } finally {
      await t.app.db.updateTable('stores').set({ currency: 'EUR' }).where('id', '=', eur).execute();
    }
  });

  it('asks the price guide in the currency asked, else the BrickLink store’s, and keeps each', async () => {
    const [p] = parts;
    const item = { type: 'PART' as const, no: p.no, colorId: p.colour, newOrUsed: 'N' as const };
    bl.priceGuides.set(item, 'sold', [{ quantity: 2, unit_price: 0.2 }]);
    bl.priceGuides.set(item, 'stock', [{ quantity: 5, unit_price: 0.3 }]);
    const guide = async (currency?: string) => {
      const res = await call(syncer, 'POST', '/v1/price_guide', {
        lots: [{ item_id: p.id }],
        ...(currency ? { currency } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as PriceGuideAnswer).results[0];
    };
    const asked = () => bl.priceGuides.requests.map((r) => r.currency_code);

    const start = asked().length;
    // No currency named: the company's first BrickLink store with credentials, in dollars.
    expect((await guide())?.sold).toMatchObject({ currency_code: 'USD', avg_price: 200 });
    expect(asked().slice(start)).toEqual(['USD', 'USD']);
    // A euro batch asks in euro: read anew, kept beside the dollar one.
    expect((await guide('eur'))?.stock).toMatchObject({ currency_code: 'EUR', avg_price: 300 });
    expect(asked().slice(start)).toEqual(['USD', 'USD', 'EUR', 'EUR']);
    // Each currency's guide is answered from what is kept, no call.
    expect((await guide('USD'))?.sold?.currency_code).toBe('USD');
    expect((await guide('EUR'))?.sold?.currency_code).toBe('EUR');
    expect(asked()).toHaveLength(start + 4);
    const bad = await call(syncer, 'POST', '/v1/price_guide', {
      lots: [{ item_id: p.id }],
      currency: 'dollars',
    });
    expect(bad.statusCode).toBe(400);
  });
});
