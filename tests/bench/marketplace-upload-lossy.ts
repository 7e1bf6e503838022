import type { App } from '../../server/app';
import { queueUpload } from '../../server/jobs';
import { callsToday } from '../../server/jobs/store-client';
import {
  addStore,
  bricklinkParts,
  drain,
  jobRow,
  syncBatchOf,
  testRunner,
} from '../../server/test/jobs';
import { ORDER_INTAKE_RESERVE } from '../../server/jobs/upload/bricklink';
import { BRICKLINK_DAILY_CALLS } from '../../server/marketplaces/bricklink/client';
import {
  BRICKOWL_BATCHES_PER_MINUTE,
  BRICKOWL_PER_MINUTE,
} from '../../server/marketplaces/brickowl/client';
import { startFakeBrickLink, type FakeBrickLink } from '../support/fake-bricklink';
import { startFakeBrickOwl, type FakeBrickOwl } from '../support/fake-brickowl';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { benchApp, stockedItems } from './stock-sync-setup';
import { ms, type BenchRow } from './support';

/**
 * 5,000 lots of one sync batch uploaded by the real upload jobs (SQLite, the runner, the clients
 * with their limits) to a BrickLink and a BrickOwl store on the local fakes, through fault proxies
 * that cut 10% of the answers after the fake acted. A job that waits (a lost answer it cannot
 * check at once) comes back after a second instead of a minute. Afterwards every lot of the
 * batch must be on each store exactly once: each fake lot carries one job item's mark, no mark
 * twice, and every batch item's store item names its lot.
 */
const NAME = 'marketplace-upload';
const LOTS = 5_000;
const LOSS = 0.1;

/** A reproducible random source (a linear congruential generator). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

async function lossyProxy(fakeUrl: string, seed: number) {
  const target = new URL(fakeUrl);
  const proxy = await startFaultProxy({
    target: { host: target.hostname, port: Number(target.port) },
    random: seeded(seed),
    mode: { dropAfter: LOSS },
  });
  return { proxy, url: `${proxy.url}${target.pathname}` };
}

/** The batch: 5,000 part lots the catalog can name on BrickLink, each well in stock. */
async function bigBatch(app: App, companyId: number): Promise<number> {
  const { itemIds } = await stockedItems(app, companyId, LOTS + 50, 1_000);
  const named = await bricklinkParts(app, companyId).select('i.id').execute();
  const nameable = new Set(named.map((n) => Number(n.id)));
  const chosen = itemIds.filter((id) => nameable.has(id)).slice(0, LOTS);
  if (chosen.length < LOTS) throw new Error(`only ${chosen.length} items can be uploaded`);
  return syncBatchOf(
    app,
    companyId,
    chosen.map((itemId, n) => ({ itemId, quantity: 1 + (n % 40), price: 50 + (n % 170) * 10 })),
  );
}

/** Lots per mark on the store: how many fake lots carry each of the store's job items' marks. */
async function marksOnce(app: App, storeId: number, marks: string[]) {
  const items = await app.db
    .selectFrom('job_items')
    .select(['id', 'state'])
    .where('store_id', '=', storeId)
    .execute();
  const count = new Map<string, number>();
  for (const mark of marks) count.set(mark, (count.get(mark) ?? 0) + 1);
  const once = items.filter((i) => i.state === 'done' && count.get(`bw-${i.id}`) === 1).length;
  const twice = [...count.values()].filter((n) => n > 1).length;
  const recorded = await app.db
    .selectFrom('store_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .where('external_lot_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return { once, twice, lots: marks.length, recorded: Number(recorded.n) };
}

const blMarks = (bl: FakeBrickLink) =>
  [...bl.inventory.values()].map((l) => /\[(bw-\d+)\]$/.exec(l.remarks ?? '')?.[1] ?? '');
const boMarks = (bo: FakeBrickOwl) =>
  [...bo.lots.values()].map((l) => l.external_lot_ids?.['1'] ?? '');

export async function lostAnswers(rows: BenchRow[]): Promise<void> {
  const { app, auth, companyId, close } = await benchApp(`${NAME}-lossy`);
  const bl = await startFakeBrickLink();
  const bo = await startFakeBrickOwl({ lookup: (id) => [`bo-${id}`] });
  const proxies: FaultProxy[] = [];
  try {
    const blLink = await lossyProxy(bl.url, 5);
    const boLink = await lossyProxy(bo.url, 7);
    proxies.push(blLink.proxy, boLink.proxy);
    const link = await addStore(app, auth, 'BRICKLINK');
    const owl = await addStore(app, auth, 'BRICKOWL');
    const batchId = await bigBatch(app, companyId);
    const runner = testRunner(
      app,
      { bricklink: blLink.url, brickowl: boLink.url },
      { retryDelayMs: 1_000, pollMs: 100 },
    );
    const started = performance.now();
    const startedAt = Date.now();
    const jobs = await queueUpload(app.db, companyId, batchId, null, [link, owl]);
    // One runner, as one server has: the BrickLink job runs first, then the BrickOwl one.
    let runs = 0;
    for (;;) {
      runs += await drain(runner, 100);
      const rows = await Promise.all(jobs.map((id) => jobRow(app, id)));
      if (rows.every((r) => r.status === 'done' || r.status === 'failed')) break;
      await new Promise((r) => setTimeout(r, 200)); // a waiting job is due again shortly
    }
    const wall = performance.now() - started;
    const [blJob, boJob] = await Promise.all(jobs.map((id) => jobRow(app, id)));
    const blOnce = await marksOnce(app, link, blMarks(bl));
    const boOnce = await marksOnce(app, owl, boMarks(bo));
    const blCalls = await callsToday(app.db, link);
    const usable = BRICKLINK_DAILY_CALLS - ORDER_INTAKE_RESERVE;
    const took = (from: number, to: string | null) => ms((to ? Date.parse(to) : NaN) - from);
    const lost = `${blLink.proxy.stats.droppedAfter} of ${blLink.proxy.stats.requests} BrickLink and ${boLink.proxy.stats.droppedAfter} of ${boLink.proxy.stats.requests} BrickOwl answers lost`;
    const measure = `${LOTS} lots to both fakes, 10% of answers lost`;
    const each = (o: typeof blOnce) =>
      o.once === LOTS && o.twice === 0 && o.lots === LOTS && o.recorded === LOTS;
    rows.push(
      {
        bench: NAME,
        measure: `${measure}: wall time`,
        value: ms(wall),
        note: `BrickLink job ${took(startedAt, blJob.finished_at)} (${blJob.attempts} runs), BrickOwl job ${took(Date.parse(blJob.finished_at ?? ''), boJob.finished_at)} (${boJob.attempts} runs); ${runs} runs in all; ${lost}`,
      },
      {
        bench: NAME,
        measure: `${measure}: BrickLink calls`,
        value: `${blCalls} = ${((blCalls / BRICKLINK_DAILY_CALLS) * 100).toFixed(1)}% of the day`,
        goal: `≤ ${usable}/day (${ORDER_INTAKE_RESERVE} kept for order intake)`,
        ok: blCalls <= usable,
        note: `${bl.calls} reached the fake`,
      },
      {
        bench: NAME,
        measure: `${measure}: BrickOwl requests`,
        value: `${bo.requests}; peak ${bo.peakInWindow}/min, ${bo.peakBatchesInWindow} batches/min`,
        goal: `≤ ${BRICKOWL_PER_MINUTE}/min, ≤ ${BRICKOWL_BATCHES_PER_MINUTE} batches/min, no 429`,
        ok:
          bo.rateLimited === 0 &&
          bo.peakInWindow <= BRICKOWL_PER_MINUTE &&
          bo.peakBatchesInWindow <= BRICKOWL_BATCHES_PER_MINUTE,
        note: `${bo.rateLimited} refused with 429`,
      },
      {
        bench: NAME,
        measure: `${measure}: every lot once`,
        value: `BrickLink ${blOnce.once}, BrickOwl ${boOnce.once} of ${LOTS}`,
        goal: 'each lot once on each store, none twice',
        ok: blJob.status === 'done' && boJob.status === 'done' && each(blOnce) && each(boOnce),
        note: `lots on the fakes ${blOnce.lots} / ${boOnce.lots}; marks twice ${blOnce.twice} / ${boOnce.twice}; jobs ${blJob.status} / ${boJob.status}${blJob.error ? `: ${blJob.error}` : ''}${boJob.error ? `: ${boJob.error}` : ''}`,
      },
    );
  } finally {
    for (const p of proxies) await p.close();
    await bl.close();
    await bo.close();
    await close();
  }
}
