import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { BackgroundJobs } from '../../jobs';
import { jobRoutes } from './routes';
import { storeJobRoutes } from './store-job-routes';
import { unknownLotRoutes } from './unknown-lot-routes';

/** Each server's background jobs, by its database (tests reach them through the app). */
const jobsByDb = new WeakMap<object, BackgroundJobs>();

export function backgroundJobsOf(app: FastifyInstance): BackgroundJobs {
  const jobs = jobsByDb.get(app.db);
  if (!jobs) throw new Error('the jobs module is not registered');
  return jobs;
}

/**
 * Background jobs (docs/marketplaces.md): uploads, order intake and stock syncs. The runner and
 * the schedule start when the server is ready (unless JOB_RUNNER is off, as under the
 * test runner) and stop before it closes; the running job goes back to the queue.
 */
export async function jobsModule(app: FastifyInstance): Promise<void> {
  const jobs = new BackgroundJobs({
    db: app.db,
    log: app.log as unknown as Logger,
    orderIntakeMinutes: app.config.orderIntakeMinutes,
    leaseMs: app.config.jobLeaseSeconds * 1000,
    jobRetentionDays: app.config.jobRetentionDays,
    logRetentionDays: app.config.logRetentionDays,
  });
  jobsByDb.set(app.db, jobs);
  if (app.config.jobRunner) {
    app.addHook('onReady', async () => {
      jobs.start();
    });
  }
  app.addHook('preClose', async () => {
    await jobs.stop();
  });
  await app.register(jobRoutes(jobs));
  await app.register(storeJobRoutes(jobs));
  await app.register(unknownLotRoutes(jobs));
}
