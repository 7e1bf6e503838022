import { LocationRoute, nextStop as routeNextStop } from '../../contract/location-route';
import type { App } from '../../server/app';
import { makeOrder } from '../../server/test/orders-fixture';
import { nextStop } from '../../server/modules/orders/next';
import { findOrderItems, stockOf } from '../../server/modules/orders/queries';
import { loadRoute } from '../../server/modules/locations/route';
import { buildTree } from './locations';
import { inProcessApp, median, type Bench, type BenchRow } from './support';

const NAME = 'picking-route';
const CALLS = 200;
/** Bins holding the order's two items, spread over the aisles. */
const STOCKED_BINS = 40;
const GOAL_P95_MS = 5;

function p95(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
}

/** The old way, for comparison: every location of the company read and built into a route. */
async function wholeTree(db: App['db'], companyId: number): Promise<LocationRoute> {
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'parent_id', 'name', 'code', 'sort_order'])
    .where('company_id', '=', companyId)
    .execute();
  return new LocationRoute(rows);
}

/** Median of the last sample set, for the note (a loaded machine stretches the tail). */
let lastMedian = 0;

async function sample(calls: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  lastMedian = median(times);
  return p95(times);
}

/**
 * The picker's route on the 50,000-location tree (tests/bench/locations.ts builds it), SQLite, in
 * process: the next stop (GET /api/v1/order/next and the server function) from bins all over the
 * tree with stock of an order's items in 40 bins, and a location's breadcrumb. Beside each, the
 * same answer computed the old way (the whole company tree loaded per call).
 */
export async function run(): Promise<BenchRow[]> {
  const server = await inProcessApp(NAME);
  const { app } = server;
  try {
    const { total } = await buildTree(app);
    const db = app.db;
    const picker = await db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', 'picker@demo.test')
      .executeTakeFirstOrThrow();
    const companyId = picker.company_id;
    const items = await db
      .selectFrom('items')
      .select(['id', 'colour_id'])
      .where('company_id', '=', companyId)
      .orderBy('id')
      .limit(2)
      .execute();
    const bins = await db
      .selectFrom('locations')
      .select('id')
      .where('company_id', '=', companyId)
      .where('code', 'like', 'BN-A%-B%')
      .orderBy('id')
      .execute();
    const stride = Math.floor(bins.length / STOCKED_BINS);
    const stocked = bins.filter((_, i) => i % stride === 0).slice(0, STOCKED_BINS);
    await db
      .insertInto('location_content')
      .values(
        stocked.map((b, i) => ({
          company_id: companyId,
          location_id: b.id,
          item_id: items[i % 2].id,
          colour_id: items[i % 2].colour_id,
          quantity: 5,
          updated_at: null,
          version: 1,
        })),
      )
      .onConflict((oc) => oc.columns(['location_id', 'item_id']).doNothing())
      .execute();
    const orderId = await makeOrder(db, companyId, {
      items: items.map((i) => [i.id, 3] as [number, number]),
      pickingStatusId: 1,
      claimedBy: picker.id,
    });
    const from = (i: number) => bins[(i * 7919) % bins.length].id;

    const authorization = await server.bearer('picker@demo.test');

    const medians: number[] = [];
    const http = await sample(CALLS, async (i) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/order/next?order_id=${orderId}&location_id=${from(i)}`,
        headers: { authorization },
      });
      if (res.statusCode !== 200) throw new Error(`next: ${res.statusCode} ${res.body}`);
    });
    medians.push(lastMedian);
    const fn = await sample(CALLS, (i) => nextStop(db, companyId, orderId, from(i), new Set()));
    medians.push(lastMedian);
    const crumb = await sample(CALLS, async (i) => {
      const route = await loadRoute(db, companyId, [from(i)]);
      if (route.breadcrumb(from(i)).length < 5) throw new Error('short breadcrumb');
    });
    medians.push(lastMedian);
    // The old way: the whole tree per call.
    const oldNext = await sample(20, async (i) => {
      const its = await findOrderItems(db, companyId, orderId);
      const stock = await stockOf(
        db,
        companyId,
        its.map((x) => x.item_id),
      );
      routeNextStop({ items: its, stock, route: await wholeTree(db, companyId), from: from(i) });
    });
    const oldCrumb = await sample(20, async (i) => {
      (await wholeTree(db, companyId)).breadcrumb(from(i));
    });

    const row = (measure: string, value: number, old?: number): BenchRow => ({
      bench: NAME,
      measure,
      value: `${value.toFixed(2)} ms p95`,
      goal: `<= ${GOAL_P95_MS} ms`,
      ok: value <= GOAL_P95_MS,
      note:
        `median ${medians.shift()!.toFixed(2)} ms; ` +
        (old === undefined
          ? `${CALLS} calls, ${total} locations added`
          : `whole tree per call: ${old.toFixed(1)} ms p95`),
    });
    return [
      row('GET /api/v1/order/next (auth included)', http),
      row('next stop (server function)', fn, oldNext),
      row('breadcrumb of a deep bin', crumb, oldCrumb),
    ];
  } finally {
    await server.close();
  }
}

export const pickingRoute: Bench = { name: NAME, run };
