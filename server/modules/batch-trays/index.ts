import type { FastifyInstance } from 'fastify';
import { registerMutation } from '../../sync';
import { batchTraysRoutes } from './routes';
import { traysSave } from './sync';

/** The batch trays editor of the digitizing desk (docs/batch-trays.md): routes, outbox mutation. */
export async function batchTraysModule(app: FastifyInstance): Promise<void> {
  registerMutation(traysSave);
  await app.register(batchTraysRoutes);
}
