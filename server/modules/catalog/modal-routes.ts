import type { FastifyInstance } from 'fastify';
import {
  CatalogItemsQuery,
  CatalogModalMessages,
  CatalogTraysBody,
  CatalogTraysResponse,
  ItemInfoQuery,
  MouldInfo,
  MouldsResponse,
  TypesResponse,
} from '../../../contract/catalog-modal';
import { notFound } from '../../errors';
import { addCatalogTrays } from './catalog-trays';
import { mouldInfo, mouldsOf } from './moulds';
import { routesOf } from '../../http/routes';
import { DIGITIZERS } from '../projects/rules';

/**
 * The digitizing desk's catalog (docs/catalog.md): types, a type's moulds under a theme or
 * category, a mould's catalog info, and new trays from moulds. The themes and categories trees
 * are BrickBase's `/v3/brickbase/themes/` and `categories/`.
 */
export async function catalogModalRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'catalog');

  api.get(
    '/v1/catalog/types',
    { access: DIGITIZERS, summary: 'The catalog types', answer: TypesResponse },
    async () => {
      const results = await app.db
        .selectFrom('item_types')
        .select(['id', 'name'])
        .orderBy('id')
        .execute();
      return { count: results.length, results };
    },
  );

  api.get(
    '/v1/catalog/items',
    {
      access: DIGITIZERS,
      summary: "A type's moulds under a theme or category (type 2), searched, a page at a time",
      query: CatalogItemsQuery,
      answer: MouldsResponse,
    },
    async ({ query }) => mouldsOf(app.db, query),
  );

  api.get(
    '/v1/catalog/iteminfo',
    {
      access: DIGITIZERS,
      summary: "A mould's catalog info with its inventory children, parents and relations",
      query: ItemInfoQuery,
      answer: MouldInfo,
    },
    async ({ query }) => {
      const info = await mouldInfo(app.db, query.id);
      if (!info) throw notFound(CatalogModalMessages.mouldNotFound);
      return info;
    },
  );

  api.post(
    '/v1/catalog/trays',
    {
      access: DIGITIZERS,
      summary:
        "New trays from moulds at the end of one of the company's batches (quantity 1, 'ready for filling', price 0, NEW)",
      body: CatalogTraysBody,
      answer: CatalogTraysResponse,
    },
    async ({ body, change }) => ({
      results: await change((trx, ctx) => addCatalogTrays(trx, ctx, body)),
    }),
  );
}
