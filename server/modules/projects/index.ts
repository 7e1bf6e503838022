import type { FastifyInstance } from 'fastify';
import { projectsRoutes } from './routes';

/** The digitizing desk: projects and their batches (REST routes). */
export async function projectsModule(app: FastifyInstance): Promise<void> {
  await app.register(projectsRoutes);
}
