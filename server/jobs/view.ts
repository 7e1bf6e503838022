import type { Kysely } from 'kysely';
import type { JobView } from '../../contract/jobs';
import type { Database } from '../db/schema';
import { leftJoinItemLooks } from '../db/item-joins';
import { UPLOAD } from './upload';

/** The sync batch an upload's payload names, else null. */
function batchOf(payload: string): number | null {
  try {
    const id = (JSON.parse(payload) as { sync_batch_id?: unknown }).sync_batch_id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

/** Jobs as the screens read them: status, stage, progress, lots by state and the failures. */
export async function jobViews(
  db: Kysely<Database>,
  companyId: number,
  ids: number[],
): Promise<JobView[]> {
  if (ids.length === 0) return [];
  const jobs = await db
    .selectFrom('jobs')
    .leftJoin('stores', 'stores.id', 'jobs.store_id')
    .selectAll('jobs')
    .select('stores.name as store_name')
    .select((eb) =>
      eb
        .selectFrom('jobs as later')
        .select('later.id')
        .whereRef('later.store_id', '=', 'jobs.store_id')
        .whereRef('later.kind', '=', 'jobs.kind')
        .whereRef('later.id', '>', 'jobs.id')
        // An upload is run again for its own batch (its payload names only the batch).
        .where((w) =>
          w.or([w('later.kind', '<>', UPLOAD), w('later.payload', '=', w.ref('jobs.payload'))]),
        )
        .orderBy('later.id')
        .limit(1)
        .as('retried_by'),
    )
    .where('jobs.company_id', '=', companyId)
    .where('jobs.id', 'in', ids)
    .orderBy('jobs.id', 'desc')
    .execute();
  if (jobs.length === 0) return [];
  const jobIds = jobs.map((j) => j.id);
  const counts = await db
    .selectFrom('job_items')
    .select(['job_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .where('job_id', 'in', jobIds)
    .groupBy(['job_id', 'state'])
    .execute();
  const failures = await db
    .selectFrom('job_items as ji')
    .$call(leftJoinItemLooks('ji.item_id'))
    .select([
      'ji.job_id',
      'ji.item_id',
      'ji.error',
      'm.name as mould',
      'c.name as colour',
      'i.condition',
    ])
    .where('ji.job_id', 'in', jobIds)
    .where('ji.state', '=', 'failed')
    .orderBy('ji.id')
    .limit(100 * jobIds.length)
    .execute();
  return jobs.map((j) => {
    const by = (state: string) =>
      Number(counts.find((c) => c.job_id === j.id && c.state === state)?.n ?? 0);
    return {
      id: Number(j.id),
      kind: j.kind,
      store_id: j.store_id === null ? null : Number(j.store_id),
      store_name: j.store_name ?? null,
      sync_batch_id: batchOf(j.payload),
      status: j.status,
      stage: j.stage,
      progress: { done: Number(j.progress_done), total: Number(j.progress_total) },
      error: j.error,
      attempts: Number(j.attempts),
      created_at: j.created_at,
      updated_at: j.updated_at,
      finished_at: j.finished_at,
      items: { pending: by('pending'), sent: by('sent'), done: by('done'), failed: by('failed') },
      retried_by: j.status === 'failed' && j.retried_by != null ? Number(j.retried_by) : null,
      failures: failures
        .filter((f) => f.job_id === j.id)
        .slice(0, 100)
        .map((f) => ({
          item_id: Number(f.item_id),
          label: f.mould
            ? `${f.mould} (${[f.colour, f.condition].filter(Boolean).join(', ')})`
            : `Item ${f.item_id}`,
          error: f.error ?? '',
        })),
    };
  });
}
