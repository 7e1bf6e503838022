import type { FastifyInstance } from 'fastify';
import { backgroundJobsOf } from '../jobs';
import { priceLotRoutes } from './lot-routes';
import { priceGuideRoutes } from './routes';

/**
 * BrickLink's price guide of lots, for the screens that price them (Edit prices, the sync batch
 * page, the trays editor). Its calls draw on the store's daily budget through the same clients as
 * the server's jobs. Edit prices also searches the items on sale and sets every lot it finds to the
 * kept guides' average (lot-routes.ts).
 */
export async function priceGuideModule(app: FastifyInstance): Promise<void> {
  await app.register(priceGuideRoutes(() => backgroundJobsOf(app).clients));
  await app.register(priceLotRoutes);
}
