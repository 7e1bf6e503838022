import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { storeLots } from '../stock-check';
import type { StoreClient } from '../store-client';
import type { JobContext } from '../types';

/**
 * An upload is done only when every lot it put on the store is there. After the lots and the
 * store's changes are sent, the store's lots are read back in one listing call. A lot this job
 * recorded as done whose lot is not on the store goes back to pending, to be created again: most
 * often a listed lot the batch joined that was taken off the store meanwhile (the stock sync finds
 * it gone when it sends the added quantity, and drops its store item), or one the marketplace
 * dropped. The stale store item goes, and so does what the stock sync recorded about that lot in
 * this job ("no longer on the store: upload the item again"): this upload does just that, so the
 * stock issue is resolved and the job is judged by the lot's own line. Answers how many lots were
 * reopened.
 */
export async function reopenMissing(ctx: JobContext, client: StoreClient): Promise<number> {
  const { db, job } = ctx;
  const storeId = job.store_id!;
  const done = await db
    .selectFrom('job_items')
    .select(['id', 'item_id', 'marketplace_lot_id'])
    .where('job_id', '=', job.id)
    .where('sync_batch_item_id', 'is not', null)
    .where('state', '=', 'done')
    .where('marketplace_lot_id', 'is not', null)
    .execute();
  if (done.length === 0) return 0;
  const onStore = new Set((await storeLots(client)).map((l) => l.id));
  const missing = done.filter((j) => !onStore.has(j.marketplace_lot_id!));
  if (missing.length === 0) return 0;
  ctx.log.warn(
    { job: job.id, lots: missing.map((j) => j.marketplace_lot_id) },
    'lots recorded as uploaded are not on the store: creating them again',
  );
  await db.transaction().execute(async (trx) => {
    for (const j of missing) await reopen(trx, ctx.job, storeId, j);
  });
  return missing.length;
}

async function reopen(
  trx: Kysely<Database>,
  job: JobContext['job'],
  storeId: number,
  j: { id: number; item_id: number | null; marketplace_lot_id: string | null },
): Promise<void> {
  const lotId = j.marketplace_lot_id!;
  const now = nowIso();
  await trx
    .updateTable('job_items')
    .set({ state: 'pending', marketplace_lot_id: null, error: null, updated_at: now })
    .where('id', '=', j.id)
    .execute();
  await trx
    .deleteFrom('store_items')
    .where('store_id', '=', storeId)
    .where('external_lot_id', '=', lotId)
    .execute();
  await trx
    .deleteFrom('job_items')
    .where('job_id', '=', job.id)
    .where('sync_batch_item_id', 'is', null)
    .where('marketplace_lot_id', '=', lotId)
    .execute();
  if (j.item_id === null) return;
  await trx
    .updateTable('stock_item_errors')
    .set({ is_resolved: 1, resolved_at: now })
    .where('company_id', '=', job.company_id)
    .where('store_id', '=', storeId)
    .where('item_id', '=', j.item_id)
    .where('is_resolved', '=', 0)
    .where('description', 'like', `The lot ${lotId} %`)
    .execute();
}
