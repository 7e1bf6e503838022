import type { FastifyInstance } from 'fastify';
import { syncBatchImportRoutes } from './import-routes';
import { syncBatchRoutes } from './routes';

/** Sync batches: the BSX import and the batches it creates (REST routes). */
export async function syncBatchesModule(app: FastifyInstance): Promise<void> {
  await app.register(syncBatchRoutes);
  await app.register(syncBatchImportRoutes);
}
