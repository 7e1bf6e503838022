import { expect, it } from 'vitest';
import { JobMessages } from '../../contract/jobs';
import { describeEachDialect } from '../test/helpers';
import { marketplaceSuite } from '../test/marketplace-suite';
import { JobKilled, queueUpload } from '.';
import { addStore, batchStatus, jobRow, lapseLease, makeSyncBatch, testRunner } from '../test/jobs';

describeEachDialect('upload jobs', (dialect) => {
  const s = marketplaceSuite(dialect, { lookup: (id) => [`bo-${id}`] });
  const urls = () => ({ bricklink: s.bl.url, brickowl: s.bo.url });

  const jobItems = (jobId: number) =>
    s.t.app.db.selectFrom('job_items').selectAll().where('job_id', '=', jobId).execute();

  it('BrickLink: a runner killed after the create resumes elsewhere and uploads each lot once', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const { batchId, itemIds } = await makeSyncBatch(s.t.app, s.demo, 5);
    const [jobId] = await queueUpload(s.t.app.db, s.demo, batchId, null, [store]);
    const before = s.bl.inventory.size;
    const dying = testRunner(s.t.app, urls(), {
      serverId: 'server-a',
      afterStep: () => {
        throw new JobKilled();
      },
    });
    expect(await dying.runOnce()).toBe(true);
    expect(s.bl.inventory.size).toBe(before + 5); // created, but the runner died before recording it
    expect(await jobRow(s.t.app, jobId)).toMatchObject({
      status: 'running',
      claimed_by: 'server-a',
    });
    expect((await jobItems(jobId)).map((i) => i.state)).toEqual(Array(5).fill('sent'));

    const other = testRunner(s.t.app, urls(), { serverId: 'server-b' });
    expect(await other.runOnce()).toBe(false); // the lease still holds
    await lapseLease(s.t.app, jobId);
    expect(await other.runOnce()).toBe(true);

    const job = await jobRow(s.t.app, jobId);
    expect(job).toMatchObject({ status: 'done', error: null, progress_done: 5, progress_total: 5 });
    expect(job.attempts).toBe(2);
    expect(s.bl.inventory.size).toBe(before + 5); // nothing sent twice
    const items = await jobItems(jobId);
    expect(items.every((i) => i.state === 'done')).toBe(true);
    for (const i of items) expect(s.bl.inventory.has(Number(i.marketplace_lot_id))).toBe(true);
    const stored = await s.t.app.db
      .selectFrom('store_items')
      .select(['item_id', 'store_quantity', 'store_price', 'external_lot_id'])
      .where('store_id', '=', store)
      .orderBy('item_id')
      .execute();
    expect(stored.map((row) => row.item_id).sort()).toEqual([...itemIds].sort());
    const batch = await s.t.app.db
      .selectFrom('sync_batches')
      .select(['status', 'uploaded_at'])
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(batch.status).toBe('uploaded');
  });

  it('BrickLink: lots created one by one are recorded one by one; a kill loses none', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const { batchId } = await makeSyncBatch(s.t.app, s.demo, 3);
    const [jobId] = await queueUpload(s.t.app.db, s.demo, batchId, null, [store]);
    await lapseLease(s.t.app, jobId);
    const before = s.bl.inventory.size;
    const runner = testRunner(s.t.app, urls());
    await runner.runOnce();
    expect((await jobRow(s.t.app, jobId)).status).toBe('done');
    // Running the finished job again sends nothing.
    await s.t.app.db
      .updateTable('jobs')
      .set({ status: 'queued' })
      .where('id', '=', jobId)
      .execute();
    await runner.runOnce();
    expect(s.bl.inventory.size).toBe(before + 3);
  });

  it('BrickLink: a lot found twice on resume is left for a person as a stock error', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const { batchId, itemIds } = await makeSyncBatch(s.t.app, s.demo, 3);
    const [jobId] = await queueUpload(s.t.app.db, s.demo, batchId, null, [store]);
    const kill = () => {
      throw new JobKilled();
    };
    const before = new Set(s.bl.inventory.keys());
    await testRunner(s.t.app, urls(), { afterStep: kill }).runOnce();
    const created = [...s.bl.inventory.values()].filter((l) => !before.has(l.inventory_id));
    expect(created).toHaveLength(3);
    s.bl.inventory.set(990_001, { ...created[0], inventory_id: 990_001 }); // a person copied it
    await lapseLease(s.t.app, jobId);
    await testRunner(s.t.app, urls()).runOnce();
    expect(await jobRow(s.t.app, jobId)).toMatchObject({
      status: 'failed',
      error: '1 of 3 lots could not be uploaded',
    });
    expect(s.bl.inventory.size).toBe(before.size + 4);
    const errors = await s.t.app.db
      .selectFrom('stock_item_errors')
      .select(['item_id', 'description'])
      .where('store_id', '=', store)
      .execute();
    expect(errors).toHaveLength(1);
    expect(itemIds).toContain(errors[0].item_id);
    expect(errors[0].description).toMatch(/^The store holds 2 lots marked bw-\d+ \(lots /);
  });

  it('BrickOwl: killed after a batch of creates, the next run finds the lots by their mark', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKOWL');
    const { batchId } = await makeSyncBatch(s.t.app, s.demo, 6);
    const [jobId] = await queueUpload(s.t.app.db, s.demo, batchId, null, [store]);
    const before = s.bo.lots.size;
    let steps = 0;
    const dying = testRunner(s.t.app, urls(), {
      serverId: 'owl-a',
      afterStep: () => {
        if (++steps === 1) throw new JobKilled();
      },
    });
    await dying.runOnce();
    expect(s.bo.lots.size).toBe(before + 6);
    await lapseLease(s.t.app, jobId);
    await testRunner(s.t.app, urls(), { serverId: 'owl-b' }).runOnce();
    expect(await jobRow(s.t.app, jobId)).toMatchObject({ status: 'done', progress_done: 6 });
    expect(s.bo.lots.size).toBe(before + 6);
    const marks = [...s.bo.lots.values()].map((l) => Object.values(l.external_lot_ids ?? {})[0]);
    expect(new Set(marks).size).toBe(marks.length);
    expect(s.bo.rateLimited).toBe(0);
    expect(s.bo.peakInWindow).toBeLessThanOrEqual(600);
  });

  /**
   * Runs an upload for a new BrickLink store that has made `used` calls today: the job as the
   * runner leaves it, and how many calls it made to BrickLink.
   */
  async function uploadAfterCalls(used: number) {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const { batchId } = await makeSyncBatch(s.t.app, s.demo, 2);
    const [jobId] = await queueUpload(s.t.app.db, s.demo, batchId, null, [store]);
    await s.t.app.db
      .insertInto('marketplace_call_counts')
      .values({ store_id: store, day: new Date().toISOString().slice(0, 10), used })
      .execute();
    const calls = s.bl.calls;
    await testRunner(s.t.app, urls()).runOnce();
    return { job: await jobRow(s.t.app, jobId), sent: s.bl.calls - calls };
  }

  it('waits for the next day when the store has used its BrickLink budget, sending nothing', async () => {
    const { job, sent } = await uploadAfterCalls(5000);
    expect(job.status).toBe('queued');
    expect(job.error).toMatch(/used up/);
    expect(job.run_after.slice(0, 10)).not.toBe(new Date().toISOString().slice(0, 10));
    expect(sent).toBe(0);
  });

  it("stops before the day's last 500 BrickLink calls, kept for order intake", async () => {
    const { job, sent } = await uploadAfterCalls(4499);
    expect(job.status).toBe('queued');
    expect(job.error).toMatch(/except the 500 kept for order intake/);
    expect(sent).toBe(0);
  });

  it('fails with a clear text when the marketplace refuses the credentials', async () => {
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK', {
      consumer_key: 'UNKNOWN-CONSUMER-KEY-1',
      consumer_secret: 'nope-secret-000',
      token_key: 'UNKNOWN-TOKEN-0001',
      token_secret: 'nope-token-0002',
    });
    const owl = await addStore(s.t.app, s.syncer, 'BRICKOWL', {
      api_key: 'not-the-right-key-0000',
    });
    const { batchId } = await makeSyncBatch(s.t.app, s.demo, 2);
    const jobIds = await queueUpload(s.t.app.db, s.demo, batchId, null, [store, owl]);
    const runner = testRunner(s.t.app, urls());
    while (await runner.runOnce());
    for (const id of jobIds) {
      const job = await jobRow(s.t.app, id);
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(
        /^The marketplace refused the store's credentials: check them in Stores/,
      );
    }
    expect(await batchStatus(s.t.app, batchId)).toBe('failed');
  });

  it('the batch upload route queues a job per store, answers them, and refuses a second upload', async () => {
    const { batchId } = await makeSyncBatch(s.t.app, s.demo, 2);
    const post = () =>
      s.t.app.inject({
        method: 'POST',
        url: `/api/v1/sync_batch_upload?batch_id=${batchId}`,
        headers: { authorization: s.syncer },
        payload: { items: [] },
      });
    const res = await post();
    expect(res.statusCode, res.body).toBe(202);
    const jobs = res.json().jobs as {
      id: number;
      status: string;
      kind: string;
      store_id: number;
    }[];
    const stores = await s.t.app.db
      .selectFrom('stores')
      .select('id')
      .where('company_id', '=', s.demo)
      .where('credentials', '<>', '')
      .orderBy('id')
      .execute();
    expect(jobs).toHaveLength(stores.length);
    expect(jobs.every((j) => j.status === 'queued' && j.kind === 'upload')).toBe(true);
    const again = await post();
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].detail).toBe(JobMessages.uploading);
    const runner = testRunner(s.t.app, urls());
    while (await runner.runOnce());
    // The first store (its credentials good, its budget not used up) has its lots.
    const first = jobs.find((j) => j.store_id === stores[0].id)!;
    const view = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/job?job_id=${first.id}`,
      headers: { authorization: s.syncer },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      id: first.id,
      status: 'done',
      progress: { done: 2, total: 2 },
      items: { done: 2, failed: 0 },
    });
  });

  it("settles a batch whose stores' uploads end at the same moment on two servers", async () => {
    for (let round = 0; round < 6; round++) {
      const a = await addStore(s.t.app, s.syncer, 'BRICKLINK');
      const b = await addStore(s.t.app, s.syncer, 'BRICKLINK');
      const { batchId } = await makeSyncBatch(s.t.app, s.demo, 3);
      const jobs = await queueUpload(s.t.app.db, s.demo, batchId, null, [a, b]);
      const one = testRunner(s.t.app, urls(), { serverId: 'one' });
      const two = testRunner(s.t.app, urls(), { serverId: 'two' });
      await Promise.all([one.runOnce(), two.runOnce()]);
      for (const id of jobs) expect((await jobRow(s.t.app, id)).status).toBe('done');
      expect(await batchStatus(s.t.app, batchId), `round ${round}`).toBe('uploaded');
      // A company has at most STORE_MAX stores.
      await s.t.app.db.deleteFrom('stores').where('id', 'in', [a, b]).execute();
    }
  });
});
