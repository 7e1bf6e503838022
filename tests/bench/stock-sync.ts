import { sql } from 'kysely';
import type { App } from '../../server/app';
import { queueStockSyncs } from '../../server/jobs';
import { lowerToSellable } from '../../server/jobs/stock-sync';
import { callsToday } from '../../server/jobs/store-client';
import { addStore, drain, jobRow, testRunner } from '../../server/test/jobs';
import { ORDER_INTAKE_RESERVE } from '../../server/jobs/upload/bricklink';
import { BRICKLINK_DAILY_CALLS, blPrice } from '../../server/marketplaces/bricklink/client';
import {
  BRICKOWL_BATCHES_PER_MINUTE,
  BRICKOWL_BATCH_SIZE,
  BRICKOWL_PER_MINUTE,
} from '../../server/marketplaces/brickowl/client';
import { startFakeBrickLink, type FakeBrickLink } from '../support/fake-bricklink';
import { startFakeBrickOwl, type FakeBrickOwl } from '../support/fake-brickowl';
import {
  benchApp,
  bricklinkLots,
  brickowlLots,
  changeAll,
  listedStoreItems,
  stockedItems,
} from './stock-sync-setup';
import { ms, type Bench, type BenchRow } from './support';

/**
 * The stock-sync job sending a store's changes to the local fake marketplaces, with the real
 * clients, runner and database (SQLite, demo data):
 * - BrickOwl: 5,000 listed lots, each with a new price and a lower quantity, sent 50 to a
 *   bulk/batch under BrickOwl's limits (600 requests and 200 batches a minute, which the fake
 *   enforces);
 * - BrickLink: 2,000 such lots, one signed call each, against the 5,000-a-day budget of which
 *   the job leaves 500 for order intake;
 * - lowering a store's offers to the stock left: 5,000 store items whose stock was lowered, the
 *   database work alone.
 * Every lot is checked afterwards for the quantity and price the store item asked for.
 */
const NAME = 'stock-sync';
const BO_LOTS = 5_000;
const BL_LOTS = 2_000;
/** Each item's stock: more than any store item offers, so the sync itself lowers nothing. */
const STOCK = 1_000;

type Expected = Map<string, { quantity: number; price: number }>;

interface World {
  app: App;
  auth: string;
  companyId: number;
  itemIds: number[];
  shelfId: number;
  bo: FakeBrickOwl;
  bl: FakeBrickLink;
}

/** Queues the store's stock sync and runs every job; answers the wall time, the job, jobs run. */
async function syncStore(w: World, storeId: number) {
  const runner = testRunner(w.app, { bricklink: w.bl.url, brickowl: w.bo.url });
  const started = performance.now();
  const [jobId] = await queueStockSyncs(w.app.db, w.companyId, null, [storeId]);
  const ran = await drain(runner);
  const wall = performance.now() - started;
  const job = await jobRow(w.app, jobId);
  return { wall, job, ran };
}

/** The store items all sent: nothing left to send, each listing what it offers. */
async function allSent(app: App, storeId: number): Promise<boolean> {
  const left = await app.db
    .selectFrom('store_items')
    .select('id')
    .where('store_id', '=', storeId)
    .where((w) =>
      w.or([
        w('needs_upload', '=', 1),
        w('sending_quantity', 'is not', null),
        w('listed_quantity', '<>', w.ref('store_quantity')),
      ]),
    )
    .execute();
  return left.length === 0;
}

async function brickowl(w: World): Promise<{ storeId: number; rows: BenchRow[] }> {
  const storeId = await addStore(w.app, w.auth, 'BRICKOWL');
  const itemIds = w.itemIds.slice(0, BO_LOTS);
  await listedStoreItems(w.app, w.companyId, storeId, itemIds, brickowlLots(w.bo, BO_LOTS));
  const expected: Expected = await changeAll(w.app, storeId);
  const { wall, job, ran } = await syncStore(w, storeId);
  let matching = 0;
  for (const [lotId, want] of expected) {
    const lot = w.bo.lots.get(lotId);
    if (
      lot &&
      Number(lot.quantity) === want.quantity &&
      lot.price === (want.price / 1000).toFixed(3)
    )
      matching += 1;
  }
  const ok = job.status === 'done' && matching === BO_LOTS && (await allSent(w.app, storeId));
  const batches = Math.ceil(BO_LOTS / BRICKOWL_BATCH_SIZE);
  const rows: BenchRow[] = [
    {
      bench: NAME,
      measure: `BrickOwl, ${BO_LOTS} changed lots: wall time`,
      value: ms(wall),
      note: `${ran} job run, ${job.status}${job.error ? `: ${job.error}` : ''}`,
    },
    {
      bench: NAME,
      measure: `BrickOwl, ${BO_LOTS} changed lots: requests`,
      value: `${w.bo.requests} (${batches} batches of ${BRICKOWL_BATCH_SIZE} needed); peak ${w.bo.peakInWindow}/min, ${w.bo.peakBatchesInWindow} batches/min`,
      goal: `≤ ${BRICKOWL_PER_MINUTE}/min, ≤ ${BRICKOWL_BATCHES_PER_MINUTE} batches/min, no 429`,
      ok:
        w.bo.rateLimited === 0 &&
        w.bo.peakInWindow <= BRICKOWL_PER_MINUTE &&
        w.bo.peakBatchesInWindow <= BRICKOWL_BATCHES_PER_MINUTE,
      note: `${w.bo.rateLimited} refused with 429`,
    },
    {
      bench: NAME,
      measure: `BrickOwl, ${BO_LOTS} changed lots: lots as asked`,
      value: `${matching} of ${BO_LOTS}`,
      goal: 'all, store items all sent',
      ok,
      note: 'quantity and price of every fake lot',
    },
  ];
  return { storeId, rows };
}

async function bricklink(w: World): Promise<BenchRow[]> {
  const storeId = await addStore(w.app, w.auth, 'BRICKLINK');
  const itemIds = w.itemIds.slice(0, BL_LOTS);
  await listedStoreItems(w.app, w.companyId, storeId, itemIds, bricklinkLots(w.bl, BL_LOTS));
  const expected: Expected = await changeAll(w.app, storeId);
  const before = w.bl.calls;
  const { wall, job, ran } = await syncStore(w, storeId);
  const calls = w.bl.calls - before;
  let matching = 0;
  for (const [lotId, want] of expected) {
    const lot = w.bl.inventory.get(Number(lotId));
    const price = Number(blPrice(want.price / 1000)).toFixed(4);
    if (lot && lot.quantity === want.quantity && lot.unit_price === price) matching += 1;
  }
  const ok = job.status === 'done' && matching === BL_LOTS && (await allSent(w.app, storeId));
  const usable = BRICKLINK_DAILY_CALLS - ORDER_INTAKE_RESERVE;
  const recorded = await callsToday(w.app.db, storeId);
  return [
    {
      bench: NAME,
      measure: `BrickLink, ${BL_LOTS} changed lots: wall time`,
      value: ms(wall),
      note: `${ran} job run, ${job.status}${job.error ? `: ${job.error}` : ''}; ${(wall / calls).toFixed(1)} ms a call`,
    },
    {
      bench: NAME,
      measure: `BrickLink, ${BL_LOTS} changed lots: calls`,
      value: `${calls} = ${pct(calls, BRICKLINK_DAILY_CALLS)} of the day`,
      goal: `≤ ${usable}/day (${ORDER_INTAKE_RESERVE} kept for order intake)`,
      ok: calls <= usable,
      note: `${recorded} recorded for the store today; ${usable - calls} left for more changes`,
    },
    {
      bench: NAME,
      measure: `BrickLink, ${BL_LOTS} changed lots: lots as asked`,
      value: `${matching} of ${BL_LOTS}`,
      goal: 'all, store items all sent',
      ok,
      note: 'quantity and price of every fake lot',
    },
  ];
}

/** The BrickOwl store's items, their stock lowered to half what each offers, lowered to it. */
async function lowering(w: World, storeId: number): Promise<BenchRow[]> {
  const offered = await w.app.db
    .selectFrom('store_items')
    .select(['id', 'item_id', 'store_quantity'])
    .where('store_id', '=', storeId)
    .execute();
  await w.app.db
    .updateTable('location_content as lc')
    .set((eb) => ({
      quantity: eb
        .selectFrom('store_items as si')
        .select(sql<number>`si.store_quantity / 2`.as('half'))
        .where('si.store_id', '=', storeId)
        .whereRef('si.item_id', '=', 'lc.item_id'),
    }))
    .where('lc.location_id', '=', w.shelfId)
    .execute();
  const started = performance.now();
  const lowered = await lowerToSellable(w.app.db, w.companyId, storeId);
  const took = performance.now() - started;
  const scanStarted = performance.now();
  const again = await lowerToSellable(w.app.db, w.companyId, storeId);
  const scan = performance.now() - scanStarted;
  const after = new Map(
    (
      await w.app.db
        .selectFrom('store_items')
        .select(['id', 'store_quantity', 'needs_upload'])
        .where('store_id', '=', storeId)
        .execute()
    ).map((r) => [Number(r.id), r]),
  );
  const right = offered.filter((r) => {
    const now = after.get(Number(r.id));
    return (
      now?.needs_upload === 1 &&
      Number(now.store_quantity) === Math.floor(Number(r.store_quantity) / 2)
    );
  }).length;
  return [
    {
      bench: NAME,
      measure: `lowerToSellable, ${offered.length} offers over stock`,
      value: ms(took),
      ok: lowered === offered.length && right === offered.length && again === 0,
      note: `${lowered} lowered, ${right} to the stock left; then with nothing to lower: ${ms(scan)}`,
    },
  ];
}

function pct(used: number, of: number): string {
  return `${((used / of) * 100).toFixed(1)}%`;
}

export const stockSync: Bench = {
  name: NAME,
  async run() {
    const { app, auth, companyId, close } = await benchApp(NAME);
    const bo = await startFakeBrickOwl();
    const bl = await startFakeBrickLink();
    try {
      const { itemIds, shelfId } = await stockedItems(app, companyId, BO_LOTS, STOCK);
      const w: World = { app, auth, companyId, itemIds, shelfId, bo, bl };
      const { storeId, rows } = await brickowl(w);
      rows.push(...(await bricklink(w)));
      rows.push(...(await lowering(w, storeId)));
      return rows;
    } finally {
      await bo.close();
      await bl.close();
      await close();
    }
  },
};
