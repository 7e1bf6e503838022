import pino from 'pino';
import { blStoreCredentials } from '../../tests/support/fake-bricklink';
import { FAKE_BRICKOWL_KEY } from '../../tests/support/fake-brickowl';
import type { App } from '../app';
import { nowIso } from '../db/dialect';
import { JOB_HANDLERS, JobRunner, persistedClients, type JobRunnerOptions } from '../jobs';
import { itemsWithLooks } from '../db/item-joins';

/** Test helpers of the jobs suites (not used by the server). */

export const quietLog = pino({ level: 'silent' });

export type StoreMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Calls the stores API at `/api<url>` as `auth`; with `attributes`, the body is a JSON:API
 * document of a store with those attributes.
 */
export function storeRequest(
  app: App,
  auth: string,
  method: StoreMethod,
  url: string,
  attributes?: object,
) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: {
      authorization: auth,
      ...(attributes ? { 'content-type': 'application/vnd.api+json' } : {}),
    },
    payload: attributes ? JSON.stringify({ data: { type: 'stores', attributes } }) : undefined,
  });
}

export async function addStore(
  app: App,
  auth: string,
  platform: 'BRICKLINK' | 'BRICKOWL',
  credentials?: Record<string, string>,
): Promise<number> {
  const res = await storeRequest(app, auth, 'POST', '/v2/stores', {
    name: `${platform} store ${Math.random().toString(36).slice(2, 8)}`,
    platform,
    external_id: 'teststore',
    credentials:
      credentials ??
      (platform === 'BRICKLINK' ? blStoreCredentials() : { api_key: FAKE_BRICKOWL_KEY }),
  });
  if (res.statusCode !== 201) throw new Error(`store: ${res.statusCode} ${res.body}`);
  return Number((res.json() as { data: { id: string } }).data.id);
}

/** Asks for the store's order intake now, as `auth` (POST /api/v1/order_intake). */
export const requestOrderIntake = (app: App, auth: string, storeId: number) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/order_intake',
    headers: { authorization: auth },
    payload: { store_id: storeId },
  });

/** The company's store that has no credentials (each demo company has one). */
export async function storeWithoutCredentials(app: App, companyId: number): Promise<number> {
  const row = await app.db
    .selectFrom('stores')
    .select('id')
    .where('company_id', '=', companyId)
    .where('credentials', '=', '')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Reads BrickOwl's colour list through the API (Refresh BrickOwl colours) with a BrickOwl store
 * and runs the job: uploads and order intake then map colours through it.
 */
export async function readBrickOwlColours(
  app: App,
  auth: string,
  runner: JobRunner,
  storeId: number,
): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/brickowl_colours',
    headers: { authorization: auth },
    payload: { store_id: storeId },
  });
  if (res.statusCode !== 202) throw new Error(`colours: ${res.statusCode} ${res.body}`);
  while (await runner.runOnce());
}

/**
 * The company's part items BrickLink can name (a part number and a colour id), in id order: items
 * `i` with mould `m` and colour `c`, a query to narrow and select from.
 */
export const bricklinkParts = (app: App, companyId: number) =>
  itemsWithLooks(app.db)
    .where('i.company_id', '=', companyId)
    .where('m.type_id', '=', 2)
    .where('m.bl_mold_id', 'is not', null)
    .where('c.bl_colour_id', 'is not', null)
    .orderBy('i.id');

/** A sync batch of `count` of the company's part items that both marketplaces can take. */
export async function makeSyncBatch(app: App, companyId: number, count: number) {
  const items = await bricklinkParts(app, companyId)
    .select(['i.id', 'm.bl_mold_id'])
    .limit(count)
    .execute();
  if (items.length < count) throw new Error(`only ${items.length} items to upload`);
  const batchId = await syncBatchOf(
    app,
    companyId,
    items.map((item, n) => ({ itemId: Number(item.id), quantity: n + 1, price: 125 + n })),
  );
  return { batchId, itemIds: items.map((i) => Number(i.id)) };
}

/** A sync batch's status. */
export async function batchStatus(app: App, batchId: number): Promise<string> {
  const row = await app.db
    .selectFrom('sync_batches')
    .select('status')
    .where('id', '=', batchId)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** A sync batch of the given lots (prices in thousandths). */
export async function syncBatchOf(
  app: App,
  companyId: number,
  lots: { itemId: number; quantity: number; price: number; notePublic?: string }[],
): Promise<number> {
  const { id } = await app.db
    .insertInto('sync_batches')
    .values({
      company_id: companyId,
      name: `upload ${Math.random().toString(36).slice(2, 8)}`,
      project_id: null,
      date_of_creation: nowIso(),
      creator_user_id: null,
      uploaded_at: null,
      error: null,
      locked_by: null,
      locked_until: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const blId = new Map<number, string | null>();
  for (let i = 0; i < lots.length; i += 500) {
    const moulds = await app.db
      .selectFrom('items as i')
      .innerJoin('moulds as m', 'm.id', 'i.mold_id')
      .select(['i.id', 'm.bl_mold_id'])
      .where(
        'i.id',
        'in',
        lots.slice(i, i + 500).map((l) => l.itemId),
      )
      .execute();
    for (const m of moulds) blId.set(Number(m.id), m.bl_mold_id);
  }
  for (let i = 0; i < lots.length; i += 500) {
    await app.db
      .insertInto('sync_batch_items')
      .values(
        lots.slice(i, i + 500).map((l) => ({
          company_id: companyId,
          sync_batch_id: id,
          item_id: l.itemId,
          bl_item_id: blId.get(l.itemId) ?? null,
          quantity: l.quantity,
          price: l.price,
          note_public: l.notePublic ?? '',
          uploaded_at: null,
        })),
      )
      .execute();
  }
  return Number(id);
}

export function testRunner(
  app: App,
  urls: { bricklink?: string; brickowl?: string },
  extra: Partial<JobRunnerOptions> = {},
): JobRunner {
  return new JobRunner({
    db: app.db,
    clients: persistedClients(app.db, {
      bricklinkApiUrl: urls.bricklink ?? 'http://127.0.0.1:9',
      brickowlApiUrl: urls.brickowl ?? 'http://127.0.0.1:9',
    }),
    log: quietLog,
    handlers: JOB_HANDLERS,
    leaseMs: 60_000,
    pollMs: 20,
    ...extra,
  });
}

export async function jobRow(app: App, id: number) {
  return app.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Lets the job's lease lapse, as when its server died. */
export async function lapseLease(app: App, id: number): Promise<void> {
  await app.db
    .updateTable('jobs')
    .set({ lease_until: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Runs jobs until none is runnable (an intake queues stock syncs, which run too). */
export async function drain(runner: JobRunner, most = 50): Promise<number> {
  let ran = 0;
  while (ran < most && (await runner.runOnce())) ran += 1;
  return ran;
}
