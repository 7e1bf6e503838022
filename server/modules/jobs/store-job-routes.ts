import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/errors';
import {
  BrickOwlColoursBody,
  StockCheckBody,
  StockSyncBody,
  UploadJobs,
} from '../../../contract/jobs';
import { badRequest } from '../../errors';
import { routesOf } from '../../http/routes';
import {
  jobViews,
  NO_BRICKOWL_STORE,
  NO_CHECK_STORE,
  NO_SYNC_STORE,
  queueColourRefresh,
  queueStockChecks,
  queueStockSyncs,
  type BackgroundJobs,
} from '../../jobs';
import { NOT_A_BRICKOWL_STORE } from '../../jobs/brickowl-map';
import { SYNCERS } from '../bricksyncer/stores';
import { storeToRun, type OnlyPlatform } from './store-to-run';

interface StoreJobRoute {
  url: string;
  summary: string;
  body: typeof StockSyncBody | typeof StockCheckBody | typeof BrickOwlColoursBody;
  queue: typeof queueStockSyncs;
  /** The answer when no store of the company has credentials. */
  noStore: string;
  only?: OnlyPlatform;
}

/**
 * Jobs run per store on demand, for one store or every store with credentials: 'Store not found'
 * for another company's store, 400 for a store without credentials (or of the wrong marketplace)
 * or a company with none, else 202 with the jobs (a store's job already waiting or running is
 * answered, not queued again). BrickOwl's colour list is read with one BrickOwl store.
 */
const ROUTES: StoreJobRoute[] = [
  {
    url: '/v1/stock_sync',
    summary:
      'Send stock and price changes to one store, or to every store with credentials (answers the queued or running ones)',
    body: StockSyncBody,
    queue: queueStockSyncs,
    noStore: NO_SYNC_STORE,
  },
  {
    url: '/v1/stock_check',
    summary:
      "Compare one store's lots, or every store's with credentials, with the warehouse; differences become stock issues (answers the queued or running ones)",
    body: StockCheckBody,
    queue: queueStockChecks,
    noStore: NO_CHECK_STORE,
  },
  {
    url: '/v1/brickowl_colours',
    summary:
      "Read BrickOwl's colour list now, with the BrickOwl store given or the company's first (answers the queued or running reading)",
    body: BrickOwlColoursBody,
    queue: queueColourRefresh,
    noStore: NO_BRICKOWL_STORE,
    only: { platform: 'BRICKOWL', refusal: NOT_A_BRICKOWL_STORE },
  },
];

export function storeJobRoutes(jobs: BackgroundJobs) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = routesOf(app, 'jobs');
    for (const route of ROUTES) {
      api.post(
        route.url,
        {
          access: SYNCERS,
          summary: route.summary,
          body: route.body,
          status: 202,
          answer: UploadJobs,
          otherAnswers: { 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
        },
        async ({ body, user }) => {
          const { companyId, id: userId } = user;
          const { store_id } = body;
          if (store_id !== undefined) await storeToRun(app.db, companyId, store_id, route.only);
          const ids = await route.queue(
            app.db,
            companyId,
            userId,
            store_id === undefined ? undefined : [store_id],
          );
          if (ids.length === 0) throw badRequest(route.noStore);
          jobs.poke();
          return { jobs: await jobViews(app.db, companyId, ids) };
        },
      );
    }
  };
}
