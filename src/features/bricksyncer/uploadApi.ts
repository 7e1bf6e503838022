import { HTTPError } from 'ky';
import type { StoreResource } from '../../../contract/bricksyncer';
import type { JobView, UploadJobs } from '../../../contract/jobs';
import { api } from '../../api/client';
import { errorsOfAnswer } from '../../api/errors';

/** The upload's calls (docs/bricksyncer.md, docs/marketplaces.md): start it, follow its jobs. */

/**
 * Starts the upload with the prices as typed: the queued jobs, one per store with credentials in
 * the batch's currency, and the stores left out for selling in another currency.
 */
export async function startUpload(
  batchId: number,
  items: { item_id: number; price: number; quantity: number }[],
): Promise<{ jobs: JobView[]; otherCurrency: UploadJobs['other_currency'] }> {
  const res = await api
    .post('v1/sync_batch_upload', {
      searchParams: { batch_id: batchId },
      json: { items },
      timeout: 120_000,
    })
    .json<Partial<UploadJobs> & { jobs: JobView[] }>();
  return { jobs: res.jobs, otherCurrency: res.other_currency ?? [] };
}

export function fetchJob(jobId: number): Promise<JobView> {
  return api.get('v1/job', { searchParams: { job_id: jobId } }).json();
}

/** The company's store names by id (empty when they cannot be read: the screen says "Store 3"). */
export async function storeNames(): Promise<Map<number, string>> {
  try {
    const res = await api.get('v2/stores').json<{ data: StoreResource[] }>();
    return new Map(res.data.map((s) => [Number(s.id), s.attributes.name]));
  } catch {
    return new Map();
  }
}

/** The server's message of a refused upload (409), or null when it failed otherwise. */
export async function uploadRefusal(error: unknown): Promise<string | null> {
  if (!(error instanceof HTTPError) || error.response.status !== 409) return null;
  return (await errorsOfAnswer(error))?.map((e) => e.detail).join('\n') ?? null;
}

/** The jobs of a batch's last upload on this device, so the page follows them after a reload. */
const key = (batchId: number) => `sync-batch-upload:${batchId}`;
export function rememberedJobs(batchId: number): number[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(key(batchId)) ?? '[]');
    return Array.isArray(ids) ? ids.filter((i): i is number => typeof i === 'number') : [];
  } catch {
    return [];
  }
}
export function rememberJobs(batchId: number, jobIds: number[]): void {
  try {
    localStorage.setItem(key(batchId), JSON.stringify(jobIds));
  } catch {
    // Private mode or full storage: the page just does not follow the upload after a reload.
  }
}
