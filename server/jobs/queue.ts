import { sql, type Kysely, type Transaction } from 'kysely';
import { nowIso } from '../db/dialect';
import type { Database } from '../db/schema';

export interface NewJob {
  companyId: number;
  kind: string;
  storeId: number | null;
  payload?: object;
  userId?: number | null;
}

/** The company's stores with credentials (or those of them given), by id. */
export async function storesWithCredentials(
  db: Kysely<Database> | Transaction<Database>,
  companyId: number,
  storeIds?: number[],
): Promise<number[]> {
  let q = db
    .selectFrom('stores')
    .select('id')
    .where('company_id', '=', companyId)
    .where('credentials', '<>', '');
  if (storeIds) q = q.where('id', 'in', storeIds.length > 0 ? storeIds : [-1]);
  return (await q.orderBy('id').execute()).map((s) => Number(s.id));
}

/** Inserts a queued job, due now; answers its id. */
export async function insertJob(
  db: Kysely<Database> | Transaction<Database>,
  job: NewJob,
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('jobs')
    .values({
      company_id: job.companyId,
      kind: job.kind,
      store_id: job.storeId,
      payload: JSON.stringify(job.payload ?? {}),
      stage: 'Queued',
      error: null,
      run_after: now,
      claimed_by: null,
      lease_until: null,
      created_by_user_id: job.userId ?? null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Queues a job of a kind for a store unless one is already waiting or running for it: then that
 * one is answered (it will see everything the new one would have).
 */
export async function queueOnce(db: Kysely<Database>, job: NewJob): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', job.kind)
      .where('company_id', '=', job.companyId)
      .where('store_id', job.storeId === null ? 'is' : '=', job.storeId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (open) return Number(open.id);
    return insertJob(trx, job);
  });
}

/**
 * The schedule: queues a job of `kind` for every store with credentials that has none waiting or
 * running and none queued within the last `everyMs`. One statement, so servers sharing the
 * database do not each queue one (at worst two are queued, and the second finds nothing left to do).
 */
export async function queueDue(
  db: Kysely<Database>,
  kind: string,
  everyMs: number,
): Promise<number> {
  const now = nowIso();
  const since = new Date(Date.now() - everyMs).toISOString();
  const res = await db
    .insertInto('jobs')
    .columns(['company_id', 'kind', 'store_id', 'stage', 'run_after', 'created_at', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('stores as s')
        .select([
          's.company_id',
          sql.val(kind).as('kind'),
          's.id',
          sql.lit('Queued').as('stage'),
          sql.val(now).as('run_after'),
          sql.val(now).as('created_at'),
          sql.val(now).as('updated_at'),
        ])
        .where('s.credentials', '<>', '')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('jobs as j')
                .select('j.id')
                .whereRef('j.store_id', '=', 's.id')
                .where('j.kind', '=', kind)
                .where((w) =>
                  w.or([w('j.status', 'in', ['queued', 'running']), w('j.created_at', '>', since)]),
                ),
            ),
          ),
        ),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

/** Kinds whose finished jobs carry nothing later jobs read: kept for a while, then deleted. */
const PRUNABLE = ['order_intake', 'stock_sync', 'stock_check'];

/**
 * Deletes order intakes, stock syncs and stock checks that ended well more than `keepMs` ago (the schedule
 * queues one per store every few minutes). Uploads are kept: their lots tell a later upload of the
 * batch what is already on the store. Failed jobs are kept for a person to read. Answers how many.
 */
export async function pruneJobs(db: Kysely<Database>, keepMs: number): Promise<number> {
  const before = new Date(Date.now() - keepMs).toISOString();
  const old = (qb: Kysely<Database>) =>
    qb
      .selectFrom('jobs')
      .select('id')
      .where('kind', 'in', PRUNABLE)
      .where('status', '=', 'done')
      .where('finished_at', '<', before);
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('job_items').where('job_id', 'in', old(trx)).execute();
    const res = await trx.deleteFrom('jobs').where('id', 'in', old(trx)).executeTakeFirst();
    return Number(res.numDeletedRows);
  });
}

/**
 * Queues a job of `kind` for each of the company's stores with credentials (or the ones given),
 * answering an already open one instead of queueing a second.
 */
export async function queueForStores(
  db: Kysely<Database>,
  kind: string,
  companyId: number,
  userId: number | null,
  storeIds?: number[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const storeId of await storesWithCredentials(db, companyId, storeIds)) {
    ids.push(await queueOnce(db, { companyId, kind, storeId, userId }));
  }
  return ids;
}
