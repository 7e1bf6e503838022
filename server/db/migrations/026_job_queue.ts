import { sql, type Kysely } from 'kysely';
import { TIMESTAMP } from '../dialect';

/**
 * A fair, bounded job queue (server/jobs/claim.ts, server/jobs/queue.ts):
 * - one open (queued or running) job per store and kind, held by the database: a burst of
 *   requests for a store's order intake queues one job, the others are answered with it. Uploads
 *   are one per sync batch and store instead (the batch's own status keeps a second one out), so
 *   they are left out of the index;
 * - `job_turns`: when each company last had a job claimed, so the runners take the companies in
 *   turn instead of draining one company's queue before the next company's first job.
 *
 * Open jobs the index would refuse (two waiting intakes of one store, from before it) are folded
 * into the oldest: the later waiting ones are deleted, a later running one (only possible under a
 * lapsed lease) is failed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const same = sql`o.store_id = jobs.store_id and o.kind = jobs.kind and o.status in ('queued', 'running')`;
  await sql`delete from job_items where job_id in (select id from jobs where status = 'queued'
    and kind <> 'upload' and store_id is not null and exists (select 1 from jobs o where ${same}
    and (o.status = 'running' or o.id < jobs.id)))`.execute(db);
  await sql`delete from jobs where status = 'queued' and kind <> 'upload' and store_id is not null
    and exists (select 1 from jobs o where ${same} and (o.status = 'running' or o.id < jobs.id))`.execute(
    db,
  );
  await sql`update jobs set status = 'failed', error = 'Folded into an older job of the store',
    claimed_by = null, lease_until = null where status = 'running' and kind <> 'upload'
    and store_id is not null and exists (select 1 from jobs o where ${same} and o.id < jobs.id)`.execute(
    db,
  );
  await sql`create unique index jobs_one_open_per_store on jobs (store_id, kind)
    where status in ('queued', 'running') and kind <> 'upload'`.execute(db);

  await db.schema
    .createTable('job_turns')
    .addColumn('company_id', 'integer', (c) =>
      c.primaryKey().references('companies.id').onDelete('cascade'),
    )
    .addColumn('claimed_at', TIMESTAMP, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_turns').execute();
  await sql`drop index jobs_one_open_per_store`.execute(db);
}
