import type { FastifyInstance } from 'fastify';
import { backgroundJobsOf } from '../jobs';
import { priceGuideRoutes } from './routes';

/**
 * BrickLink's price guide of lots, for the screens that price them (Edit prices, the sync batch
 * page, the trays editor). Its calls draw on the store's daily budget through the same clients as
 * the server's jobs.
 */
export async function priceGuideModule(app: FastifyInstance): Promise<void> {
  await app.register(priceGuideRoutes(() => backgroundJobsOf(app).clients));
}
