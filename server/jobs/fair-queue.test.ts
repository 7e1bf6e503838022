import { beforeAll, expect, it } from 'vitest';
import { STORE_MAX, StoreMessages } from '../../contract/bricksyncer';
import { JOB_QUEUE_MAX, JobMessages } from '../../contract/jobs';
import { nowIso } from '../db/dialect';
import { backgroundJobsOf } from '../modules/jobs';
import { appSuite } from '../test/app-suite';
import { describeEachDialect } from '../test/helpers';
import { companyId } from '../test/locations-support';
import { claimJob } from '.';
import { finishJob } from './claim';
import { jobValues } from './queue';
import { addStore, batchStatus, makeSyncBatch } from '../test/jobs';

/**
 * The job queue is fair and bounded: a burst of requests for one store queues one job, a
 * company's queue and its stores have a ceiling, the runners take the companies in turn, and what
 * ended long ago is pruned.
 */
describeEachDialect('a fair, bounded job queue', (dialect) => {
  const s = appSuite(dialect, { syncer: ['Demo Bricks', ['bricksyncer']] });
  let other: number;
  let store: number;

  beforeAll(async () => {
    other = await companyId(s.t.app, 'Other Bricks');
    store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
  });

  const post = (url: string, payload: object) =>
    s.t.app.inject({ method: 'POST', url, headers: { authorization: s.syncer }, payload });

  const openJobs = (kind: string, storeId: number) =>
    s.t.app.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', kind)
      .where('store_id', '=', storeId)
      .where('status', 'in', ['queued', 'running'])
      .execute();

  /** Ends every job of the store, so that the next case finds none of its own open. */
  const finishStoreJobs = () =>
    s.t.app.db
      .updateTable('jobs')
      .set({ status: 'done', finished_at: nowIso() })
      .where('store_id', '=', store)
      .execute();

  /** Jobs of a kind no runner here takes, straight into the table. */
  const flood = async (company: number, n: number, kind = 'flood') => {
    const ids: number[] = [];
    for (let i = 0; i < n; i += 100) {
      const rows = await s.t.app.db
        .insertInto('jobs')
        .values(
          Array.from({ length: Math.min(100, n - i) }, () =>
            jobValues({ companyId: company, kind, storeId: null }),
          ),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => Number(r.id)));
    }
    return ids;
  };
  const clear = (kind: string) => s.t.app.db.deleteFrom('jobs').where('kind', '=', kind).execute();

  it('queues one order intake and one stock sync for six requests at once', async () => {
    for (const [url, kind] of [
      ['/api/v1/order_intake', 'order_intake'],
      ['/api/v1/stock_sync', 'stock_sync'],
    ] as const) {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => post(url, { store_id: store })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202, 202]);
      const open = await openJobs(kind, store);
      expect(open).toHaveLength(1);
      const answered = answers.map((a) => {
        const body = a.json() as { id?: number; jobs?: { id: number }[] };
        return body.id ?? body.jobs![0].id;
      });
      expect(new Set(answered)).toEqual(new Set([open[0].id]));
    }
    await finishStoreJobs();
  });

  it('answers 429 with a sentence once the company has its most jobs waiting', async () => {
    const waiting = await post('/api/v1/order_intake', { store_id: store });
    expect(waiting.statusCode).toBe(202);
    await flood(s.demo, JOB_QUEUE_MAX - 1, 'filler');
    // A job already waiting is still answered; a new one is refused.
    const again = await post('/api/v1/order_intake', { store_id: store });
    expect(again.statusCode).toBe(202);
    expect(again.json().id).toBe(waiting.json().id);
    const sync = await post('/api/v1/stock_sync', { store_id: store });
    expect(sync.statusCode).toBe(429);
    expect(sync.json().errors[0].detail).toBe(JobMessages.queueFull);
    expect(sync.headers['retry-after']).toBe('60');
    const { batchId } = await makeSyncBatch(s.t.app, s.demo, 2);
    const upload = await post(`/api/v1/sync_batch_upload?batch_id=${batchId}`, { items: [] });
    expect(upload.statusCode).toBe(429);
    expect(upload.json().errors[0].detail).toBe(JobMessages.queueFull);
    expect(await batchStatus(s.t.app, batchId)).toBe('new'); // not left "uploading" without a job
    // The schedule is not refused: it queues one job per store and kind at most.
    expect(await openJobs('stock_sync', store)).toHaveLength(0);
    await clear('filler');
    expect((await post('/api/v1/stock_sync', { store_id: store })).statusCode).toBe(202);
    await finishStoreJobs();
  });

  it("claims another company's job within two claims while one company floods the queue", async () => {
    const claimAndFinish = async () => {
      const job = await claimJob(s.t.app.db, 'runner', 60_000, ['flood']);
      if (job) await finishJob(s.t.app.db, job.id, 'runner', { status: 'done' });
      return job;
    };
    const flooded = await flood(s.demo, 300);
    for (let i = 0; i < 5; i++) expect((await claimAndFinish())?.company_id).toBe(s.demo);
    for (let round = 0; round < 3; round++) {
      const [mine] = await flood(other, 1);
      const claimed: number[] = [];
      for (let i = 0; i < 2 && !claimed.includes(mine); i++)
        claimed.push((await claimAndFinish())!.id);
      expect(claimed).toContain(mine);
      // The flooding company goes on between the other company's jobs.
      expect((await claimAndFinish())?.company_id).toBe(s.demo);
    }
    // A company with a job running waits while another has none running.
    const running = await claimJob(s.t.app.db, 'one', 60_000, ['flood']);
    expect(running?.company_id).toBe(s.demo);
    const [next] = await flood(other, 1);
    await flood(other, 1);
    expect((await claimJob(s.t.app.db, 'two', 60_000, ['flood']))?.id).toBe(next);
    // Both have one running: the company whose turn is older (the flooding one) comes next.
    expect((await claimJob(s.t.app.db, 'three', 60_000, ['flood']))?.company_id).toBe(s.demo);
    const left = await s.t.app.db
      .selectFrom('jobs')
      .select('id')
      .where('id', 'in', flooded)
      .where('status', '=', 'queued')
      .execute();
    expect(left.length).toBeGreaterThan(280);
    await clear('flood');
  });

  it('prunes jobs and log lines past their retention, keeping recent ones', async () => {
    const day = 24 * 3600_000;
    const ago = (days: number) => new Date(Date.now() - days * day).toISOString();
    const [oldFailed, recentFailed, oldDone, oldUpload, keptUpload] = await flood(
      s.demo,
      5,
      'aged',
    );
    await s.t.app.db
      .updateTable('jobs')
      .set({ status: 'failed', error: 'The store is gone', finished_at: ago(31) })
      .where('id', '=', oldFailed)
      .execute();
    await s.t.app.db
      .updateTable('jobs')
      .set({ status: 'failed', error: 'The store is gone', finished_at: ago(2) })
      .where('id', '=', recentFailed)
      .execute();
    await s.t.app.db
      .updateTable('jobs')
      .set({ status: 'done', finished_at: ago(40) })
      .where('id', '=', oldDone)
      .execute();
    // Two old uploads: one of a batch that is uploaded, one of a batch a person may upload again.
    const uploaded = await makeSyncBatch(s.t.app, s.demo, 1);
    const failed = await makeSyncBatch(s.t.app, s.demo, 1);
    await s.t.app.db
      .updateTable('sync_batches')
      .set({ status: 'uploaded' })
      .where('id', '=', uploaded.batchId)
      .execute();
    await s.t.app.db
      .updateTable('sync_batches')
      .set({ status: 'failed' })
      .where('id', '=', failed.batchId)
      .execute();
    for (const [job, batch] of [
      [oldUpload, uploaded.batchId],
      [keptUpload, failed.batchId],
    ]) {
      await s.t.app.db
        .updateTable('jobs')
        .set({ kind: 'upload', status: 'failed', store_id: store, finished_at: ago(60) })
        .where('id', '=', job)
        .execute();
      const item = await s.t.app.db
        .selectFrom('sync_batch_items')
        .select(['id', 'item_id'])
        .where('sync_batch_id', '=', batch)
        .executeTakeFirstOrThrow();
      await s.t.app.db
        .insertInto('job_items')
        .values({
          job_id: job,
          company_id: s.demo,
          store_id: store,
          sync_batch_item_id: item.id,
          item_id: item.item_id,
          state: 'sent',
        })
        .execute();
    }
    await s.t.app.db
      .insertInto('job_items')
      .values({
        job_id: oldFailed,
        company_id: s.demo,
        store_id: store,
        item_id: 1,
        state: 'failed',
      })
      .execute();
    const line = (days: number, message: string) => ({
      company_id: s.demo,
      created_at: ago(days),
      level: 'info' as const,
      message,
      store_id: store,
      context: null,
    });
    await s.t.app.db
      .insertInto('log_entries')
      .values([line(91, 'prune: old line'), line(89, 'prune: recent line')])
      .execute();

    await backgroundJobsOf(s.t.app).prune();

    const jobs = await s.t.app.db
      .selectFrom('jobs')
      .select('id')
      .where('id', 'in', [oldFailed, recentFailed, oldDone, oldUpload, keptUpload])
      .orderBy('id')
      .execute();
    expect(jobs.map((j) => j.id)).toEqual([recentFailed, keptUpload]);
    const items = await s.t.app.db
      .selectFrom('job_items')
      .select('job_id')
      .where('job_id', 'in', [oldFailed, oldUpload, keptUpload])
      .execute();
    expect(items.map((i) => i.job_id)).toEqual([keptUpload]);
    const lines = await s.t.app.db
      .selectFrom('log_entries')
      .select('message')
      .where('message', 'like', 'prune:%')
      .execute();
    expect(lines.map((l) => l.message)).toEqual(['prune: recent line']);
  });

  it('refuses a store beyond the most a company may have, also for requests at once', async () => {
    const count = async () =>
      Number(
        (
          await s.t.app.db
            .selectFrom('stores')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('company_id', '=', s.demo)
            .executeTakeFirstOrThrow()
        ).n,
      );
    while ((await count()) < STORE_MAX - 2) await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        s.t.app.inject({
          method: 'POST',
          url: '/api/v2/stores',
          headers: { authorization: s.syncer },
          payload: {
            data: {
              type: 'stores',
              attributes: {
                name: 'One too many',
                platform: 'BRICKOWL',
                external_id: 'more',
                credentials: { api_key: 'a-key-of-some-length' },
              },
            },
          },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    const refused = answers.filter((a) => a.statusCode === 400);
    expect(refused).toHaveLength(4);
    expect(refused[0].json().errors[0].detail).toBe(StoreMessages.tooMany);
    expect(await count()).toBe(STORE_MAX);
  });
});
