import { rmSync } from 'node:fs';
import type { Insertable } from 'kysely';
import type { AveragePlan, AverageSetAnswer, PriceLotList } from '../../contract/price-lots';
import { buildApp, type App } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { DialectName } from '../../server/db';
import { nowIso } from '../../server/db/dialect';
import type { ItemsTable } from '../../server/db/schema-domain';
import { nextVersion } from '../../server/sync/version';
import { bearerFor, companyId } from '../../server/test/locations-support';
import { freshPostgres } from './fresh-postgres';
import { freshDataDir, median, ms, type Bench, type BenchRow } from './support';

/**
 * Edit prices with 10,000 lots: the demo company's items on sale grown to 10,000 (5,000 items,
 * each on both demo stores, each stocked), 60 % of them with a kept price guide. Measures the
 * server's time (app.inject: routing, validation, queries, answer; no network) of the search and
 * its filters, and of Set to average over a filter: planned, then done a chunk a call. On SQLite
 * and on PostgreSQL (a fresh database, not analysed: no autovacuum on the bench machine).
 */
const NAME = 'price-lots';
const LOTS = 10_000;
const ITEMS = LOTS / 2;
const GOAL_MS = 300;
const RUNS = 7;
const CHUNK = 500;

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** ITEMS more items of the company, each on both its stores with stock, and guides for 60 %. */
export async function seed(app: App, company: number): Promise<void> {
  const db = app.db;
  const taken = new Set(
    (
      await db
        .selectFrom('items')
        .select(['mold_id', 'colour_id', 'condition'])
        .where('company_id', '=', company)
        .execute()
    ).map((i) => `${i.mold_id}/${i.colour_id}/${i.condition}`),
  );
  const moulds = await db.selectFrom('moulds').select('id').orderBy('id').execute();
  const colours = await db.selectFrom('colours').select('id').orderBy('id').execute();
  const now = nowIso();
  const version = await nextVersion(db, company);
  const fresh: Insertable<ItemsTable>[] = [];
  for (const condition of ['NEW', 'GOOD', 'LIKE_NEW', 'ACCEPTABLE'] as const) {
    for (const c of colours) {
      for (const m of moulds) {
        if (fresh.length >= ITEMS) break;
        if (taken.has(`${m.id}/${c.id}/${condition}`)) continue;
        fresh.push({
          company_id: company,
          mold_id: m.id,
          colour_id: c.id,
          condition,
          completeness: null,
          readable_id: null,
          creator_user_id: null,
          date_of_creation: now,
          last_edit_user_id: null,
          date_of_last_edit: null,
          version,
        });
      }
    }
  }
  if (fresh.length < ITEMS) throw new Error('not enough moulds and colours');
  const itemIds: number[] = [];
  await inChunks(fresh, async (chunk) => {
    const ids = await db.insertInto('items').values(chunk).returning('id').execute();
    itemIds.push(...ids.map((r) => Number(r.id)));
  });
  const stores = await db
    .selectFrom('stores')
    .select('id')
    .where('company_id', '=', company)
    .execute();
  const root = await db
    .selectFrom('locations')
    .select('id')
    .where('company_id', '=', company)
    .where('parent_id', 'is', null)
    .executeTakeFirstOrThrow();
  const { id: shelf } = await db
    .insertInto('locations')
    .values({
      company_id: company,
      parent_id: root.id,
      name: 'Price bench shelf',
      code: 'BENCH-PL',
      created_at: now,
      updated_at: null,
      version,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await inChunks(
    itemIds.map((item_id, n) => ({
      company_id: company,
      location_id: shelf,
      item_id,
      colour_id: Number(fresh[n].colour_id),
      quantity: 20 + (n % 50),
      updated_at: now,
      version,
    })),
    (chunk) => db.insertInto('location_content').values(chunk).execute(),
  );
  await inChunks(
    stores.slice(0, 2).flatMap((s, k) =>
      itemIds.map((item_id, n) => ({
        company_id: company,
        store_id: s.id,
        item_id,
        store_quantity: 10,
        store_price: 50 + ((n * 7 + k * 13) % 400),
        updated_at: now,
      })),
    ),
    (chunk) => db.insertInto('store_items').values(chunk).execute(),
  );
  // Guides for 60 % of the new items' BrickLink item, colour and condition, read today.
  const keyed = await db
    .selectFrom('items as i')
    .innerJoin('moulds as m', 'm.id', 'i.mold_id')
    .innerJoin('item_types as t', 't.id', 'm.type_id')
    .innerJoin('colours as c', 'c.id', 'i.colour_id')
    .select(['i.id', 'i.condition', 't.bsx_code', 'm.bl_mold_id', 'c.bl_colour_id'])
    .where('i.company_id', '=', company)
    .where('m.bl_mold_id', 'is not', null)
    .where('c.bl_colour_id', 'is not', null)
    .execute();
  const guides = new Map<string, object>();
  keyed.forEach((r, n) => {
    if (n % 5 >= 3) return;
    const condition = r.condition === 'NEW' ? 'N' : 'U';
    for (const guide_type of ['sold', 'stock'] as const) {
      const avg = 100 + ((n * 11) % 300) + (guide_type === 'stock' ? 40 : 0);
      guides.set(`${r.bsx_code}|${r.bl_mold_id}|${r.bl_colour_id}|${condition}|${guide_type}`, {
        item_type: r.bsx_code,
        bl_item_no: r.bl_mold_id!,
        bl_colour_id: Number(r.bl_colour_id),
        condition,
        guide_type,
        found: 1,
        currency_code: 'EUR',
        min_price: avg,
        avg_price: avg,
        max_price: avg,
        qty_avg_price: avg,
        unit_quantity: 5,
        total_quantity: 50,
        fetched_at: now,
      });
    }
  });
  await inChunks([...guides.values()], (chunk) =>
    db
      .insertInto('price_guides')
      .values(chunk as never)
      .onConflict((oc) => oc.doNothing())
      .execute(),
  );
}

async function runOn(dialect: DialectName): Promise<BenchRow[]> {
  const bench = `${NAME} [${dialect}]`;
  const fresh = dialect === 'postgres' ? await freshPostgres('prices') : null;
  if (dialect === 'postgres' && !fresh) {
    return [{ bench, measure: 'skipped', value: '-', note: 'PostgreSQL not reachable' }];
  }
  const dataDir = freshDataDir(NAME);
  const env = { DATA_DIR: dataDir, LOG_STDOUT: '0', LOG_LEVEL: 'warn', JOB_RUNNER: '0' };
  const app = await buildApp({
    ...loadConfig(env as NodeJS.ProcessEnv),
    databaseUrl: fresh?.url,
    staticDir: undefined,
  });
  try {
    await app.ready();
    const company = await companyId(app, 'Demo Bricks');
    const auth = await bearerFor(app, 'Demo Bricks', ['bricksyncer']);
    const seeded = performance.now();
    await seed(app, company);
    const seedMs = performance.now() - seeded;
    const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
      const started = performance.now();
      const res = await app.inject({
        method,
        url: `/api${url}`,
        headers: { authorization: auth },
        payload,
      });
      const took = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return { took, body: res.json() as T };
    };
    const total = (await call<PriceLotList>('GET', '/v1/price_lots?limit=1')).body.count;
    if (total < LOTS) throw new Error(`only ${total} lots`);

    const rows: BenchRow[] = [];
    const searches: [string, string][] = [
      ['first page, no search (10)', 'limit=10'],
      ['name word "brick" (250 a page)', 'q=brick&limit=250'],
      ['item number "3001" (25)', 'q=3001&limit=25'],
      ['two words "plate red" (100)', 'q=plate+red&limit=100'],
      ['used, below the sold average (100)', 'condition=USED&guide=below&limit=100'],
      ['without a price guide, page 10 of 250', 'guide=without&limit=250&page=10'],
      ['above the for-sale average, page 80 of 25', 'guide=above&average=stock&limit=25&page=80'],
    ];
    for (const [what, query] of searches) {
      await call('GET', `/v1/price_lots?${query}`);
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS; i++) {
        const r = await call<PriceLotList>('GET', `/v1/price_lots?${query}`);
        times.push(r.took);
        found = r.body.count;
      }
      const value = median(times);
      rows.push({
        bench,
        measure: `search: ${what}, median of ${RUNS}`,
        value: ms(value),
        goal: `≤ ${GOAL_MS} ms`,
        ok: value <= GOAL_MS,
        note: `${found} of ${total} lots found; slowest ${ms(Math.max(...times))}`,
      });
    }

    const filter = { guide: 'with', set_to: 'stock', percent: -5 };
    const plan = await call<AveragePlan>('POST', '/v1/price_lots_average_plan', filter);
    rows.push({
      bench,
      measure: 'Set to average: plan (with a price guide, for sale − 5 %)',
      value: ms(plan.took),
      note: `${plan.body.lots} lots: ${plan.body.changes} to change, ${plan.body.unchanged} already, ${plan.body.no_guide} without`,
    });
    const started = performance.now();
    let after = 0;
    let calls = 0;
    let changed = 0;
    const per: number[] = [];
    for (;;) {
      const r = await call<AverageSetAnswer>('POST', '/v1/price_lots_average', {
        ...filter,
        after_id: after,
      });
      calls++;
      per.push(r.took);
      changed += r.body.changes;
      if (r.body.next_after_id === null) break;
      after = r.body.next_after_id;
    }
    const setMs = performance.now() - started;
    rows.push({
      bench,
      measure: 'Set to average: every chunk',
      value: ms(setMs),
      ok: changed === plan.body.changes,
      note: `${changed} prices set in ${calls} calls (slowest ${ms(Math.max(...per))}); ${changed === plan.body.changes ? 'as planned' : `planned ${plan.body.changes}`}`,
    });
    rows.push({ bench, measure: `seeding ${LOTS} lots`, value: ms(seedMs) });
    return rows;
  } finally {
    await app.close();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const priceLots: Bench = {
  name: NAME,
  async run() {
    const only = process.env.BENCH_DATABASES;
    const rows: BenchRow[] = [];
    if (!only || only === 'sqlite') rows.push(...(await runOn('sqlite')));
    if (!only || only === 'postgres') rows.push(...(await runOn('postgres')));
    return rows;
  },
};
