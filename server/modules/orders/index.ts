import type { FastifyInstance } from 'fastify';
import { registerCollection, registerMutation } from '../../sync';
import { PICKING_COLLECTIONS } from './collections';
import { PICKING_MUTATIONS } from './mutations';
import { onDeviceRoutes } from './on-device';
import { pickingRoutes } from './picking-routes';
import { orderRoutes } from './routes';

/** Orders and picking: REST routes, outbox mutations and the floor's pull collections. */
export async function ordersModule(app: FastifyInstance): Promise<void> {
  registerMutation(...PICKING_MUTATIONS);
  registerCollection(...PICKING_COLLECTIONS);
  await app.register(orderRoutes);
  await app.register(pickingRoutes);
  await app.register(onDeviceRoutes);
}
