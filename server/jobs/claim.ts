import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres, nowIso } from '../db/dialect';
import type { Database, JobsTable } from '../db/schema';
import type { Selectable } from 'kysely';

export type JobRow = Selectable<JobsTable>;

/** The advisory lock PostgreSQL servers hold while claiming a job. */
const CLAIM_LOCK = 7_314_001;

/**
 * A job is runnable when it is queued and due, or when it is running under a lease that lapsed
 * (its server stopped renewing it: it crashed or was cut off), and is then taken over. A store's
 * jobs run one at a time: one store's changes are never sent by two jobs at once, and its limits
 * are drawn on by one job.
 */
function runnable(now: string) {
  return sql<boolean>`((j.status = 'queued' and j.run_after <= ${now}) or (j.status = 'running' and j.lease_until < ${now}))
    and (j.store_id is null or not exists (select 1 from jobs o where o.store_id = j.store_id
      and o.id <> j.id and o.status = 'running' and o.lease_until >= ${now}))`;
}

/**
 * Whose turn it is, so one company's flood of jobs does not keep another company's job waiting:
 * first the companies with no job running under a live lease, then the company whose last claim
 * is the oldest (a company never claimed for comes first), then that company's oldest job.
 */
function turnOrder(now: string) {
  return sql`order by
    (case when exists (select 1 from jobs r where r.company_id = j.company_id
      and r.status = 'running' and r.lease_until >= ${now}) then 1 else 0 end),
    coalesce((select t.claimed_at from job_turns t where t.company_id = j.company_id), ''),
    j.id`;
}

/**
 * Claims the runnable job whose company's turn it is (see `turnOrder`) for `serverId`,
 * exclusively across servers: on PostgreSQL with `FOR UPDATE SKIP LOCKED` (a job another server
 * is claiming is skipped, not waited for); on SQLite with one UPDATE whose subquery picks the job
 * (the database allows one writer at a time, so the pick and the claim happen together). The
 * company's turn is recorded with the claim. Undefined when none is runnable.
 */
export async function claimJob(
  db: Kysely<Database>,
  serverId: string,
  leaseMs: number,
  kinds?: readonly string[],
): Promise<JobRow | undefined> {
  const now = nowIso();
  const lease = new Date(Date.now() + leaseMs).toISOString();
  const kindFilter = kinds && kinds.length > 0 ? sql`and j.kind in (${sql.join(kinds)})` : sql``;
  const claim = {
    status: 'running' as const,
    claimed_by: serverId,
    lease_until: lease,
    updated_at: now,
    attempts: sql<number>`attempts + 1`,
  };
  const taken = (trx: Transaction<Database>, job: JobRow | undefined) =>
    job ? tookTurn(trx, job, now) : undefined;
  if (isPostgres(db as unknown as Kysely<unknown>)) {
    return db.transaction().execute(async (trx) => {
      // Claims are taken one at a time, so two servers cannot each start a job of one store.
      await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(trx);
      const picked = await sql<{ id: number }>`
        select j.id from jobs j where ${runnable(now)} ${kindFilter}
        ${turnOrder(now)} limit 1 for update skip locked`.execute(trx);
      const id = picked.rows[0]?.id;
      if (id === undefined) return undefined;
      const job = await trx
        .updateTable('jobs')
        .set(claim)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return taken(trx, job);
    });
  }
  return db.transaction().execute(async (trx) =>
    taken(
      trx,
      await trx
        .updateTable('jobs')
        .set(claim)
        .where(
          'id',
          '=',
          sql<number>`(select j.id from jobs j where ${runnable(now)} ${kindFilter}
            ${turnOrder(now)} limit 1)`,
        )
        .returningAll()
        .executeTakeFirst(),
    ),
  );
}

/** Records that the job's company had its turn now; answers the job. */
async function tookTurn(trx: Transaction<Database>, job: JobRow, now: string): Promise<JobRow> {
  await trx
    .insertInto('job_turns')
    .values({ company_id: job.company_id, claimed_at: now })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ claimed_at: now }))
    .execute();
  return job;
}

/** Extends this server's lease on a job; false when the job is no longer this server's. */
export async function renewLease(
  db: Kysely<Database>,
  jobId: number,
  serverId: string,
  leaseMs: number,
): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set({ lease_until: new Date(Date.now() + leaseMs).toISOString(), updated_at: nowIso() })
    .where('id', '=', jobId)
    .where('claimed_by', '=', serverId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Ends this server's run of a job: done, failed (with its error), or back to the queue. */
export async function finishJob(
  db: Kysely<Database>,
  jobId: number,
  serverId: string,
  outcome:
    | { status: 'done' }
    | { status: 'failed'; error: string }
    | { status: 'queued'; runAfter: string; error: string },
): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('jobs')
    .set({
      status: outcome.status,
      error: outcome.status === 'done' ? null : outcome.error,
      run_after: outcome.status === 'queued' ? outcome.runAfter : now,
      finished_at: outcome.status === 'queued' ? null : now,
      claimed_by: null,
      lease_until: null,
      updated_at: now,
    })
    .where('id', '=', jobId)
    .where('claimed_by', '=', serverId)
    .execute();
}
