import type { FastifyInstance } from 'fastify';
import {
  BATCH_SORT_FLAGS,
  BatchIdsResponse,
  BatchListQuery,
  BatchListResponse,
  BatchQuery,
  FillTrayRequest,
  FillTrayResponse,
  StoreBatchRequest,
  StoreBatchResponse,
  TrayDetail,
  TrayListQuery,
  TrayListResponse,
  TrayQuery,
  WarehouseMessages,
  storedMessage,
} from '../../../contract/warehouse';
import { notFound } from '../../errors';
import { chosenSort } from '../../http/sort-flag';
import { fillTray, storeBatch } from './fill';
import { batchIds, findBatch, listBatches, listTrays, trayDetail } from './queries';
import { routesOf } from '../../http/routes';

const DESK = ['order_manager'] as const;
const FILLERS = ['picker', 'order_manager'] as const;

/** Batches Overview, Tray Overview, Fill tray and Store (docs/filling.md). */
export async function warehouseRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'warehouse');

  api.get(
    '/v1/warehouse/batches',
    {
      access: DESK,
      summary: 'Warehouse batches with filled|total trays, 10 per page, one sort flag',
      query: BatchListQuery,
      answer: BatchListResponse,
    },
    async ({ query, user }) => {
      const sort = chosenSort(query, BATCH_SORT_FLAGS, 'order_by_last_modified');
      return listBatches(app.db, user.companyId, sort, query.limit, query.page);
    },
  );

  api.get(
    '/v1/warehouse/batch_ids',
    {
      access: FILLERS,
      summary: 'Ids (and names) of the warehouse batches',
      answer: BatchIdsResponse,
    },
    async ({ user }) => batchIds(app.db, user.companyId),
  );

  api.get(
    '/v1/warehouse/trays',
    {
      access: FILLERS,
      summary: 'Trays of one warehouse batch, or of all; paged when limit is given',
      query: TrayListQuery,
      answer: TrayListResponse,
    },
    async ({ query, user }) => {
      const { batch_id, limit, page } = query;
      return listTrays(app.db, user.companyId, { batchId: batch_id, limit, page });
    },
  );

  api.get(
    '/v1/warehouse/tray',
    {
      access: FILLERS,
      summary: 'A tray for the filler: item, stock in the warehouse, candidate locations',
      query: TrayQuery,
      answer: TrayDetail,
    },
    async ({ query, user }) => {
      const tray = await trayDetail(app.db, user.companyId, query.tray_id);
      if (!tray) throw notFound(WarehouseMessages.trayNotFound);
      return tray;
    },
  );

  api.put(
    '/v1/warehouse/tray',
    {
      access: FILLERS,
      summary: 'Fill a tray at a location and add its bricks there (409 when already filled)',
      query: TrayQuery,
      body: FillTrayRequest,
      answer: FillTrayResponse,
    },
    async ({ query, body, change }) => {
      const { location_id, quantity, item_id, colour_id } = body;
      const result = await change((trx, ctx) =>
        fillTray(trx, ctx, {
          tray_id: query.tray_id,
          location_id,
          quantity,
          item_id,
          colour_id,
        }),
      );
      return { message: WarehouseMessages.filled, ...result };
    },
  );

  api.post(
    '/v1/warehouse/batch/store',
    {
      access: DESK,
      summary: 'Store a batch: fill every unfilled tray at one location, atomically',
      query: BatchQuery,
      body: StoreBatchRequest,
      answer: StoreBatchResponse,
    },
    async ({ query, body, user, change }) => {
      const batchId = query.batch_id;
      const result = await change((trx, ctx) => storeBatch(trx, ctx, batchId, body.location_id));
      const batch = await findBatch(app.db, user.companyId, batchId);
      if (!batch) throw notFound(WarehouseMessages.batchNotFound);
      return { message: storedMessage(result.filled_trays), batch, ...result };
    },
  );
}
