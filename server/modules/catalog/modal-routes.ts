import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import type { RoleName } from '../../../contract/permissions';
import { notFound } from '../../errors';
import { inTransaction } from '../../write/context';
import { addCatalogTrays } from './catalog-trays';
import { mouldInfo, mouldsOf } from './moulds';

/** The digitizing staff, who browse the desk's catalog and add trays from it. */
export const DIGITIZERS: readonly RoleName[] = ['digibrick_user', 'digibrick_manager'];

/**
 * The digitizing desk's catalog (docs/catalog.md): types, a type's moulds under a theme or
 * category, a mould's catalog info, and new trays from moulds. The themes and categories trees
 * are BrickBase's `/v3/brickbase/themes/` and `categories/`.
 */
export async function catalogModalRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog'];

  r.get(
    '/v1/catalog/types',
    {
      config: { access: DIGITIZERS },
      schema: { tags, summary: 'The catalog types', response: { 200: TypesResponse } },
    },
    async () => {
      const results = await app.db
        .selectFrom('item_types')
        .select(['id', 'name'])
        .orderBy('id')
        .execute();
      return { count: results.length, results };
    },
  );

  r.get(
    '/v1/catalog/items',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary: "A type's moulds under a theme or category (type 2), searched, a page at a time",
        querystring: CatalogItemsQuery,
        response: { 200: MouldsResponse },
      },
    },
    async (request) => mouldsOf(app.db, request.query),
  );

  r.get(
    '/v1/catalog/iteminfo',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary: "A mould's catalog info with its inventory children, parents and relations",
        querystring: ItemInfoQuery,
        response: { 200: MouldInfo },
      },
    },
    async (request) => {
      const info = await mouldInfo(app.db, request.query.id);
      if (!info) throw notFound(CatalogModalMessages.mouldNotFound);
      return info;
    },
  );

  r.post(
    '/v1/catalog/trays',
    {
      config: { access: DIGITIZERS },
      schema: {
        tags,
        summary:
          "New trays from moulds at the end of one of the company's batches (quantity 1, 'ready for filling', price 0, NEW)",
        body: CatalogTraysBody,
        response: { 200: CatalogTraysResponse },
      },
    },
    async (request) => ({
      results: await inTransaction(app.db, request.user, (trx, ctx) =>
        addCatalogTrays(trx, ctx, request.body),
      ),
    }),
  );
}
