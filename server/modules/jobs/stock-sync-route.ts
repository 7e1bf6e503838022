import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, ErrorCode } from '../../../contract/errors';
import { JobMessages, StockSyncBody, UploadJobs } from '../../../contract/jobs';
import type { RoleName } from '../../../contract/permissions';
import { AppError } from '../../errors';
import { jobViews, NO_SYNC_STORE, queueStockSyncs, type BackgroundJobs } from '../../jobs';
import { storeCredentials } from '../bricksyncer';

const SYNCERS: readonly RoleName[] = ['bricksyncer'];

/** Send the stores' stock and price changes now, instead of at the next scheduled sync. */
export function stockSyncRoute(jobs: BackgroundJobs) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/v1/stock_sync',
      {
        config: { access: SYNCERS },
        schema: {
          tags: ['jobs'],
          summary:
            'Send stock and price changes to one store, or to every store with credentials (answers the queued or running ones)',
          body: StockSyncBody,
          response: { 202: UploadJobs, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const { companyId, id: userId } = request.user;
        const { store_id } = request.body;
        if (store_id !== undefined) {
          const store = await storeCredentials(app.db, companyId, store_id); // 'Store not found'
          if (!store.credentials) {
            throw new AppError(400, JobMessages.noCredentials, ErrorCode.validation);
          }
        }
        const ids = await queueStockSyncs(
          app.db,
          companyId,
          userId,
          store_id === undefined ? undefined : [store_id],
        );
        if (ids.length === 0) throw new AppError(400, NO_SYNC_STORE, ErrorCode.validation);
        jobs.poke();
        return reply.status(202).send({ jobs: await jobViews(app.db, companyId, ids) });
      },
    );
  };
}
