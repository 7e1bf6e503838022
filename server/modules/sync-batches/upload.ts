import type { Kysely } from 'kysely';
import { JobMessages } from '../../../contract/jobs';
import { SyncBatchMessages } from '../../../contract/sync-batches';
import type { SessionUser } from '../../auth/tokens';
import type { Database } from '../../db/schema';
import { JobFailure, queueUpload } from '../../jobs';
import { refuse } from '../../write/context';
import { lotCount } from './queries';

/**
 * Starts the upload of a batch: the prices sent with the request are kept on the batch's items,
 * then one upload job per store with credentials is queued (the jobs send each lot once; see
 * docs/marketplaces.md). A batch being uploaded or uploaded is not uploaded again, nor one whose
 * import is still adding lots.
 */
export async function startUpload(
  db: Kysely<Database>,
  user: SessionUser,
  batchId: number,
  prices: Map<number, number>,
): Promise<number[]> {
  const batch = await db
    .selectFrom('sync_batches')
    .select(['status', 'lots_expected'])
    .where('id', '=', batchId)
    .where('company_id', '=', user.companyId)
    .executeTakeFirstOrThrow();
  if (batch.lots_expected !== null) {
    const held = await lotCount(db, batchId);
    throw refuse(409, 'importing', SyncBatchMessages.importing(held, Number(batch.lots_expected)));
  }
  if (batch.status === 'uploading') throw refuse(409, 'upload_running', JobMessages.uploading);
  if (batch.status === 'uploaded') throw refuse(409, 'uploaded', JobMessages.uploaded);
  for (const [itemId, price] of prices) {
    await db
      .updateTable('sync_batch_items')
      .set({ price })
      .where('sync_batch_id', '=', batchId)
      .where('company_id', '=', user.companyId)
      .where('item_id', '=', itemId)
      .execute();
  }
  try {
    return await queueUpload(db, user.companyId, batchId, user.id);
  } catch (err) {
    if (err instanceof JobFailure) throw refuse(409, 'upload_refused', err.message);
    throw err;
  }
}
