import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, ErrorCode } from '../../../contract/errors';
import { JobMessages, StockCheckBody, UploadJobs } from '../../../contract/jobs';
import type { RoleName } from '../../../contract/permissions';
import { AppError } from '../../errors';
import { jobViews, NO_CHECK_STORE, queueStockChecks, type BackgroundJobs } from '../../jobs';
import { storeCredentials } from '../bricksyncer';

const SYNCERS: readonly RoleName[] = ['bricksyncer'];

/** Check the stores' lots against the warehouse now, instead of at the next daily check. */
export function stockCheckRoute(jobs: BackgroundJobs) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/v1/stock_check',
      {
        config: { access: SYNCERS },
        schema: {
          tags: ['jobs'],
          summary:
            "Compare one store's lots, or every store's with credentials, with the warehouse; differences become stock issues (answers the queued or running ones)",
          body: StockCheckBody,
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
        const ids = await queueStockChecks(
          app.db,
          companyId,
          userId,
          store_id === undefined ? undefined : [store_id],
        );
        if (ids.length === 0) throw new AppError(400, NO_CHECK_STORE, ErrorCode.validation);
        jobs.poke();
        return reply.status(202).send({ jobs: await jobViews(app.db, companyId, ids) });
      },
    );
  };
}
