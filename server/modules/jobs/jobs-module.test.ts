import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JobView } from '../../../contract/jobs';
import { startFakeBrickLink, type FakeBrickLink } from '../../../tests/support/fake-bricklink';
import type { JobStatus } from '../../db/schema';
import { addStore, jobRow, requestOrderIntake } from '../../test/jobs';
import { createTestApp, describeEachDialect, type TestApp } from '../../test/helpers';
import { bearerFor, companyId } from '../../test/locations-support';

/** A job row as a route would have left it, never due (so no runner picks it up). */
function jobValues(company: number, store: number, kind: string, status: JobStatus) {
  const now = new Date().toISOString();
  return {
    company_id: company,
    kind,
    store_id: store,
    status,
    run_after: '2999-01-01T00:00:00.000Z',
    claimed_by: null,
    lease_until: null,
    error: status === 'failed' ? 'The marketplace could not be reached' : null,
    created_by_user_id: null,
    created_at: now,
    updated_at: now,
    finished_at: status === 'done' || status === 'failed' ? now : null,
  };
}

describeEachDialect('jobs module', (dialect) => {
  let t: TestApp;
  let bl: FakeBrickLink;
  const saved = process.env.BRICKLINK_API_URL;

  beforeAll(async () => {
    bl = await startFakeBrickLink();
    process.env.BRICKLINK_API_URL = bl.url;
    t = await createTestApp(dialect, { jobRunner: true, orderIntakeMinutes: 0 });
  });
  afterAll(async () => {
    process.env.BRICKLINK_API_URL = saved;
    await t.close();
    await bl.close();
  });

  it("runs jobs in the server's own runner, started with it", async () => {
    const syncer = await bearerFor(t.app, 'Demo Bricks', ['bricksyncer']);
    const store = await addStore(t.app, syncer, 'BRICKLINK');
    bl.addOrder(
      {
        order_id: 9200001,
        date_ordered: '2026-11-21T09:00:00.000Z',
        buyer_name: 'Rob Runner',
        status: 'PENDING',
        total_count: 0,
        unique_count: 0,
      },
      [[]],
    );
    const res = await requestOrderIntake(t.app, syncer, store);
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().id as number;
    let status = '';
    for (let i = 0; i < 300 && status !== 'done' && status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      status = (await jobRow(t.app, id)).status;
    }
    expect(await jobRow(t.app, id)).toMatchObject({ status: 'done', claimed_by: null });
    const order = await t.app.db
      .selectFrom('orders')
      .select('buyer_name')
      .where('order_number', '=', '9200001')
      .executeTakeFirst();
    expect(order?.buyer_name).toBe('Rob Runner');
  });

  it("lists the latest jobs by kind, store and status, newest first, at most limit; only the own company's", async () => {
    const syncer = await bearerFor(t.app, 'Demo Bricks', ['bricksyncer']);
    const stranger = await bearerFor(t.app, 'Other Bricks', ['bricksyncer']);
    const demo = await companyId(t.app, 'Demo Bricks');
    const other = await companyId(t.app, 'Other Bricks');
    const store = await addStore(t.app, syncer, 'BRICKOWL');
    const otherStore = await addStore(t.app, stranger, 'BRICKLINK');
    const kinds = ['upload', 'order_intake', 'stock_sync'] as const;
    const statuses: JobStatus[] = ['queued', 'running', 'done', 'failed'];
    // A store has one open job of a kind (uploads excepted): of several, the latest stays open.
    const statusOf: JobStatus[] = [];
    const open = new Set<string>();
    for (let n = 23; n >= 0; n--) {
      const [kind, status] = [kinds[n % 3], statuses[n % 4]];
      const isOpen = status === 'queued' || status === 'running';
      statusOf[n] = isOpen && kind !== 'upload' && open.has(kind) ? 'done' : status;
      if (isOpen) open.add(kind);
    }
    const mine: number[] = [];
    for (let n = 0; n < 24; n++) {
      const { id } = await t.app.db
        .insertInto('jobs')
        .values(jobValues(demo, store, kinds[n % 3], statusOf[n]))
        .returning('id')
        .executeTakeFirstOrThrow();
      mine.push(Number(id));
    }
    const { id: theirs } = await t.app.db
      .insertInto('jobs')
      .values(jobValues(other, otherStore, 'order_intake', 'failed'))
      .returning('id')
      .executeTakeFirstOrThrow();

    const list = async (auth: string, query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/jobs?${query}`,
        headers: { authorization: auth },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { results: JobView[] }).results;
    };
    const newestFirst = (ids: number[]) => [...ids].sort((a, b) => b - a);

    const latest = await list(syncer, `store_id=${store}`);
    expect(latest.map((j) => j.id)).toEqual(newestFirst(mine).slice(0, 20));
    expect(latest[0]).toMatchObject({ store_id: store, kind: kinds[23 % 3] });
    expect(latest[0].store_name).toMatch(/^BRICKOWL store /);

    const failed = await list(syncer, `store_id=${store}&status=failed`);
    expect(failed.map((j) => j.id)).toEqual(
      newestFirst(mine.filter((_, n) => statusOf[n] === 'failed')),
    );
    expect(failed.every((j) => j.status === 'failed' && j.error !== null)).toBe(true);

    const intakesQueued = await list(syncer, `store_id=${store}&kind=order_intake&status=queued`);
    expect(intakesQueued.map((j) => j.id)).toEqual(
      newestFirst(mine.filter((_, n) => n % 3 === 1 && statusOf[n] === 'queued')),
    );

    expect((await list(syncer, `store_id=${store}&limit=5`)).map((j) => j.id)).toEqual(
      newestFirst(mine).slice(0, 5),
    );
    expect(await list(syncer, `store_id=${store}&limit=100`)).toHaveLength(24);

    for (const bad of ['limit=0', 'limit=101', 'status=stuck', 'kind=nap']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/jobs?${bad}`,
        headers: { authorization: syncer },
      });
      expect(res.statusCode, bad).toBe(400);
    }

    // Never another company's: not in the list (even asked by its store), not by id.
    const all = await list(syncer, 'status=failed&limit=100');
    expect(all.map((j) => j.id)).not.toContain(Number(theirs));
    expect(await list(syncer, `store_id=${otherStore}`)).toEqual([]);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/job?job_id=${theirs}`,
      headers: { authorization: syncer },
    });
    expect(one.statusCode).toBe(404);
    expect((await list(stranger, 'limit=100')).map((j) => j.id)).toEqual([Number(theirs)]);
  });
});
