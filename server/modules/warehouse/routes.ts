import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  type BatchSortFlag,
} from '../../../contract/warehouse';
import { badRequest, notFound } from '../../errors';
import { inTransaction } from '../../write/context';
import { fillTray, storeBatch } from './fill';
import { batchIds, findBatch, listBatches, listTrays, trayDetail } from './queries';

const DESK = ['order_manager'] as const;
const FILLERS = ['picker', 'order_manager'] as const;

function isOn(v: string | undefined): boolean {
  return v !== undefined && v !== '0' && v !== 'false';
}

/** Batches Overview, Tray Overview, Fill tray and Store (docs/filling.md). */
export async function warehouseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/warehouse/batches',
    {
      config: { access: DESK },
      schema: {
        tags: ['warehouse'],
        summary: 'Warehouse batches with filled|total trays, 10 per page, one sort flag',
        querystring: BatchListQuery,
        response: { 200: BatchListResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const flags = BATCH_SORT_FLAGS.filter((f) => isOn(q[f]));
      if (flags.length > 1) throw badRequest('Choose at most one sort order.');
      const sort: BatchSortFlag = flags[0] ?? 'order_by_last_modified';
      return listBatches(app.db, request.user.companyId, sort, q.limit, q.page);
    },
  );

  r.get(
    '/v1/warehouse/batch_ids',
    {
      config: { access: FILLERS },
      schema: {
        tags: ['warehouse'],
        summary: 'Ids (and names) of the warehouse batches',
        response: { 200: BatchIdsResponse },
      },
    },
    async (request) => batchIds(app.db, request.user.companyId),
  );

  r.get(
    '/v1/warehouse/trays',
    {
      config: { access: FILLERS },
      schema: {
        tags: ['warehouse'],
        summary: 'Trays of one warehouse batch, or of all; paged when limit is given',
        querystring: TrayListQuery,
        response: { 200: TrayListResponse },
      },
    },
    async (request) => {
      const { batch_id, limit, page } = request.query;
      return listTrays(app.db, request.user.companyId, { batchId: batch_id, limit, page });
    },
  );

  r.get(
    '/v1/warehouse/tray',
    {
      config: { access: FILLERS },
      schema: {
        tags: ['warehouse'],
        summary: 'A tray for the filler: item, stock in the warehouse, candidate locations',
        querystring: TrayQuery,
        response: { 200: TrayDetail },
      },
    },
    async (request) => {
      const tray = await trayDetail(app.db, request.user.companyId, request.query.tray_id);
      if (!tray) throw notFound(WarehouseMessages.trayNotFound);
      return tray;
    },
  );

  r.put(
    '/v1/warehouse/tray',
    {
      config: { access: FILLERS },
      schema: {
        tags: ['warehouse'],
        summary: 'Fill a tray at a location and add its bricks there (409 when already filled)',
        querystring: TrayQuery,
        body: FillTrayRequest,
        response: { 200: FillTrayResponse },
      },
    },
    async (request) => {
      const { location_id, quantity, item_id, colour_id } = request.body;
      const result = await inTransaction(app.db, request.user, (trx, ctx) =>
        fillTray(trx, ctx, {
          tray_id: request.query.tray_id,
          location_id,
          quantity,
          item_id,
          colour_id,
        }),
      );
      return { message: WarehouseMessages.filled, ...result };
    },
  );

  r.post(
    '/v1/warehouse/batch/store',
    {
      config: { access: DESK },
      schema: {
        tags: ['warehouse'],
        summary: 'Store a batch: fill every unfilled tray at one location, atomically',
        querystring: BatchQuery,
        body: StoreBatchRequest,
        response: { 200: StoreBatchResponse },
      },
    },
    async (request) => {
      const batchId = request.query.batch_id;
      const result = await inTransaction(app.db, request.user, (trx, ctx) =>
        storeBatch(trx, ctx, batchId, request.body.location_id),
      );
      const batch = await findBatch(app.db, request.user.companyId, batchId);
      if (!batch) throw notFound(WarehouseMessages.batchNotFound);
      return { message: storedMessage(result.filled_trays), batch, ...result };
    },
  );
}
