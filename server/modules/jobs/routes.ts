import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/errors';
import {
  JobList,
  JobListQuery,
  JobMessages,
  JobQuery,
  JobRetryBody,
  JobView,
  OrderIntakeBody,
} from '../../../contract/jobs';
import { conflict, notFound } from '../../errors';
import { jobViews, queueOrderIntake, retryJob, type BackgroundJobs } from '../../jobs';
import { SYNCERS } from '../bricksyncer/stores';
import { storeToRun } from './store-to-run';
import { routesOf } from '../../http/routes';

/**
 * Background jobs of the company: read one or the latest, import a store's orders now, retry a
 * failed one.
 */
export function jobRoutes(jobs: BackgroundJobs) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = routesOf(app, 'jobs');

    api.get(
      '/v1/job',
      {
        access: SYNCERS,
        summary: "A job's status, stage, progress and failed lots",
        query: JobQuery,
        answer: JobView,
        otherAnswers: { 404: ErrorBody },
      },
      async ({ query, user }) => {
        const [job] = await jobViews(app.db, user.companyId, [query.job_id]);
        if (!job) throw notFound(JobMessages.notFound);
        return job;
      },
    );

    api.get(
      '/v1/jobs',
      {
        access: SYNCERS,
        summary: "The company's latest jobs (20 unless limit says, at most 100), newest first",
        query: JobListQuery,
        answer: JobList,
      },
      async ({ query, user }) => {
        const { kind, store_id, status, limit } = query;
        let q = app.db.selectFrom('jobs').select('id').where('company_id', '=', user.companyId);
        if (kind) q = q.where('kind', '=', kind);
        if (store_id) q = q.where('store_id', '=', store_id);
        if (status) q = q.where('status', '=', status);
        const ids = (await q.orderBy('id', 'desc').limit(limit).execute()).map((j) => Number(j.id));
        return { results: await jobViews(app.db, user.companyId, ids) };
      },
    );

    api.post(
      '/v1/order_intake',
      {
        access: SYNCERS,
        summary: "Import a store's new orders now (answers the queued or running intake)",
        body: OrderIntakeBody,
        answer: JobView,
        status: 202,
        otherAnswers: { 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
      async ({ body, user }) => {
        const { companyId, id: userId } = user;
        const { store_id } = body;
        await storeToRun(app.db, companyId, store_id);
        const id = await queueOrderIntake(app.db, companyId, store_id, userId);
        jobs.poke();
        const [job] = await jobViews(app.db, companyId, [id]);
        return job;
      },
    );

    const batchUploaded = async (id: number) =>
      (
        await app.db
          .selectFrom('sync_batches')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirst()
      )?.status === 'uploaded';

    api.post(
      '/v1/job_retry',
      {
        access: SYNCERS,
        summary:
          "Run a failed job again: a new job for the same store (and batch); answers it, or the store's job of that kind already waiting or running",
        body: JobRetryBody,
        answer: JobView,
        status: 202,
        otherAnswers: { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
      async ({ body, user }) => {
        const { companyId, id: userId } = user;
        const [failed] = await jobViews(app.db, companyId, [body.job_id]);
        if (!failed) throw notFound(JobMessages.notFound);
        if (failed.status !== 'failed') throw conflict(JobMessages.notFailed);
        if (failed.retried_by !== null) {
          // Run again already: while that job waits or runs, asking again answers it.
          const [newer] = await jobViews(app.db, companyId, [failed.retried_by]);
          if (newer && (newer.status === 'queued' || newer.status === 'running')) return newer;
          // An upload whose batch is on the store by now says so rather than naming the job.
          if (failed.sync_batch_id !== null && (await batchUploaded(failed.sync_batch_id))) {
            throw conflict(JobMessages.uploaded);
          }
          throw conflict(JobMessages.retried(failed.retried_by));
        }
        if (failed.store_id !== null) await storeToRun(app.db, companyId, failed.store_id);
        const id = await retryJob(app.db, companyId, failed.id, userId);
        jobs.poke();
        const [job] = await jobViews(app.db, companyId, [id]);
        return job;
      },
    );
  };
}
