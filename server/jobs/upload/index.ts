import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { JobMessages } from '../../../contract/jobs';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';
import type { JobRow } from '../claim';
import { insertJob } from '../queue';
import { storeClient } from '../store-client';
import { JobFailure, type JobContext } from '../types';
import { uploadToBrickLink } from './bricklink';
import { uploadToBrickOwl } from './brickowl';
import { NOT_ON_BRICKOWL } from './brickowl-map';
import { openLots, type UploadLot } from './lots';
import { mustShareCurrency, storesByCurrency } from './currency';
import { noteStockElsewhere } from './elsewhere-note';
import { addToListedLots } from './merge';
import { reopenMissing } from './read-back';
import { sendStoreChanges } from '../stock-sync';

export const UPLOAD = 'upload';
export const NO_STORE = 'There is no store with credentials to upload to: add one in Stores';
export interface UploadPayload {
  sync_batch_id: number;
}

/**
 * Queues the upload of a sync batch: one job per store of the company that has credentials and
 * sells in the batch's currency (each store is its own marketplace account with its own limits).
 * The batch shows `uploading` until they end. With no store of its currency (but stores of
 * others), the upload is refused naming both currencies.
 */
export async function queueUpload(
  db: Kysely<Database>,
  companyId: number,
  syncBatchId: number,
  userId: number | null,
  storeIds?: number[],
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('sync_batches')
      .set({ status: 'uploading', error: null })
      .where('id', '=', syncBatchId)
      .where('company_id', '=', companyId)
      .where('status', 'not in', ['uploading', 'uploaded'])
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new JobFailure(JobMessages.uploading);
    const {
      currency,
      same: stores,
      other,
    } = await storesByCurrency(trx, companyId, syncBatchId, storeIds);
    if (stores.length === 0 && other.length === 0) throw new JobFailure(NO_STORE);
    if (stores.length === 0) throw new JobFailure(JobMessages.otherCurrency(currency, other));
    const ids: number[] = [];
    for (const store of stores) {
      ids.push(
        await insertJob(trx, {
          companyId,
          kind: UPLOAD,
          storeId: store,
          payload: { sync_batch_id: syncBatchId } satisfies UploadPayload,
          userId,
        }),
      );
    }
    return ids;
  });
}

/** The batch's lots, by the sync batch items of the company's batch. */
const batchLots = (db: Kysely<Database>, companyId: number, syncBatchId: number) =>
  db
    .selectFrom('sync_batch_items')
    .select('sync_batch_items.id')
    .where('sync_batch_id', '=', syncBatchId)
    .where('company_id', '=', companyId);

/** A job item `j` (of any upload) of a lot, beside that lot's sync batch item. */
type LotJobItem = ExpressionBuilder<
  Database & { j: Database['job_items'] },
  'sync_batch_items' | 'j'
>;

/** Keeps the lots (sync batch items) for which no job item `j` in the store matches `which`. */
const noJobItemInStore =
  (storeId: number, which: (w: LotJobItem) => Expression<SqlBool>) =>
  ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'sync_batch_items'>) =>
    not(
      exists(
        selectFrom('job_items as j')
          .select('j.id')
          .whereRef('j.sync_batch_item_id', '=', 'sync_batch_items.id')
          .where('j.store_id', '=', storeId)
          .where(which),
      ),
    );

/**
 * The job's items, one per lot of the batch not yet on the store, made once (a resumed job finds
 * them made). A lot an upload of this batch that ended (failed, or stopped for good) left `sent`,
 * its call lost or refused halfway, comes over to this job with its mark: it is looked up on the
 * store before anything is sent.
 */
async function prepare(ctx: JobContext, syncBatchId: number): Promise<void> {
  const { db, job } = ctx;
  const storeId = job.store_id!;
  await db.transaction().execute(async (trx) => {
    const made = await trx
      .selectFrom('job_items')
      .select('id')
      .where('job_id', '=', job.id)
      .limit(1)
      .executeTakeFirst();
    if (made) return;
    await trx
      .updateTable('job_items')
      .set({ job_id: job.id, updated_at: nowIso() })
      .where('store_id', '=', storeId)
      .where('company_id', '=', job.company_id)
      .where('state', '=', 'sent')
      .where('sync_batch_item_id', 'in', batchLots(trx, job.company_id, syncBatchId))
      .where('job_id', 'in', (eb) =>
        eb
          .selectFrom('jobs')
          .select('jobs.id')
          .where('jobs.kind', '=', UPLOAD)
          .where('jobs.store_id', '=', storeId)
          .where('jobs.status', 'in', ['done', 'failed']),
      )
      .execute();
    const items = await trx
      .selectFrom('sync_batch_items')
      .select(['id', 'item_id'])
      .where('sync_batch_id', '=', syncBatchId)
      .where('company_id', '=', job.company_id)
      // A lot an upload put (or may have put) in this store is not sent again: done, being
      // checked (sent), or found there (a lot id, also when found more than once).
      .where(
        noJobItemInStore(storeId, (w) =>
          w.or([w('j.state', 'in', ['done', 'sent']), w('j.marketplace_lot_id', 'is not', null)]),
        ),
      )
      .orderBy('id')
      .execute();
    // 500 rows to a statement: a batch of 20,000 lots stays within each database's parameters.
    for (let i = 0; i < items.length; i += 500) {
      await trx
        .insertInto('job_items')
        .values(
          items.slice(i, i + 500).map((item) => ({
            job_id: job.id,
            company_id: job.company_id,
            store_id: storeId,
            sync_batch_item_id: item.id,
            item_id: item.item_id,
            marketplace_lot_id: null,
            error: null,
            updated_at: null,
          })),
        )
        .execute();
    }
  });
}

/** The batch's lots that are not on the store and that no upload is checking. */
async function notOnStore(
  db: Kysely<Database>,
  companyId: number,
  storeId: number,
  syncBatchId: number,
): Promise<number> {
  return countRows(
    db
      .selectFrom('sync_batch_items')
      .where('sync_batch_id', '=', syncBatchId)
      .where('company_id', '=', companyId)
      .where(
        noJobItemInStore(storeId, (w) =>
          w.or([
            w('j.state', '=', 'done'),
            w('j.marketplace_lot_id', 'is not', null),
            // Not on BrickOwl: told on its own line, nothing the upload could send.
            w.and([w('j.state', '=', 'failed'), w('j.error', 'like', `${NOT_ON_BRICKOWL}:%`)]),
          ]),
        ),
      ),
  );
}

async function counts(db: Kysely<Database>, jobId: number) {
  const rows = await db
    .selectFrom('job_items')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('job_id', '=', jobId)
    .groupBy('state')
    .execute();
  const by = Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
  // Lots BrickOwl's catalog cannot take are reported, and do not fail the job.
  const unmapped = await countRows(
    db
      .selectFrom('job_items')
      .where('job_id', '=', jobId)
      .where('state', '=', 'failed')
      .where('error', 'like', `${NOT_ON_BRICKOWL}:%`),
  );
  return { total, done: by.done ?? 0, failed: by.failed ?? 0, unmapped };
}

/** A store has one lot per item: only an item's first pending lot is created at first. */
function oncePerItem(lots: UploadLot[]): { first: UploadLot[]; again: UploadLot[] } {
  const seen = new Set<number>();
  const first: UploadLot[] = [];
  const again: UploadLot[] = [];
  for (const lot of lots) {
    if (lot.state === 'pending' && seen.has(lot.itemId)) again.push(lot);
    else first.push(lot);
    seen.add(lot.itemId);
  }
  return { first, again };
}

/**
 * The upload job: a sync batch's lots to one store, each lot exactly once, then the store's
 * stock and price changes.
 */
export async function runUpload(ctx: JobContext): Promise<void> {
  const { db, job } = ctx;
  const payload = JSON.parse(job.payload) as UploadPayload;
  if (job.store_id === null) throw new JobFailure('The upload has no store');
  await mustShareCurrency(db, job.company_id, payload.sync_batch_id, job.store_id);
  await prepare(ctx, payload.sync_batch_id);
  const report = async () => {
    const c = await counts(db, job.id);
    await ctx.progress('Uploading', c.done + c.failed, c.total);
  };
  await ctx.progress('Connecting to the store', 0, 0);
  const client = await storeClient(db, ctx.clients, job.company_id, job.store_id);
  const send = (lots: UploadLot[]) =>
    client.platform === 'BRICKLINK'
      ? uploadToBrickLink(ctx, client.bricklink, job.store_id!, lots, report)
      : uploadToBrickOwl(ctx, client.brickowl, job.store_id!, lots, report);
  const { first, again } = oncePerItem(
    await addToListedLots(db, job.store_id, await openLots(db, job.id)),
  );
  await send(first);
  if (ctx.signal.aborted) return;
  // An item the batch holds twice: its later lots join the lot its first one made.
  const left = await addToListedLots(db, job.store_id, again);
  if (left.length > 0) await send(left);
  if (ctx.signal.aborted) return;
  // Lots added to ones already listed, and the store's other changes, go with the upload.
  await sendStoreChanges(ctx, client, false);
  if (ctx.signal.aborted) return;
  // Read back: a lot recorded as uploaded that is not on the store is created again (twice at
  // most; what is still missing after that stays pending and fails the job below).
  for (let round = 0; round < 3; round++) {
    if ((await reopenMissing(ctx, client)) === 0 || round === 2) break;
    await send(await openLots(db, job.id));
    if (ctx.signal.aborted) return;
  }
  await noteStockElsewhere(ctx, payload.sync_batch_id);
  const c = await counts(db, job.id);
  const failed = c.failed - c.unmapped;
  // Never done while a lot of the batch is not on the store (whatever kept it from being sent);
  // lots BrickOwl's catalog cannot take are reported on their own lines and count as settled.
  const missing =
    failed > 0 ? 0 : await notOnStore(db, job.company_id, job.store_id, payload.sync_batch_id);
  const stage =
    failed > 0
      ? 'Uploaded with errors'
      : missing > 0
        ? 'Not uploaded'
        : c.unmapped > 0
          ? `Uploaded; ${c.unmapped} ${c.unmapped === 1 ? 'lot is' : 'lots are'} ${NOT_ON_BRICKOWL}`
          : 'Uploaded';
  await ctx.progress(stage, c.done + c.failed, c.total);
  await db
    .updateTable('stores')
    .set({ last_synced_at: nowIso() })
    .where('id', '=', job.store_id)
    .execute();
  if (failed > 0) throw new JobFailure(`${failed} of ${c.total} lots could not be uploaded`);
  if (missing > 0) throw new JobFailure(notSent(missing));
}

export const notSent = (n: number) =>
  `${n} ${n === 1 ? 'lot' : 'lots'} of the batch ${n === 1 ? 'is' : 'are'} not on the store and this upload did not send ${n === 1 ? 'it' : 'them'}: retry it`;

/**
 * An upload job ended (done, or failed for good): once every store's latest job of the batch has
 * ended, the batch is uploaded, or failed if one of them failed. Called after the job's own end is
 * written, so of two jobs ending at once on two servers the later one always sees both ended.
 */
export async function uploadEnded(db: Kysely<Database>, job: JobRow): Promise<void> {
  const payload = JSON.parse(job.payload) as UploadPayload;
  await settleBatch(db, job.company_id, payload.sync_batch_id);
}

async function settleBatch(
  db: Kysely<Database>,
  companyId: number,
  syncBatchId: number,
): Promise<void> {
  const jobs = await db
    .selectFrom('jobs')
    .select(['id', 'store_id', 'status', 'payload'])
    .where('company_id', '=', companyId)
    .where('kind', '=', UPLOAD)
    .orderBy('id')
    .execute();
  // A batch uploaded again after a failure: each store's latest job counts.
  const latest = new Map<number | null, (typeof jobs)[number]>();
  for (const j of jobs) {
    if ((JSON.parse(j.payload) as UploadPayload).sync_batch_id === syncBatchId) {
      latest.set(j.store_id, j);
    }
  }
  const mine = [...latest.values()];
  if (mine.some((o) => o.status === 'queued' || o.status === 'running')) return;
  const failed = mine.some((o) => o.status === 'failed');
  await db
    .updateTable('sync_batches')
    .set(
      failed
        ? { status: 'failed', error: 'Some lots could not be uploaded' }
        : { status: 'uploaded', uploaded_at: nowIso(), error: null },
    )
    .where('id', '=', syncBatchId)
    .where('company_id', '=', companyId)
    .where('status', '=', 'uploading')
    .execute();
}
