import type { Kysely } from 'kysely';
import { nowIso } from '../db/dialect';
import type { Database } from '../db/schema';
import type { LogLevel } from '../db/schema-domain';
import type { JobRow } from './claim';

const KIND_WORDS: Record<string, string> = {
  upload: 'Upload',
  order_intake: 'Order intake',
  stock_sync: 'Stock sync',
  stock_check: 'Stock check',
  brickowl_colours: 'BrickOwl colour list',
};

/**
 * Writes a job's outcome to the company's marketplace log (the Logs screen): what ended, how far
 * it got, and why it failed or waits. A scheduled job that found nothing to do is not written, so
 * the log keeps what happened rather than every ten-minute look. Never fails the job.
 */
export async function journal(
  db: Kysely<Database>,
  job: JobRow,
  level: LogLevel,
  outcome: 'done' | 'waits' | 'failed',
  reason?: string,
): Promise<void> {
  try {
    const now = await db
      .selectFrom('jobs')
      .leftJoin('stores', 'stores.id', 'jobs.store_id')
      .select(['jobs.stage', 'jobs.progress_done', 'jobs.progress_total', 'stores.name'])
      .where('jobs.id', '=', job.id)
      .executeTakeFirst();
    if (!now) return;
    const done = Number(now.progress_done);
    const total = Number(now.progress_total);
    if (outcome === 'done' && job.kind !== 'upload' && total === 0) return;
    const batch = (JSON.parse(job.payload) as { sync_batch_id?: number }).sync_batch_id;
    const what = [
      KIND_WORDS[job.kind] ?? job.kind,
      batch === undefined ? '' : ` of sync batch ${batch}`,
      now.name ? ` to '${now.name}'` : '',
    ].join('');
    const how =
      outcome === 'done'
        ? `${now.stage} (${done} of ${total})`
        : outcome === 'waits'
          ? `waits and tries again later: ${reason ?? ''}`
          : `failed: ${reason ?? ''}`;
    await db
      .insertInto('log_entries')
      .values({
        company_id: job.company_id,
        created_at: nowIso(),
        level,
        message: `${what}: ${how}`,
        store_id: job.store_id,
        context: JSON.stringify({
          job_id: job.id,
          kind: job.kind,
          attempts: job.attempts,
          done,
          total,
        }),
      })
      .execute();
  } catch {
    // The log is a record for people; a job's outcome stands without it.
  }
}
