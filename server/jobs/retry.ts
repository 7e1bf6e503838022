import { sql, type Kysely } from 'kysely';
import { JobMessages } from '../../contract/jobs';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { companyRow } from '../write/company-row';
import { insertJob, queueOnce } from './queue';
import { UPLOAD, type UploadPayload } from './upload';

const batchOf = (payload: string) => (JSON.parse(payload) as UploadPayload).sync_batch_id;

/** The company's failed job, or the refusal: 404, 409 when it has not failed, 400 without a store. */
async function failedJob(db: Kysely<Database>, companyId: number, jobId: number) {
  const job = await companyRow(
    db,
    'jobs',
    companyId,
    jobId,
    ['kind', 'store_id', 'status', 'payload'],
    () => notFound(JobMessages.notFound),
  );
  if (job.status !== 'failed') throw conflict(JobMessages.notFailed);
  if (job.store_id === null) throw badRequest(JobMessages.noStore);
  return { kind: job.kind, storeId: job.store_id, payload: job.payload };
}

/**
 * Retries a failed job of the company: a new job of the same kind for the same store (an upload:
 * for the same batch, which shows `uploading` again), answering its id. A store has one open job
 * of a kind: when one is already queued or running it is answered instead (for an upload, when it
 * uploads the same batch; an upload of another batch is refused until it has ended). The failed
 * job stays as it was; a new upload takes over the lots it left `sent` and looks them up on the
 * store first.
 */
export async function retryJob(
  db: Kysely<Database>,
  companyId: number,
  jobId: number,
  userId: number | null,
): Promise<number> {
  const failed = await failedJob(db, companyId, jobId);
  if (failed.kind !== UPLOAD) {
    // One open job per store and kind, held by the database: the open one answers, if any.
    return queueOnce(db, { companyId, kind: failed.kind, storeId: failed.storeId, userId });
  }
  return db.transaction().execute(async (trx) => {
    const job = await failedJob(trx, companyId, jobId);
    const { storeId } = job;
    // Two retries at once: the second waits for the first here and then finds its job open.
    if (isPostgres(trx)) {
      await sql`select id from stores where id = ${storeId} for update`.execute(trx);
    }
    const open = await trx
      .selectFrom('jobs')
      .select(['id', 'payload'])
      .where('kind', '=', job.kind)
      .where('store_id', '=', storeId)
      .where('status', 'in', ['queued', 'running'])
      .orderBy('id')
      .execute();
    const again = { companyId, kind: job.kind, storeId, userId };
    const batchId = batchOf(job.payload);
    const same = open.find((o) => batchOf(o.payload) === batchId);
    if (same) return Number(same.id);
    if (open.length > 0) throw conflict(JobMessages.uploadWaiting);
    const batch = await trx
      .selectFrom('sync_batches')
      .select('status')
      .where('id', '=', batchId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!batch) throw notFound(JobMessages.batchGone);
    if (batch.status === 'uploaded') throw conflict(JobMessages.uploaded);
    await trx
      .updateTable('sync_batches')
      .set({ status: 'uploading', error: null })
      .where('id', '=', batchId)
      .where('company_id', '=', companyId)
      .execute();
    return insertJob(trx, {
      ...again,
      payload: { sync_batch_id: batchId } satisfies UploadPayload,
    });
  });
}
