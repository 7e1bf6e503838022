import type { JOB_KINDS, JOB_STATUSES, JobView } from '../../../contract/jobs';
import { api } from '../../api/client';

/** The Jobs screen's call (docs/marketplaces.md): the company's latest jobs, newest first. */

export type JobKind = (typeof JOB_KINDS)[number];
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface JobFilter {
  kind: JobKind | null;
  status: JobStatus | null;
}

/** How many jobs the screen lists. */
export const JOBS_LISTED = 20;

export async function fetchJobs(filter: JobFilter): Promise<JobView[]> {
  const searchParams: Record<string, string | number> = { limit: JOBS_LISTED };
  if (filter.kind) searchParams.kind = filter.kind;
  if (filter.status) searchParams.status = filter.status;
  const res = await api.get('v1/jobs', { searchParams }).json<{ results: JobView[] }>();
  return res.results;
}

/**
 * Runs a failed job again: the server queues a new job for the same store (and batch), or answers
 * the store's job of that kind already waiting or running.
 */
export function retryJob(jobId: number): Promise<JobView> {
  return api.post('v1/job_retry', { json: { job_id: jobId } }).json<JobView>();
}
