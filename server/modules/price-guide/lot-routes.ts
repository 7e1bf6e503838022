import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/errors';
import {
  AveragePlan,
  AveragePlanBody,
  AverageSetAnswer,
  AverageSetBody,
  PriceLotList,
  PriceLotsQuery,
  PriceLotsMessages as M,
  SET_TO_AVERAGE_MAX,
} from '../../../contract/price-lots';
import { badRequest } from '../../errors';
import { routesOf } from '../../http/routes';
import { SYNCERS } from '../bricksyncer/stores';
import { averagePlan, countFound, priceLotsPage, setToAverageChunk } from './price-lots';

/**
 * Edit prices over many lots (docs/bricksyncer-admin.md): the search, and Set to average over
 * everything it finds, planned first and then done a chunk a call. The caller's company's lots
 * only; every call's work is bounded (a page of at most 250, a set of at most SET_TO_AVERAGE_MAX
 * lots, SET_TO_AVERAGE_CHUNK a call).
 */
export async function priceLotRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'bricksyncer');

  api.get(
    '/v1/price_lots',
    {
      access: SYNCERS,
      summary:
        'Items on sale found by words (BrickLink item number, name, colour, condition) and filters (condition, price guide, price against the average), a page at a time',
      query: PriceLotsQuery,
      answer: PriceLotList,
      otherAnswers: { 400: ErrorBody },
    },
    async ({ query, user }) => {
      const { limit, page, ...filter } = query;
      return priceLotsPage(app.db, user.companyId, filter, { limit, page });
    },
  );

  /** Refuses a search that finds more lots than one set may take. */
  async function bounded(companyId: number, filter: Parameters<typeof countFound>[2]) {
    const n = await countFound(app.db, companyId, filter);
    if (n > SET_TO_AVERAGE_MAX) throw badRequest(M.tooMany(n));
  }

  api.post(
    '/v1/price_lots_average_plan',
    {
      access: SYNCERS,
      summary:
        'What Set to average ± % would do to every item on sale the search finds: counts and the first changes; nothing changes',
      body: AveragePlanBody,
      answer: AveragePlan,
      otherAnswers: { 400: ErrorBody },
    },
    async ({ body, user }) => {
      await bounded(user.companyId, body);
      return averagePlan(app.db, user.companyId, body);
    },
  );

  api.post(
    '/v1/price_lots_average',
    {
      access: SYNCERS,
      summary:
        'Set to average ± %: the next chunk of items on sale the search finds (after after_id) get the average ± % as price and wait to be sent; call again with next_after_id until it is null',
      body: AverageSetBody,
      answer: AverageSetAnswer,
      otherAnswers: { 400: ErrorBody },
    },
    async ({ body, user }) => {
      const { after_id, ...plan } = body;
      await bounded(user.companyId, plan);
      return setToAverageChunk(app.db, user.companyId, plan, after_id);
    },
  );
}
