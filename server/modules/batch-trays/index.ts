import type { FastifyInstance } from 'fastify';
import { registerMutation } from '../../sync';
import { setClaimLeaseSeconds } from './lease';
import { batchTraysRoutes } from './routes';
import { traysSave } from './sync';

/** The batch trays editor of the digitizing desk (docs/batch-trays.md): routes, outbox mutation. */
export async function batchTraysModule(app: FastifyInstance): Promise<void> {
  setClaimLeaseSeconds(app.config.trayClaimLeaseSeconds);
  registerMutation(traysSave);
  await app.register(batchTraysRoutes);
}
