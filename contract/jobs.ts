import { z } from 'zod';
import { id, int } from './fields';

/**
 * Background jobs (docs/marketplaces.md): an upload of a sync batch to one store, an intake of
 * one store's new orders, or the sending of a store's stock and price changes. Queued, then running (stage and progress done of total), then done or
 * failed with its error text. A job that waits for a marketplace limit is queued again with the
 * reason in `error`.
 */
export const JOB_KINDS = [
  'upload',
  'order_intake',
  'stock_sync',
  'stock_check',
  'brickowl_colours',
] as const;
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * The most jobs a company may have waiting or running at once, counting those its people asked
 * for (the schedule's and the jobs' own follow-ups are one per store and kind, and are not
 * refused). A request beyond it is answered 429 with `JobMessages.queueFull`.
 */
export const JOB_QUEUE_MAX = 100;

export const JobMessages = {
  notFound: 'Job not found',
  uploading: 'This batch is already being uploaded',
  uploaded: 'This batch has already been uploaded',
  noCredentials: 'The store has no complete credentials: enter them in Stores first',
  queueFull: `Your company already has ${JOB_QUEUE_MAX} marketplace jobs waiting or running: wait until some have finished, then try again.`,
  notFailed: 'Only a failed job can be retried',
  /** A failed job already run again: its newer job is the one to follow (and retry). */
  retried: (newer: number) =>
    `This job has already been run again as job ${newer}: follow that one, and retry it if it fails`,
  noStore: 'The job has no store to run for',
  uploadWaiting:
    'An upload of another batch to this store is waiting or running: retry this one when it has ended',
  batchGone: 'The sync batch of this upload no longer exists',
  /** No store of the batch's currency to upload to: the stores and their currencies. */
  otherCurrency: (batch: string, stores: { name: string; currency: string }[]) =>
    stores.length === 1
      ? `This batch's prices are in ${batch}, but store '${stores[0].name}' sells in ${stores[0].currency}: a batch is uploaded only to stores of its own currency`
      : `This batch's prices are in ${batch}, but the stores sell in other currencies (${stores.map((s) => `'${s.name}' in ${s.currency}`).join(', ')}): a batch is uploaded only to stores of its own currency`,
  /** A store the upload left out, told beside the stores it went to. */
  leftOut: (batch: string, store: { name: string; currency: string }) =>
    `Not uploaded to store '${store.name}': it sells in ${store.currency}, this batch's prices are in ${batch}`,
} as const;

export const JobView = z.object({
  id: z.number(),
  kind: z.string(),
  store_id: z.number().nullable(),
  /** The store's name, or null once the store is gone. */
  store_name: z.string().nullable(),
  /** Uploads: the sync batch being uploaded. */
  sync_batch_id: z.number().nullable(),
  status: z.enum(JOB_STATUSES),
  stage: z.string(),
  progress: z.object({ done: z.number(), total: z.number() }),
  error: z.string().nullable(),
  attempts: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
  /** Uploads: lots by state, and the lots that failed with why (at most 100). */
  items: z.object({
    pending: z.number(),
    sent: z.number(),
    done: z.number(),
    failed: z.number(),
  }),
  /**
   * A failed job run again since (a later job of the same kind for the same store, an upload's for
   * the same batch): that job's id, and Retry is not offered; else null.
   */
  retried_by: z.number().nullable(),
  /** Each with the item in words: mould (colour, condition). */
  failures: z.array(z.object({ item_id: z.number(), label: z.string(), error: z.string() })),
});
export type JobView = z.infer<typeof JobView>;

export const JobQuery = z.object({ job_id: id() });
/** GET /v1/jobs?kind&store_id&status&limit: the company's latest jobs, newest first (20 unless told). */
export const JobListQuery = z.object({
  kind: z.enum(JOB_KINDS).optional(),
  store_id: id().optional(),
  status: z.enum(JOB_STATUSES).optional(),
  limit: int(1, 100).default(20),
});
export const JobList = z.object({ results: z.array(JobView) });
export const OrderIntakeBody = z.object({ store_id: id() });
/** POST /v1/job_retry: run a failed job again (a new job for the same store, and batch). */
export const JobRetryBody = z.object({ job_id: id() });
/** Send stock and price changes to one store, or to every store with credentials. */
export const StockSyncBody = z.object({ store_id: id().optional() });
export const StockCheckBody = z.object({ store_id: id().optional() });
/** Read BrickOwl's colour list now, with one BrickOwl store (else the company's first). */
export const BrickOwlColoursBody = z.object({ store_id: id().optional() });
/**
 * An upload's jobs, one per store of the batch's currency, and the stores with credentials left
 * out because they sell in another currency.
 */
export const UploadJobs = z.object({
  jobs: z.array(JobView),
  other_currency: z
    .array(z.object({ store_id: z.number(), store_name: z.string(), currency: z.string() }))
    .default([]),
});
export type UploadJobs = z.infer<typeof UploadJobs>;
