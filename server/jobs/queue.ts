import { sql, type Kysely, type Transaction } from 'kysely';
import { JOB_QUEUE_MAX, JobMessages } from '../../contract/jobs';
import { isPostgres, nowIso } from '../db/dialect';
import type { Database } from '../db/schema';
import { countRows } from '../db/count-rows';
import { AppError } from '../errors';
import { CREDENTIALS_REFUSED } from './types';

export interface NewJob {
  companyId: number;
  kind: string;
  storeId: number | null;
  payload?: object;
  /** The person who asked for it; null or absent for the schedule and the jobs' own follow-ups. */
  userId?: number | null;
}

type Db = Kysely<Database> | Transaction<Database>;

/** A person asked for a job while the company has JOB_QUEUE_MAX waiting or running: 429. */
export class QueueFull extends AppError {
  constructor() {
    super(429, JobMessages.queueFull);
  }
}

/** The advisory lock (with the company id) PostgreSQL holds while a job takes a queue place. */
const QUEUE_LOCK = 7_314_002;
const OPEN = ['queued', 'running'] as const;

/**
 * Refuses (QueueFull) a job a person asks for while the company has JOB_QUEUE_MAX open. Called in
 * the transaction that inserts the job: on PostgreSQL the company's queue stays locked until it
 * ends, so two requests cannot both take the last place (SQLite has one writer at a time).
 */
async function checkRoom(db: Db, job: NewJob): Promise<void> {
  if (job.userId === null || job.userId === undefined) return;
  if (isPostgres(db)) {
    await sql`select pg_advisory_xact_lock(${QUEUE_LOCK}, ${job.companyId})`.execute(db);
  }
  const open = await countRows(
    db.selectFrom('jobs').where('company_id', '=', job.companyId).where('status', 'in', OPEN),
  );
  if (open >= JOB_QUEUE_MAX) throw new QueueFull();
}

/** The row of a new job: queued, due now, not yet claimed. */
export function jobValues(job: NewJob) {
  const now = nowIso();
  return {
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
  };
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

/**
 * Inserts a queued job, due now; answers its id. For uploads (one per batch and store); other
 * kinds are one open job per store, queued with `queueOnce`. A job a person asks for is refused
 * with QueueFull when the company's queue is full.
 */
export async function insertJob(db: Db, job: NewJob): Promise<number> {
  await checkRoom(db, job);
  const row = await db
    .insertInto('jobs')
    .values(jobValues(job))
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function openJob(db: Db, job: NewJob): Promise<number | undefined> {
  const open = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', job.kind)
    .where('company_id', '=', job.companyId)
    .where('store_id', job.storeId === null ? 'is' : '=', job.storeId)
    .where('status', 'in', OPEN)
    .orderBy('id')
    .executeTakeFirst();
  return open ? Number(open.id) : undefined;
}

/**
 * Queues a job of a kind for a store unless one is already waiting or running for it: then that
 * one is answered (it will see everything the new one would have). The database holds one open
 * job per store and kind (a unique index), so of requests arriving at once one queues the job and
 * the others are answered with it. A job a person asks for is refused with QueueFull when the
 * company's queue is full (an open job is still answered).
 */
export async function queueOnce(db: Kysely<Database>, job: NewJob): Promise<number> {
  for (let tries = 0; tries < 5; tries++) {
    const open = await openJob(db, job);
    if (open !== undefined) return open;
    const id = await db.transaction().execute(async (trx) => {
      await checkRoom(trx, job);
      const row = await trx
        .insertInto('jobs')
        .values(jobValues(job))
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? Number(row.id) : undefined;
    });
    if (id !== undefined) return id;
    // Another request queued it in the meantime: the next look answers that one.
  }
  throw new Error(`no open ${job.kind} job for store ${job.storeId}, yet none could be queued`);
}

/**
 * The schedule: queues a job of `kind` for every store with credentials that has none waiting or
 * running and none queued within the last `everyMs`. One statement, and the database holds one
 * open job per store and kind, so servers sharing the database do not each queue one. A store
 * whose credentials the marketplace refused is left out until they are edited, or for a day (a
 * refusal that was the marketplace's own passing fault is tried again): one failed job tells the
 * person, not one every interval.
 */
export async function queueDue(
  db: Kysely<Database>,
  kind: string,
  everyMs: number,
): Promise<number> {
  const now = nowIso();
  const since = new Date(Date.now() - everyMs).toISOString();
  const dayAgo = new Date(Date.now() - 24 * 3600_000).toISOString();
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
              selectFrom('jobs as r')
                .select('r.id')
                .whereRef('r.store_id', '=', 's.id')
                .where('r.status', '=', 'failed')
                .where('r.error', 'like', `${CREDENTIALS_REFUSED}%`)
                .where('r.finished_at', '>', dayAgo)
                .where((w) =>
                  w.or([
                    w('s.updated_at', 'is', null),
                    w('r.finished_at', '>', w.ref('s.updated_at')),
                  ]),
                ),
            ),
          ),
        )
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
    // A request that queued one meanwhile keeps it (one open job per store and kind).
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

/**
 * Deletes jobs (and their items) that ended, done or failed, more than `keepMs` ago. Uploads of a
 * batch that is not fully uploaded are kept: their lots tell a later upload of the batch what is
 * already, or may be, on the store. Answers how many jobs.
 */
export async function pruneJobs(db: Kysely<Database>, keepMs: number): Promise<number> {
  const before = new Date(Date.now() - keepMs).toISOString();
  const old = (qb: Transaction<Database>) =>
    qb
      .selectFrom('jobs')
      .select('jobs.id')
      .where('jobs.status', 'in', ['done', 'failed'])
      .where('jobs.finished_at', '<', before)
      .where(({ or, eb, not, exists, selectFrom }) =>
        or([
          eb('jobs.kind', '<>', 'upload'),
          not(
            exists(
              selectFrom('job_items as ji')
                .innerJoin('sync_batch_items as sbi', 'sbi.id', 'ji.sync_batch_item_id')
                .innerJoin('sync_batches as sb', 'sb.id', 'sbi.sync_batch_id')
                .select('ji.id')
                .whereRef('ji.job_id', '=', 'jobs.id')
                .where('sb.status', '<>', 'uploaded'),
            ),
          ),
        ]),
      );
  return db.transaction().execute(async (trx) => {
    const ids = (await old(trx).execute()).map((j) => Number(j.id));
    let deleted = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await trx.deleteFrom('job_items').where('job_id', 'in', chunk).execute();
      const res = await trx.deleteFrom('jobs').where('id', 'in', chunk).executeTakeFirst();
      deleted += Number(res.numDeletedRows);
    }
    return deleted;
  });
}

/** Deletes marketplace log lines (the Logs screen) older than `keepMs`; answers how many. */
export async function pruneLogEntries(db: Kysely<Database>, keepMs: number): Promise<number> {
  const before = new Date(Date.now() - keepMs).toISOString();
  const res = await db
    .deleteFrom('log_entries')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
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
