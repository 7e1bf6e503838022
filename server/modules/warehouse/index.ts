import type { FastifyInstance } from 'fastify';
import { registerCollection, registerMutation } from '../../sync';
import { warehouseRoutes } from './routes';
import { trayFill, traysCollection } from './sync';

export { batchEnteredFloor, batchLeftFloor } from './fill';

/** Warehouse batches, trays, filling and storing: REST routes, outbox mutation, pull collection. */
export async function warehouseModule(app: FastifyInstance): Promise<void> {
  registerMutation(trayFill);
  registerCollection(traysCollection);
  await app.register(warehouseRoutes);
}
