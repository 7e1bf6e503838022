import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { JobView } from '../../contract/jobs';
import {
  FAKE_COLOURS,
  startFakeBrickOwl,
  type FakeBrickOwl,
} from '../../tests/support/fake-brickowl';
import { createTestApp, describeEachDialect, type TestApp } from '../test/helpers';
import { bearerFor, companyId } from '../test/locations-support';
import { queueDueColourRefresh, queueUpload, type JobRunner } from '.';
import {
  addStore,
  batchStatus,
  bricklinkParts,
  drain,
  requestOrderIntake,
  syncBatchOf,
  testRunner,
} from '../test/jobs';

/** BrickLink's Red: left out of the fake's colour list at first, so a red part cannot be mapped. */
const RED = 5;
/** The fake catalog's BOID of a BrickLink part number: digits, as BrickOwl's are. */
const boidOf = (bl: string) =>
  String(100_000 + [...bl].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 800_000, 7));

/**
 * BrickLink ↔ BrickOwl mapping through BrickOwl's own catalog: colours from its colour list, items
 * from its id lookup, both kept in the database and read through the fake BrickOwl's API only.
 */
describeEachDialect('BrickOwl catalog mapping', (dialect) => {
  let t: TestApp;
  let bo: FakeBrickOwl;
  let runner: JobRunner;
  let syncer: string;
  let demo: number;
  let store: number;
  /** BrickLink numbers the fake's catalog does not know. */
  const unknown = new Set<string>();
  /** Part items of the demo company, each of its own mould. */
  const parts: { id: number; bl: string; colour: number; colourName: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    bo = await startFakeBrickOwl({
      lookup: (id, type) =>
        (type === 'Part' || type === 'Set') && !unknown.has(id) ? [boidOf(id)] : [],
      colours: FAKE_COLOURS.filter((c) => !c.blIds.includes(RED)),
    });
    runner = testRunner(t.app, { brickowl: bo.url });
    syncer = await bearerFor(t.app, 'Demo Bricks', ['bricksyncer']);
    demo = await companyId(t.app, 'Demo Bricks');
    store = await addStore(t.app, syncer, 'BRICKOWL');
    const rows = await bricklinkParts(t.app, demo)
      .select(['i.id', 'm.id as mould', 'm.bl_mold_id', 'c.bl_colour_id', 'c.name'])
      .where('m.brickowl_id', 'is', null)
      .execute();
    const moulds = new Set<number>();
    // One red part first, then parts in other colours, each of another mould.
    for (const red of [true, false, false, false, false]) {
      const row = rows.find(
        (r) => !moulds.has(Number(r.mould)) && (Number(r.bl_colour_id) === RED) === red,
      )!;
      moulds.add(Number(row.mould));
      parts.push({
        id: Number(row.id),
        bl: row.bl_mold_id!,
        colour: Number(row.bl_colour_id),
        colourName: row.name,
      });
    }
    unknown.add(parts[1].bl);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await bo.close();
    await t.close();
  });

  /** Uploads the parts to a BrickOwl store (a new one unless given: no lot is listed there yet). */
  const upload = async (items: typeof parts, to?: number) => {
    const storeId = to ?? (await addStore(t.app, syncer, 'BRICKOWL'));
    const batchId = await syncBatchOf(
      t.app,
      demo,
      items.map((p, n) => ({ itemId: p.id, quantity: n + 1, price: 300 })),
    );
    const [jobId] = await queueUpload(t.app.db, demo, batchId, null, [storeId]);
    await drain(runner);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/job?job_id=${jobId}`,
      headers: { authorization: syncer },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { batchId, job: res.json() as JobView };
  };
  const lotOf = (mark: string) =>
    [...bo.lots.values()].find((l) => l.external_lot_ids?.['1'] === mark);
  const marks = async (jobId: number) =>
    new Map(
      (
        await t.app.db
          .selectFrom('job_items')
          .select(['id', 'item_id'])
          .where('job_id', '=', jobId)
          .execute()
      ).map((j) => [Number(j.item_id), `bw-${j.id}`]),
    );
  const readColours = (auth: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/brickowl_colours',
      headers: { authorization: auth },
      payload: body,
    });

  it('uploads coloured parts with BrickOwl colour and BOID; a lot BrickOwl lacks is its own line, the rest go through', async () => {
    const { batchId, job } = await upload(parts, store);
    expect(bo.colourLists).toBe(1); // the first upload read BrickOwl's colour list
    expect(job).toMatchObject({
      status: 'done',
      stage: 'Uploaded; 2 lots are not on BrickOwl',
      items: { done: 3, failed: 2, pending: 0, sent: 0 },
    });
    expect(job.failures.map((f) => [f.item_id, f.error])).toEqual([
      [
        parts[0].id,
        `not on BrickOwl: ${parts[0].bl} ${parts[0].colourName} (BrickOwl's colour list has no BrickLink colour ${RED})`,
      ],
      [
        parts[1].id,
        `not on BrickOwl: ${parts[1].bl} ${parts[1].colourName} (BrickOwl's catalog has no part ${parts[1].bl})`,
      ],
    ]);
    const byItem = await marks(job.id);
    for (const part of parts.slice(2)) {
      expect(lotOf(byItem.get(part.id)!)).toMatchObject({
        boid: boidOf(part.bl),
        color_id: String(bo.colourFor(part.colour)),
      });
    }
    expect(lotOf(byItem.get(parts[0].id)!)).toBeUndefined();
    expect(lotOf(byItem.get(parts[1].id)!)).toBeUndefined();
    expect(await batchStatus(t.app, batchId)).toBe('uploaded');
  });

  it('uses what it learnt: a second upload asks BrickOwl for no lookup and no colour list', async () => {
    const lookups = bo.idLookups;
    const lists = bo.colourLists;
    expect(lookups).toBeGreaterThan(0);
    const { job } = await upload(parts);
    expect(bo.idLookups).toBe(lookups); // found and "not on BrickOwl" answers both kept
    expect(bo.colourLists).toBe(lists);
    expect(job.items).toMatchObject({ done: 3, failed: 2 });
    expect(job.failures.every((f) => f.error.startsWith('not on BrickOwl: '))).toBe(true);
  });

  it("uploads sets with BrickOwl's set conditions by completeness, never new or a used grade", async () => {
    const sets = await t.app.db
      .selectFrom('items as i')
      .innerJoin('moulds as m', 'm.id', 'i.mold_id')
      .select(['i.id', 'i.condition', 'i.completeness', 'm.bl_mold_id'])
      .where('i.company_id', '=', demo)
      .where('i.completeness', 'is not', null)
      .orderBy('i.id')
      .execute();
    expect(sets.length).toBeGreaterThanOrEqual(3);
    const batchId = await syncBatchOf(
      t.app,
      demo,
      sets.map((x) => ({ itemId: Number(x.id), quantity: 1, price: 20_000 })),
    );
    const storeId = await addStore(t.app, syncer, 'BRICKOWL');
    const [jobId] = await queueUpload(t.app.db, demo, batchId, null, [storeId]);
    await drain(runner);
    const byItem = await marks(jobId);
    // BrickSync's mapping: sealed new → news, complete → newc / usedc, incomplete → newi / usedi.
    const expected = (condition: string, completeness: string | null) => {
      const used = condition !== 'NEW';
      if (completeness === 'COMPLETE') return used ? 'usedc' : 'newc';
      if (completeness === 'INCOMPLETE') return used ? 'usedi' : 'newi';
      return used ? 'usedc' : 'news';
    };
    expect(sets.map((x) => [x.bl_mold_id, lotOf(byItem.get(Number(x.id))!)?.condition])).toEqual(
      sets.map((x) => [x.bl_mold_id, expected(x.condition, x.completeness)]),
    );
    expect(new Set(sets.map((x) => expected(x.condition, x.completeness))).size).toBeGreaterThan(1);
  });

  it('maps a BrickOwl order line back through the kept BOID and colour', async () => {
    const part = parts[2];
    bo.addOrder({ order_id: '4700001', order_date: '1763632800', status: 'Payment Received' }, [
      {
        lot_id: '999001', // not a lot the warehouse uploaded
        boid: `${boidOf(part.bl)}-${bo.colourFor(part.colour)}`,
        color_id: String(bo.colourFor(part.colour)),
        ordered_quantity: '1',
        base_price: '0.300',
        condition: 'New',
      },
    ]);
    const res = await requestOrderIntake(t.app, syncer, store);
    expect(res.statusCode, res.body).toBe(202);
    await drain(runner);
    const order = await t.app.db
      .selectFrom('orders')
      .select(['id', 'has_problem'])
      .where('order_number', '=', '4700001')
      .executeTakeFirstOrThrow();
    const lines = await t.app.db
      .selectFrom('order_items')
      .select('item_id')
      .where('order_id', '=', order.id)
      .execute();
    expect(lines.map((l) => Number(l.item_id))).toEqual([part.id]);
  });

  it('the refresh job reads the colour list again: a colour BrickOwl added or renumbered is used', async () => {
    bo.colours = FAKE_COLOURS.map((c) =>
      c.blIds.includes(parts[3].colour) ? { ...c, id: c.id + 500 } : { ...c },
    );
    expect(bo.colourFor(RED)).toBeDefined();
    const res = await readColours(syncer, { store_id: store });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ jobs: [{ kind: 'brickowl_colours', store_id: store }] });
    const lists = bo.colourLists;
    await drain(runner);
    expect(bo.colourLists).toBe(lists + 1);
    const jobId = (res.json() as { jobs: JobView[] }).jobs[0].id;
    const done = await t.app.inject({
      method: 'GET',
      url: `/api/v1/job?job_id=${jobId}`,
      headers: { authorization: syncer },
    });
    expect(done.json()).toMatchObject({
      status: 'done',
      stage: expect.stringMatching(/^BrickOwl names \d+ BrickLink colours$/),
    });

    const { job } = await upload([parts[0], parts[3]]);
    expect(job).toMatchObject({ status: 'done', items: { done: 2, failed: 0 } });
    const byItem = await marks(job.id);
    expect(lotOf(byItem.get(parts[0].id)!)?.color_id).toBe(String(bo.colourFor(RED)));
    expect(lotOf(byItem.get(parts[3].id)!)?.color_id).toBe(String(bo.colourFor(parts[3].colour)));
    expect(bo.colourFor(parts[3].colour)).toBeGreaterThan(500);
  });

  it('the schedule reads the colour list once a day, with a BrickOwl store', async () => {
    await t.app.db.deleteFrom('jobs').where('kind', '=', 'brickowl_colours').execute();
    expect(await queueDueColourRefresh(t.app.db)).toBe(0); // read within the day
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 3600_000);
    expect(await queueDueColourRefresh(t.app.db)).toBe(1);
    expect(await queueDueColourRefresh(t.app.db)).toBe(0); // one is waiting
    const lists = bo.colourLists;
    await drain(runner);
    expect(bo.colourLists).toBe(lists + 1);
    const [job] = await t.app.db
      .selectFrom('jobs')
      .select(['status', 'store_id'])
      .where('kind', '=', 'brickowl_colours')
      .execute();
    expect(job).toMatchObject({ status: 'done', store_id: store });
  });

  it('Refresh BrickOwl colours answers by role, company and store', async () => {
    const picker = await bearerFor(t.app, 'Demo Bricks', ['picker']);
    const other = await bearerFor(t.app, 'Other Bricks', ['bricksyncer']);
    const brickLink = await addStore(t.app, syncer, 'BRICKLINK');
    expect((await readColours(picker, {})).statusCode).toBe(403);
    const notOwl = await readColours(syncer, { store_id: brickLink });
    expect(notOwl.statusCode).toBe(400);
    expect(notOwl.json().errors[0].detail).toBe('The store is not a BrickOwl store');
    const foreign = await readColours(other, { store_id: store });
    expect(foreign.statusCode).toBe(404);
    const none = await readColours(other, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].detail).toMatch(/^There is no BrickOwl store with an API key/);
    const first = await readColours(syncer, {});
    const again = await readColours(syncer, {});
    expect(first.statusCode).toBe(202);
    expect(again.json().jobs[0].id).toBe(first.json().jobs[0].id); // one reading at a time
    await drain(runner);
  });
});
