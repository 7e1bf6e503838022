import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { queueOnce } from '../queue';
import { storeClient } from '../store-client';
import { JobFailure, type JobContext } from '../types';
import { COLOUR_LIST_MAX_AGE_MS, colourMap, colourMapStale, refreshColours } from './colours';

export { colourMap, colourMapStale, refreshColours, type ColourMap } from './colours';
export { boidsFor, itemKey, type BoidAnswer, type BrickLinkItem } from './items';

/** The job that reads BrickOwl's colour list with one BrickOwl store's key. */
export const BRICKOWL_COLOURS = 'brickowl_colours';
export const NO_BRICKOWL_STORE =
  "There is no BrickOwl store with an API key to read BrickOwl's colours with: add one in Stores";
export const NOT_A_BRICKOWL_STORE = 'The store is not a BrickOwl store';

export async function runColourRefresh(ctx: JobContext): Promise<void> {
  const { db, job } = ctx;
  if (job.store_id === null) throw new JobFailure('The colour list has no store to read it with');
  const client = await storeClient(db, ctx.clients, job.company_id, job.store_id);
  if (client.platform !== 'BRICKOWL') throw new JobFailure(NOT_A_BRICKOWL_STORE);
  await ctx.progress("Reading BrickOwl's colour list", 0, 0);
  const count = await refreshColours(db, client.brickowl);
  await ctx.progress(`BrickOwl names ${count} BrickLink colours`, count, count);
}

/** The company's BrickOwl stores with credentials (or the one given, when it is one), by id. */
async function brickOwlStores(
  db: Kysely<Database>,
  companyId: number,
  storeId?: number,
): Promise<number[]> {
  let q = db
    .selectFrom('stores')
    .select('id')
    .where('company_id', '=', companyId)
    .where('platform', '=', 'BRICKOWL')
    .where('credentials', '<>', '');
  if (storeId !== undefined) q = q.where('id', '=', storeId);
  return (await q.orderBy('id').execute()).map((s) => Number(s.id));
}

/**
 * On demand: reads BrickOwl's colour list with the given BrickOwl store (else the company's first
 * BrickOwl store with credentials). Answers the job queued, or the colour list job of the company
 * already waiting or running; none when the company has no such store.
 */
export async function queueColourRefresh(
  db: Kysely<Database>,
  companyId: number,
  userId: number | null,
  storeIds?: number[],
): Promise<number[]> {
  const [storeId] = await brickOwlStores(db, companyId, storeIds?.[0]);
  if (storeId === undefined) return [];
  const open = await db
    .selectFrom('jobs')
    .select('id')
    .where('company_id', '=', companyId)
    .where('kind', '=', BRICKOWL_COLOURS)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (open) return [Number(open.id)];
  // One open job per store and kind is the database's rule: a burst of requests queues one.
  return [await queueOnce(db, { companyId, kind: BRICKOWL_COLOURS, storeId, userId })];
}

/**
 * The schedule: BrickOwl's colour list is the same for every store, so it is read once a day, with
 * the first BrickOwl store with credentials, when the kept list is older than a day and no
 * reading is waiting or running or was queued within the day (one that failed is not repeated
 * every minute). Servers sharing the database may each
 * queue one at the same instant; the second reading then only writes the same list again.
 */
export async function queueDueColourRefresh(db: Kysely<Database>): Promise<number> {
  if (!colourMapStale(await colourMap(db))) return 0;
  const since = new Date(Date.now() - COLOUR_LIST_MAX_AGE_MS).toISOString();
  const recent = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', BRICKOWL_COLOURS)
    .where((w) => w.or([w('status', 'in', ['queued', 'running']), w('created_at', '>', since)]))
    .executeTakeFirst();
  if (recent) return 0;
  const store = await db
    .selectFrom('stores')
    .select(['id', 'company_id'])
    .where('platform', '=', 'BRICKOWL')
    .where('credentials', '<>', '')
    .orderBy('id')
    .executeTakeFirst();
  if (!store) return 0;
  await queueOnce(db, {
    companyId: Number(store.company_id),
    kind: BRICKOWL_COLOURS,
    storeId: Number(store.id),
  });
  return 1;
}
