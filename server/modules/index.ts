import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { bricksyncerModule } from './bricksyncer';
import { batchTraysModule } from './batch-trays';
import { catalogModule } from './catalog';
import { catalogChunksModule } from './catalog-chunks';
import { companyRoutes } from './companies/routes';
import { controllersModule } from './controllers';
import { devicesModule } from './devices/routes';
import { healthRoutes } from './health/routes';
import { inventoryModule } from './inventory';
import { jobsModule } from './jobs';
import { locationsModule } from './locations';
import { priceGuideModule } from './price-guide';
import { ordersModule } from './orders';
import { projectsModule } from './projects';
import { reportsModule } from './reports';
import { syncBatchesModule } from './sync-batches';
import { warehouseModule } from './warehouse';
import { syncRoutes } from '../sync/routes';

/**
 * Every API module, mounted under /api. Each module's routes declare their access rule
 * (see plugins/access.ts) and validate input with schemas from contract/.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(adminRoutes);
  await app.register(companyRoutes);
  await app.register(syncRoutes);
  await app.register(ordersModule);
  await app.register(warehouseModule);
  await app.register(inventoryModule);
  await app.register(locationsModule);
  await app.register(reportsModule);
  await app.register(controllersModule);
  await app.register(catalogModule);
  await app.register(catalogChunksModule);
  await app.register(projectsModule);
  await app.register(syncBatchesModule);
  await app.register(bricksyncerModule);
  await app.register(jobsModule);
  await app.register(priceGuideModule);
  await app.register(batchTraysModule);
  await app.register(devicesModule);
}
