import type { FastifyInstance } from 'fastify';
import { inventoryRoutes } from './routes';

/** Inventory, export lookups (condition, colour, mould) and the Kulla Catalog's Add bricks. */
export async function inventoryModule(app: FastifyInstance): Promise<void> {
  await app.register(inventoryRoutes);
}
