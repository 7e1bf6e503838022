import type { FastifyInstance } from 'fastify';
import { ControllerJobs, failInterruptedRuns } from './jobs';
import { controllerRoutes } from './routes';

/** The catalog import jobs of each server, by its database (tests wait on them). */
const jobsByDb = new WeakMap<object, ControllerJobs>();

export function controllerJobsOf(app: FastifyInstance): ControllerJobs {
  const jobs = jobsByDb.get(app.db);
  if (!jobs) throw new Error('the controllers module is not registered');
  return jobs;
}

/**
 * BrickBase controllers: start a catalog import run and list the runs (docs/catalog-import.md).
 * On start-up, runs left busy by a server that went away are marked failed; on shutdown this
 * server's run stops and is marked failed.
 */
export async function controllersModule(app: FastifyInstance): Promise<void> {
  const jobs = new ControllerJobs(app.db, app.log);
  jobsByDb.set(app.db, jobs);
  app.addHook('onReady', async () => {
    const failed = await failInterruptedRuns(app.db, { checkLocalProcesses: true });
    if (failed > 0)
      app.log.warn({ failed }, 'controller runs interrupted by a restart marked failed');
  });
  app.addHook('preClose', async () => {
    await jobs.stop();
  });
  await app.register(controllerRoutes(jobs));
}
