import type { FastifyInstance } from 'fastify';
import { batchActionRoutes } from './batch-routes';
import { projectsRoutes } from './routes';

/** The digitizing desk: projects and their batches, merged, duplicated and backed up (REST routes). */
export async function projectsModule(app: FastifyInstance): Promise<void> {
  await app.register(projectsRoutes);
  await app.register(batchActionRoutes);
}
