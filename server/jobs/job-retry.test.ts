import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobMessages } from '../../contract/jobs';
import {
  blStoreCredentials,
  startFakeBrickLink,
  type FakeBrickLink,
} from '../../tests/support/fake-bricklink';
import type { JobStatus } from '../db/schema';
import { appSuite } from '../test/app-suite';
import { describeEachDialect } from '../test/helpers';
import { bearerFor } from '../test/locations-support';
import { queueUpload } from '.';
import {
  addStore,
  batchStatus,
  drain,
  jobRow,
  makeSyncBatch,
  storeWithoutCredentials,
  testRunner,
} from '../test/jobs';
import {
  expectEachLotOnce,
  newBrickLinkLots,
  plentyOfStock,
  retry,
  setCredentials,
} from '../test/upload-recovery';
import { jobValues } from './queue';

const RIGHT = blStoreCredentials();

describeEachDialect('retrying a failed job', (dialect) => {
  const s = appSuite(dialect, { syncer: ['Demo Bricks', ['bricksyncer']] });
  let bl: FakeBrickLink;

  beforeAll(async () => {
    bl = await startFakeBrickLink();
  });
  afterAll(() => bl.close());

  const runAll = () => drain(testRunner(s.t.app, { bricklink: bl.url }, { retryDelayMs: 0 }));

  /** A job as the runner leaves it, never due; its id. */
  async function addJob(
    kind: string,
    store: number,
    status: JobStatus,
    payload: object = {},
    company = s.demo,
  ) {
    const now = new Date().toISOString();
    const row = await s.t.app.db
      .insertInto('jobs')
      .values({
        ...jobValues({ companyId: company, kind, storeId: store, payload }),
        status,
        run_after: '2999-01-01T00:00:00.000Z',
        error: status === 'failed' ? 'It went wrong' : null,
        finished_at: status === 'failed' || status === 'done' ? now : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  it('a failed upload, its store fixed, is retried: a new job for the same store and batch sends every lot once', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK', {
      ...RIGHT,
      token_secret: 'a-wrong-token-secret-0001',
    });
    const { batchId, itemIds } = await makeSyncBatch(s.t.app, s.demo, 130);
    await plentyOfStock(s.t.app, s.demo, itemIds);
    const before = new Set(bl.inventory.keys());
    const [failed] = await queueUpload(s.t.app.db, s.demo, batchId, null, [store]);
    await runAll();
    expect(await jobRow(s.t.app, failed)).toMatchObject({ status: 'failed' });
    expect(await batchStatus(s.t.app, batchId)).toBe('failed');

    await setCredentials(s.t.app, s.syncer, store, RIGHT);
    const res = await retry(s.t.app, s.syncer, failed);
    expect(res.statusCode, res.body).toBe(202);
    const job = res.json();
    expect(job).toMatchObject({
      kind: 'upload',
      status: 'queued',
      store_id: store,
      sync_batch_id: batchId,
      attempts: 0,
      error: null,
    });
    expect(job.id).not.toBe(failed);
    expect(await batchStatus(s.t.app, batchId)).toBe('uploading');
    // One open job per store and kind: a second Retry answers the job already queued.
    const twice = await retry(s.t.app, s.syncer, failed);
    expect(twice.statusCode).toBe(202);
    expect(twice.json().id).toBe(job.id);

    await runAll();
    expect(await jobRow(s.t.app, job.id)).toMatchObject({
      status: 'done',
      progress_done: 130,
      progress_total: 130,
    });
    expect(await jobRow(s.t.app, failed)).toMatchObject({ status: 'failed' }); // kept as it was
    expect(await batchStatus(s.t.app, batchId)).toBe('uploaded');
    const platform = 'BRICKLINK' as const;
    await expectEachLotOnce(
      s.t.app,
      { id: store, platform },
      batchId,
      newBrickLinkLots(bl, before),
    );

    const uploaded = await retry(s.t.app, s.syncer, failed);
    expect(uploaded.statusCode).toBe(409);
    expect(uploaded.json().errors[0].detail).toBe(JobMessages.uploaded);
    const done = await retry(s.t.app, s.syncer, job.id);
    expect(done.statusCode).toBe(409);
    expect(done.json().errors[0].detail).toBe(JobMessages.notFailed);
  });

  it('answers by role, company, body and store; other kinds are queued again once', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const check = await addJob('stock_check', store, 'failed');
    const picker = await bearerFor(s.t.app, 'Demo Bricks', ['picker']);
    expect((await retry(s.t.app, picker, check)).statusCode).toBe(403);
    const other = await bearerFor(s.t.app, 'Other Bricks', ['bricksyncer']);
    const foreign = await retry(s.t.app, other, check);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors[0].detail).toBe(JobMessages.notFound);
    for (const bad of ['abc', 0, -1, 1.5, 2 ** 31, null]) {
      expect((await retry(s.t.app, s.syncer, bad)).statusCode, String(bad)).toBe(400);
    }
    expect((await retry(s.t.app, s.syncer, 987_654)).statusCode).toBe(404);

    // A store without credentials (the demo's own): nothing to retry with.
    const bare = await storeWithoutCredentials(s.t.app, s.demo);
    const stranded = await addJob('stock_sync', bare, 'failed');
    const noKeys = await retry(s.t.app, s.syncer, stranded);
    expect(noKeys.statusCode).toBe(400);
    expect(noKeys.json().errors[0].detail).toBe(JobMessages.noCredentials);

    const again = await retry(s.t.app, s.syncer, check);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ kind: 'stock_check', status: 'queued', store_id: store });
    const older = await addJob('stock_check', store, 'failed');
    const same = await retry(s.t.app, s.syncer, older);
    expect(same.json().id).toBe(again.json().id);
    const open = await s.t.app.db
      .selectFrom('jobs')
      .select('id')
      .where('store_id', '=', store)
      .where('kind', '=', 'stock_check')
      .where('status', 'in', ['queued', 'running'])
      .execute();
    expect(open).toHaveLength(1);

    // An upload of another batch waits for the store: this one is retried once it has ended.
    const { batchId: a } = await makeSyncBatch(s.t.app, s.demo, 2);
    const { batchId: b } = await makeSyncBatch(s.t.app, s.demo, 2);
    const failedUpload = await addJob('upload', store, 'failed', { sync_batch_id: a });
    await addJob('upload', store, 'queued', { sync_batch_id: b });
    const waiting = await retry(s.t.app, s.syncer, failedUpload);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().errors[0].detail).toBe(JobMessages.uploadWaiting);
    await s.t.app.db.deleteFrom('jobs').where('store_id', '=', store).execute();
  });

  it('a failed job run again since is not retried a second time: it names the newer job', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const failed = await addJob('stock_check', store, 'failed');
    const view = async () =>
      (
        await s.t.app.inject({
          method: 'GET',
          url: `/api/v1/job?job_id=${failed}`,
          headers: { authorization: s.syncer },
        })
      ).json();
    expect((await view()).retried_by).toBeNull();
    const first = await retry(s.t.app, s.syncer, failed);
    expect(first.statusCode, first.body).toBe(202);
    const newer = first.json().id as number;
    expect((await view()).retried_by).toBe(newer);
    // While the newer job waits, asking again answers it.
    const meanwhile = await retry(s.t.app, s.syncer, failed);
    expect(meanwhile.statusCode).toBe(202);
    expect(meanwhile.json().id).toBe(newer);
    // Once it has run, the old failure is not run a second time (it made empty jobs before).
    await s.t.app.db
      .updateTable('jobs')
      .set({ status: 'done', finished_at: new Date().toISOString() })
      .where('id', '=', newer)
      .execute();
    const second = await retry(s.t.app, s.syncer, failed);
    expect(second.statusCode).toBe(409);
    expect(second.json().errors[0].detail).toBe(JobMessages.retried(newer));
    const kept = await s.t.app.db
      .selectFrom('jobs')
      .select('id')
      .where('store_id', '=', store)
      .execute();
    expect(kept).toHaveLength(2);
    await s.t.app.db.deleteFrom('jobs').where('store_id', '=', store).execute();
  });

  it('two retries of one failed job at the same moment queue one job', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const failed = await addJob('order_intake', store, 'failed');
    const answers = await Promise.all([0, 1, 2].map(() => retry(s.t.app, s.syncer, failed)));
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    await s.t.app.db.deleteFrom('jobs').where('store_id', '=', store).execute();
  });
});
