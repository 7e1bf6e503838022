import type { FastifyInstance } from 'fastify';
import { contentRoutes } from './content-routes';
import { treeRoutes } from './routes';

/**
 * The location tree, its content and labels. The pull collections `locations` and
 * `location_content` the floor needs are defined by the orders module (server/modules/orders/
 * collections.ts); every write here stamps versions and records tombstones for them.
 */
export async function locationsModule(app: FastifyInstance): Promise<void> {
  await app.register(treeRoutes);
  await app.register(contentRoutes);
}
