import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  blStoreCredentials,
  startFakeBrickLink,
  type FakeBrickLink,
} from '../../tests/support/fake-bricklink';
import {
  FAKE_BRICKOWL_KEY,
  startFakeBrickOwl,
  type FakeBrickOwl,
} from '../../tests/support/fake-brickowl';
import { appSuite } from '../test/app-suite';
import { describeEachDialect } from '../test/helpers';
import { JobFailure, queueUpload } from '.';
import { addStore, batchStatus, drain, jobRow, makeSyncBatch, testRunner } from '../test/jobs';
import {
  expectEachLotOnce,
  loseNone,
  loseOnly,
  loseTenPercent,
  lotsBefore,
  newBrickLinkLots,
  plentyOfStock,
  type LossyLink,
  newBrickOwlLots,
  proxyFor,
  removeStores,
  retry,
  setCredentials,
  uploadBatch,
} from '../test/upload-recovery';

const RIGHT_BL = blStoreCredentials();
const WRONG_BL = { ...RIGHT_BL, token_secret: 'a-wrong-token-secret-0001' };
const WRONG_BO = { api_key: 'a-wrong-brickowl-key-0002' };
const CREDENTIALS_REFUSED =
  /^The marketplace refused the store's credentials: check them in Stores/;
/** Lots of a test batch: two BrickLink chunks of 100, four BrickOwl batches of 50. */
const LOTS = 200;

describeEachDialect('upload recovery', (dialect) => {
  const s = appSuite(dialect, { syncer: ['Demo Bricks', ['bricksyncer']] });
  let bl: FakeBrickLink;
  let bo: FakeBrickOwl;
  let blProxy: LossyLink;
  let boProxy: LossyLink;

  beforeAll(async () => {
    bl = await startFakeBrickLink();
    bo = await startFakeBrickOwl({ lookup: (id) => [`bo-${id}`] });
    blProxy = await proxyFor(bl.url);
    boProxy = await proxyFor(bo.url);
  });
  afterAll(async () => {
    await blProxy.proxy.close();
    await boProxy.proxy.close();
    await bl.close();
    await bo.close();
  });

  /** A runner whose marketplaces sit behind the fault proxies; a job that waits comes back at once. */
  const runner = (extra = {}) =>
    testRunner(
      s.t.app,
      { bricklink: blProxy.url, brickowl: boProxy.url },
      { retryDelayMs: 0, ...extra },
    );

  /** A store of each marketplace with wrong credentials, and a batch of `lots` in stock. */
  async function wrongStores(lots: number) {
    const link = await addStore(s.t.app, s.syncer, 'BRICKLINK', WRONG_BL);
    const owl = await addStore(s.t.app, s.syncer, 'BRICKOWL', WRONG_BO);
    const { batchId, itemIds } = await makeSyncBatch(s.t.app, s.demo, lots);
    await plentyOfStock(s.t.app, s.demo, itemIds);
    return { link, owl, batchId };
  }

  async function expectOnceOnBoth(
    link: number,
    owl: number,
    batchId: number,
    before: ReturnType<typeof lotsBefore>,
  ) {
    const bricklink = { id: link, platform: 'BRICKLINK' as const };
    await expectEachLotOnce(s.t.app, bricklink, batchId, newBrickLinkLots(bl, before.bl));
    const brickowl = { id: owl, platform: 'BRICKOWL' as const };
    await expectEachLotOnce(s.t.app, brickowl, batchId, newBrickOwlLots(bo, before.bo));
  }

  for (const lossy of [false, true]) {
    it(`wrong credentials, fixed, uploaded again: every lot once on both marketplaces${lossy ? ', 10% of answers lost' : ''}`, async () => {
      const before = lotsBefore(bl, bo);
      const { link, owl, batchId } = await wrongStores(LOTS);
      for (const p of [blProxy, boProxy]) await (lossy ? loseTenPercent(p) : loseNone(p));
      try {
        const first = await uploadBatch(s.t.app, s.syncer, batchId);
        expect(first).toHaveLength(2);
        await drain(runner(), 100);
        for (const job of first) {
          const row = await jobRow(s.t.app, job.id);
          expect(row.status).toBe('failed');
          if (!lossy) expect(row.error).toMatch(CREDENTIALS_REFUSED);
        }
        expect(await batchStatus(s.t.app, batchId)).toBe('failed');
        expect(newBrickLinkLots(bl, before.bl).size + newBrickOwlLots(bo, before.bo).size).toBe(0);
        if (!lossy) {
          // The refused calls created nothing: their lots are not left `sent`.
          const states = await s.t.app.db
            .selectFrom('job_items')
            .select('state')
            .where(
              'job_id',
              'in',
              first.map((j) => j.id),
            )
            .execute();
          expect(states.filter((st) => st.state === 'sent')).toEqual([]);
        }

        await setCredentials(s.t.app, s.syncer, link, RIGHT_BL);
        await setCredentials(s.t.app, s.syncer, owl, { api_key: FAKE_BRICKOWL_KEY });
        const second = await uploadBatch(s.t.app, s.syncer, batchId);
        await drain(runner(), 100);
        for (const job of second) {
          const row = await jobRow(s.t.app, job.id);
          expect(row, `job ${job.id}`).toMatchObject({
            status: 'done',
            error: null,
            stage: 'Uploaded',
            progress_done: LOTS,
            progress_total: LOTS,
          });
        }
        expect(await batchStatus(s.t.app, batchId)).toBe('uploaded');
        // The run did lose answers on both marketplaces (the seed is fixed).
        if (lossy)
          for (const p of [blProxy, boProxy]) expect(p.proxy.stats.droppedAfter).toBeGreaterThan(0);
        await expectOnceOnBoth(link, owl, batchId, before);
      } finally {
        for (const p of [blProxy, boProxy]) await loseNone(p);
        await removeStores(s.t.app, s.syncer, [link, owl]);
      }
    });
  }

  it('whichever answer of the upload is lost, every lot lands once on both marketplaces', async () => {
    // The nth request of each store's upload loses its answer, for every n until a run loses none.
    let nth = 1;
    for (; ; nth++) {
      const before = lotsBefore(bl, bo);
      const { link, owl, batchId } = await wrongStores(110);
      await setCredentials(s.t.app, s.syncer, link, RIGHT_BL);
      await setCredentials(s.t.app, s.syncer, owl, { api_key: FAKE_BRICKOWL_KEY });
      for (const p of [blProxy, boProxy]) await loseOnly(p, nth);
      try {
        const jobs = await uploadBatch(s.t.app, s.syncer, batchId);
        await drain(runner(), 20);
        for (const job of jobs) {
          expect(await jobRow(s.t.app, job.id), `answer ${nth} lost`).toMatchObject({
            status: 'done',
            progress_done: 110,
          });
        }
        await expectOnceOnBoth(link, owl, batchId, before);
        const lost = blProxy.proxy.stats.droppedAfter + boProxy.proxy.stats.droppedAfter;
        if (lost === 0) break;
      } finally {
        for (const p of [blProxy, boProxy]) await loseNone(p);
        await removeStores(s.t.app, s.syncer, [link, owl]);
      }
    }
    expect(nth, 'requests whose answer was lost, plus one').toBeGreaterThanOrEqual(5);
  }, 120_000);

  for (const platform of ['BRICKLINK', 'BRICKOWL'] as const) {
    it(`${platform}: lots a failed upload left sent are looked up by their mark next time: found ones recorded, absent ones sent, none twice`, async () => {
      const before = lotsBefore(bl, bo);
      const store = await addStore(s.t.app, s.syncer, platform);
      const { batchId } = await makeSyncBatch(s.t.app, s.demo, 5);
      const newLots = () =>
        platform === 'BRICKLINK' ? newBrickLinkLots(bl, before.bl) : newBrickOwlLots(bo, before.bo);
      try {
        const [firstJob] = await queueUpload(s.t.app.db, s.demo, batchId, null, [store]);
        // The marketplace created the lots, then the job failed before it recorded them.
        await runner({
          afterStep: () => {
            throw new JobFailure('The server lost the answer');
          },
        }).runOnce();
        expect(await jobRow(s.t.app, firstJob)).toMatchObject({ status: 'failed' });
        const created = [...newLots().keys()];
        expect(created).toHaveLength(5);
        // Two of them never reached the store after all.
        for (const lotId of created.slice(0, 2)) {
          if (platform === 'BRICKLINK') bl.inventory.delete(Number(lotId));
          else bo.lots.delete(lotId);
        }

        const [secondJob] = await queueUpload(s.t.app.db, s.demo, batchId, null, [store]);
        await drain(runner());
        expect(await jobRow(s.t.app, secondJob)).toMatchObject({
          status: 'done',
          progress_done: 5,
          progress_total: 5,
        });
        expect(newLots().size).toBe(5);
        for (const lotId of created.slice(2)) expect(newLots().has(lotId)).toBe(true);
        await expectEachLotOnce(s.t.app, { id: store, platform }, batchId, newLots());
        // The lots came over to the new upload with their marks; the failed one keeps none sent.
        const moved = await s.t.app.db
          .selectFrom('job_items')
          .select(['job_id', 'state'])
          .where('store_id', '=', store)
          .execute();
        expect(moved.filter((m) => m.job_id === firstJob)).toEqual([]);
        expect(moved.every((m) => m.job_id === secondJob && m.state === 'done')).toBe(true);
      } finally {
        await removeStores(s.t.app, s.syncer, [store]);
      }
    });
  }

  it('an upload that sends nothing while lots of the batch are not on the store fails, and Retry sends them', async () => {
    const before = lotsBefore(bl, bo);
    const store = await addStore(s.t.app, s.syncer, 'BRICKLINK');
    const { batchId } = await makeSyncBatch(s.t.app, s.demo, 3);
    try {
      // An upload that is stuck holds the lots as sent (never due, so it does not run).
      const [stuck] = await queueUpload(s.t.app.db, s.demo, batchId, null, [store]);
      await s.t.app.db
        .updateTable('jobs')
        .set({ run_after: '2999-01-01T00:00:00.000Z' })
        .where('id', '=', stuck)
        .execute();
      const items = await s.t.app.db
        .selectFrom('sync_batch_items')
        .select(['id', 'item_id'])
        .where('sync_batch_id', '=', batchId)
        .execute();
      await s.t.app.db
        .insertInto('job_items')
        .values(
          items.map((i) => ({
            job_id: stuck,
            company_id: s.demo,
            store_id: store,
            sync_batch_item_id: i.id,
            item_id: i.item_id,
            state: 'sent' as const,
            marketplace_lot_id: null,
            error: null,
            updated_at: null,
          })),
        )
        .execute();
      await s.t.app.db
        .updateTable('sync_batches')
        .set({ status: 'failed' })
        .where('id', '=', batchId)
        .execute();
      const [job] = await queueUpload(s.t.app.db, s.demo, batchId, null, [store]);
      await drain(runner());
      expect(await jobRow(s.t.app, job)).toMatchObject({
        status: 'failed',
        stage: 'Not uploaded',
        error:
          '3 lots of the batch are not on the store and this upload did not send them: retry it',
      });
      expect(newBrickLinkLots(bl, before.bl).size).toBe(0);

      // The stuck upload ends; Retry takes its lots over, finds them absent and sends them.
      await s.t.app.db
        .updateTable('jobs')
        .set({ status: 'failed' })
        .where('id', '=', stuck)
        .execute();
      const res = await retry(s.t.app, s.syncer, job);
      expect(res.statusCode, res.body).toBe(202);
      await drain(runner());
      expect(await jobRow(s.t.app, res.json().id)).toMatchObject({
        status: 'done',
        progress_total: 3,
      });
      await expectEachLotOnce(
        s.t.app,
        { id: store, platform: 'BRICKLINK' },
        batchId,
        newBrickLinkLots(bl, before.bl),
      );
      expect(await batchStatus(s.t.app, batchId)).toBe('uploaded');
    } finally {
      await removeStores(s.t.app, s.syncer, [store]);
    }
  });
});
