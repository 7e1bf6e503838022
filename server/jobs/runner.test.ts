import { afterAll, beforeAll, expect, it } from 'vitest';
import { MarketplaceClients } from '../marketplaces';
import { createTestApp, describeEachDialect, type TestApp } from '../test/helpers';
import { companyId } from '../test/locations-support';
import { claimJob, JobFailure, JobRunner, type JobHandler } from '.';
import { jobRow, quietLog } from '../test/jobs';
import { jobValues } from './queue';

describeEachDialect('job runner', (dialect) => {
  let t: TestApp;
  let demo: number;
  const ran: number[] = [];
  const handlers: Record<string, JobHandler> = {
    count: {
      async run(ctx) {
        ran.push(ctx.job.id);
        await ctx.progress('Counting', 1, 1);
        await new Promise((r) => setTimeout(r, 2));
      },
    },
    // A second kind: a store has one open job of each kind.
    tally: { run: () => Promise.resolve() },
    slow: {
      run: () => new Promise((r) => setTimeout(r, 600)),
    },
    broken: {
      run() {
        return Promise.reject(new JobFailure('The store is gone'));
      },
    },
  };
  const runner = (serverId: string, leaseMs = 60_000) =>
    new JobRunner({
      db: t.app.db,
      clients: new MarketplaceClients({ bricklinkApiUrl: 'http://x', brickowlApiUrl: 'http://x' }),
      log: quietLog,
      handlers,
      serverId,
      leaseMs,
      pollMs: 10,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: true });
    demo = await companyId(t.app, 'Demo Bricks');
  });
  afterAll(() => t.close());

  const queue = async (kind: string, n: number, storeId: number | null = null) => {
    const rows = await t.app.db
      .insertInto('jobs')
      .values(Array.from({ length: n }, () => jobValues({ companyId: demo, kind, storeId })))
      .returning('id')
      .execute();
    return rows.map((r) => Number(r.id));
  };

  it('gives a job to exactly one of two servers claiming at once', async () => {
    const [id] = await queue('count', 1);
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimJob(t.app.db, `server-${i}`, 60_000, ['count'])),
    );
    const winners = claims.filter((c) => c?.id === id);
    expect(winners).toHaveLength(1);
    expect((await jobRow(t.app, id)).claimed_by).toBe(winners[0]!.claimed_by);
    await t.app.db.updateTable('jobs').set({ status: 'done' }).where('id', '=', id).execute();
  });

  it("runs one store's jobs one at a time, while other stores' jobs go on", async () => {
    const stores = await t.app.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '=', demo)
      .orderBy('id')
      .limit(2)
      .execute();
    const [one, two] = stores.map((s) => Number(s.id));
    const kinds = ['count', 'tally'];
    const [first] = await queue('count', 1, one);
    const [second] = await queue('tally', 1, one);
    const [elsewhere] = await queue('count', 1, two);
    const a = await claimJob(t.app.db, 'server-a', 60_000, kinds);
    expect(a?.id).toBe(first);
    const b = await claimJob(t.app.db, 'server-b', 60_000, kinds);
    expect(b?.id).toBe(elsewhere); // the store's second job waits for its first
    expect(await claimJob(t.app.db, 'server-c', 60_000, kinds)).toBeUndefined();
    await t.app.db.updateTable('jobs').set({ status: 'done' }).where('id', '=', first).execute();
    expect((await claimJob(t.app.db, 'server-c', 60_000, kinds))?.id).toBe(second);
    await t.app.db
      .updateTable('jobs')
      .set({ status: 'done' })
      .where('id', 'in', [second, elsewhere])
      .execute();
  });

  it('renews the lease while a job runs longer than it, so no other server takes the job', async () => {
    const [id] = await queue('slow', 1);
    const holder = runner('holder', 150);
    const running = holder.runOnce();
    const other = runner('other', 150);
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => setTimeout(r, 25));
      expect(await other.runOnce()).toBe(false);
    }
    await running;
    expect(await jobRow(t.app, id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('two runners draining one queue run every job once', async () => {
    ran.length = 0;
    const ids = await queue('count', 30);
    const drain = async (r: JobRunner) => {
      while (await r.runOnce());
    };
    await Promise.all([drain(runner('a')), drain(runner('b'))]);
    expect([...ran].sort((x, y) => x - y)).toEqual(ids);
    const rows = await t.app.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'progress_done'])
      .where('id', 'in', ids)
      .execute();
    expect(
      rows.every((r) => r.status === 'done' && r.attempts === 1 && r.progress_done === 1),
    ).toBe(true);
  });

  it('runs in the background once started, fails a job with its text, and stops cleanly', async () => {
    const r = runner('bg');
    r.start();
    const [ok] = await queue('count', 1);
    const [bad] = await queue('broken', 1);
    r.poke();
    for (let i = 0; i < 200; i++) {
      const done = await t.app.db
        .selectFrom('jobs')
        .select('id')
        .where('id', 'in', [ok, bad])
        .where('status', 'in', ['done', 'failed'])
        .execute();
      if (done.length === 2) break;
      await new Promise((res) => setTimeout(res, 10));
    }
    await r.stop();
    expect((await jobRow(t.app, ok)).status).toBe('done');
    expect(await jobRow(t.app, bad)).toMatchObject({
      status: 'failed',
      error: 'The store is gone',
      claimed_by: null,
    });
  });
});
