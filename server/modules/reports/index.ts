import type { FastifyInstance } from 'fastify';
import { reportsRoutes } from './routes';

/** Warehouse Reports and Item Reports (issues raised on the floor): REST routes. */
export async function reportsModule(app: FastifyInstance): Promise<void> {
  await app.register(reportsRoutes);
}
