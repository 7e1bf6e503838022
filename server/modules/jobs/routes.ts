import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, ErrorCode } from '../../../contract/errors';
import {
  JobList,
  JobListQuery,
  JobMessages,
  JobQuery,
  JobRetryBody,
  JobView,
  OrderIntakeBody,
} from '../../../contract/jobs';
import type { RoleName } from '../../../contract/permissions';
import { AppError, conflict, notFound } from '../../errors';
import { jobViews, queueOrderIntake, retryJob, type BackgroundJobs } from '../../jobs';
import { storeCredentials } from '../bricksyncer';

const SYNCERS: readonly RoleName[] = ['bricksyncer'];

/**
 * Background jobs of the company: read one or the latest, import a store's orders now, retry a
 * failed one.
 */
export function jobRoutes(jobs: BackgroundJobs) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['jobs'];
    const config = { access: SYNCERS };

    r.get(
      '/v1/job',
      {
        config,
        schema: {
          tags,
          summary: "A job's status, stage, progress and failed lots",
          querystring: JobQuery,
          response: { 200: JobView, 404: ErrorBody },
        },
      },
      async (request) => {
        const [job] = await jobViews(app.db, request.user.companyId, [request.query.job_id]);
        if (!job) throw notFound(JobMessages.notFound);
        return job;
      },
    );

    r.get(
      '/v1/jobs',
      {
        config,
        schema: {
          tags,
          summary: "The company's latest jobs (20 unless limit says, at most 100), newest first",
          querystring: JobListQuery,
          response: { 200: JobList },
        },
      },
      async (request) => {
        const { kind, store_id, status, limit } = request.query;
        let q = app.db
          .selectFrom('jobs')
          .select('id')
          .where('company_id', '=', request.user.companyId);
        if (kind) q = q.where('kind', '=', kind);
        if (store_id) q = q.where('store_id', '=', store_id);
        if (status) q = q.where('status', '=', status);
        const ids = (await q.orderBy('id', 'desc').limit(limit).execute()).map((j) => Number(j.id));
        return { results: await jobViews(app.db, request.user.companyId, ids) };
      },
    );

    r.post(
      '/v1/order_intake',
      {
        config,
        schema: {
          tags,
          summary: "Import a store's new orders now (answers the queued or running intake)",
          body: OrderIntakeBody,
          response: { 202: JobView, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const { companyId, id: userId } = request.user;
        const { store_id } = request.body;
        const store = await storeCredentials(app.db, companyId, store_id); // 'Store not found'
        if (!store.credentials) {
          throw new AppError(400, JobMessages.noCredentials, ErrorCode.validation);
        }
        const id = await queueOrderIntake(app.db, companyId, store_id, userId);
        jobs.poke();
        const [job] = await jobViews(app.db, companyId, [id]);
        return reply.status(202).send(job);
      },
    );

    r.post(
      '/v1/job_retry',
      {
        config,
        schema: {
          tags,
          summary:
            "Run a failed job again: a new job for the same store (and batch); answers it, or the store's job of that kind already waiting or running",
          body: JobRetryBody,
          response: { 202: JobView, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
        },
      },
      async (request, reply) => {
        const { companyId, id: userId } = request.user;
        const [failed] = await jobViews(app.db, companyId, [request.body.job_id]);
        if (!failed) throw notFound(JobMessages.notFound);
        if (failed.status !== 'failed') throw conflict(JobMessages.notFailed);
        if (failed.store_id !== null) {
          const store = await storeCredentials(app.db, companyId, failed.store_id);
          if (!store.credentials) {
            throw new AppError(400, JobMessages.noCredentials, ErrorCode.validation);
          }
        }
        const id = await retryJob(app.db, companyId, failed.id, userId);
        jobs.poke();
        const [job] = await jobViews(app.db, companyId, [id]);
        return reply.status(202).send(job);
      },
    );
  };
}
