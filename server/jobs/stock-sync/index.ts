import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { queueForStores } from '../queue';
import { storeClient } from '../store-client';
import { JobFailure, type JobContext } from '../types';
import { removeUnknownLots } from './remove-unknown';
import { sendStoreChanges } from './send';

export const STOCK_SYNC = 'stock_sync';
export const NO_SYNC_STORE =
  'There is no store with credentials to send changes to: add one in Stores';
export { sendStoreChanges } from './send';
export { lowerOtherStores, lowerToSellable } from './available';

/** The stock-sync job: one store's stock and price changes, sent, and lots chosen for removal removed. */
export async function runStockSync(ctx: JobContext): Promise<void> {
  const { db, job } = ctx;
  if (job.store_id === null) throw new JobFailure('The stock sync has no store');
  await ctx.progress('Connecting to the store', 0, 0);
  const client = await storeClient(db, ctx.clients, job.company_id, job.store_id);
  const sent = await sendStoreChanges(ctx, client, true);
  if (ctx.signal.aborted) return;
  // Lots a person chose to remove from the store (lots the warehouse does not know).
  const removed = await removeUnknownLots(ctx, client);
  if (ctx.signal.aborted) return;
  const done = sent.done + removed.done;
  const failed = sent.failed + removed.failed;
  await ctx.progress(
    failed > 0 ? 'Sent with problems' : 'Stock changes sent',
    done + failed,
    done + failed,
  );
  await db
    .updateTable('stores')
    .set({ last_synced_at: nowIso() })
    .where('id', '=', job.store_id)
    .execute();
  if (failed > 0) {
    throw new JobFailure(
      `${failed} of ${done + failed} changes could not be sent: see Stock issues`,
    );
  }
}

/** Queues a stock sync for each store with credentials (or the ones given), once. */
export function queueStockSyncs(
  db: Kysely<Database>,
  companyId: number,
  userId: number | null,
  storeIds?: number[],
): Promise<number[]> {
  return queueForStores(db, STOCK_SYNC, companyId, userId, storeIds);
}
