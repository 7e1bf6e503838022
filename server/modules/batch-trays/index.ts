import type { FastifyInstance } from 'fastify';
import { batchTraysRoutes } from './routes';

/** The batch trays editor of the digitizing desk (REST routes, docs/batch-trays.md). */
export async function batchTraysModule(app: FastifyInstance): Promise<void> {
  await app.register(batchTraysRoutes);
}
