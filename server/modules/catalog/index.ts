import type { FastifyInstance } from 'fastify';
import { catalogLookupRoutes } from './lookup-routes';
import { catalogModalRoutes } from './modal-routes';
import { catalogReviewRoutes } from './review-routes';

/** BrickBase, the shared catalog: lookups, the browser, suggestions and the changelog. */
export async function catalogModule(app: FastifyInstance): Promise<void> {
  await app.register(catalogLookupRoutes);
  await app.register(catalogReviewRoutes);
  await app.register(catalogModalRoutes);
}
