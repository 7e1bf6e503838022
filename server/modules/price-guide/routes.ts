import type { FastifyInstance } from 'fastify';
import { ErrorBody } from '../../../contract/errors';
import {
  PriceGuideAnswer,
  PriceGuideBody,
  PriceGuideMessages as M,
} from '../../../contract/price-guide';
import { badRequest } from '../../errors';
import { routesOf } from '../../http/routes';
import { storeClient } from '../../jobs';
import type { MarketplaceClients } from '../../marketplaces';
import { storeCredentials } from '../bricksyncer';
import { SYNCERS } from '../bricksyncer/stores';
import { CredentialsRefused, guidesFor } from './guides';
import { keyText, noGuide, resolveLots } from './lots';

/**
 * The company's first BrickLink store (by id) with complete credentials, with its currency, or a
 * clear 400.
 */
async function brickLinkStore(app: FastifyInstance, companyId: number) {
  const stores = await app.db
    .selectFrom('stores')
    .select(['id', 'currency'])
    .where('company_id', '=', companyId)
    .where('platform', '=', 'BRICKLINK')
    .orderBy('id')
    .execute();
  for (const s of stores) {
    const store = await storeCredentials(app.db, companyId, Number(s.id));
    if (store.credentials) return { ...store, currency: s.currency };
  }
  throw badRequest(M.noStore);
}

/**
 * BrickLink's price guide of lots (docs/marketplaces.md): read with the company's BrickLink store,
 * in the currency asked (a batch's) or else that store's, each guide kept a day per currency and
 * shared, so a guide read today costs no call.
 */
export function priceGuideRoutes(clients: () => MarketplaceClients) {
  return async function routes(app: FastifyInstance): Promise<void> {
    routesOf(app, 'bricksyncer').post(
      '/v1/price_guide',
      {
        access: SYNCERS,
        summary:
          "BrickLink's price guide (sold in the last 6 months and for sale now) of each lot's item, colour and condition, one answer per lot in order",
        body: PriceGuideBody,
        answer: PriceGuideAnswer,
        otherAnswers: { 400: ErrorBody },
      },
      async ({ body, user }) => {
        const { companyId } = user;
        const store = await brickLinkStore(app, companyId);
        const resolved = await resolveLots(app.db, companyId, body.lots);
        const keys = resolved.flatMap((r) => ('key' in r ? [r.key] : []));
        let guides;
        try {
          guides = await guidesFor(
            app.db,
            async () => {
              const c = await storeClient(app.db, clients(), companyId, store.id);
              if (c.platform !== 'BRICKLINK') throw badRequest(M.noStore);
              return c.bricklink;
            },
            keys,
            body.currency ?? store.currency,
          );
        } catch (error) {
          if (error instanceof CredentialsRefused) {
            throw badRequest(M.refused(store.name, error.message));
          }
          throw error;
        }
        return {
          results: resolved.map((r) =>
            'key' in r ? guides.get(keyText(r.key))! : noGuide(null, r.error),
          ),
        };
      },
    );
  };
}
