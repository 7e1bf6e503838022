import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  ContentRow,
  DeleteContentQuery,
  DeleteContentResponse,
  ItemListResponse,
  ItemLocationQuery,
  ItemLocationResponse,
  ItemQuery,
  LocationMessages,
  LocationNewItemsResponse,
  MoveContentQuery,
  MoveContentResponse,
  NEW_ITEMS_MAX,
  SetContentQuery,
  SetContentRequest,
} from '../../../contract/locations';
import { INT_MAX } from '../../../contract/fields';
import { OrderMessages } from '../../../contract/orders';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { mustBeCompanyRow } from '../../write/company-row';
import { inTransaction } from '../../write/context';
import { findItems } from '../inventory/queries';
import { moveItem, removeItem, setQuantity } from './content';
import { TREE_EDITORS, TREE_READERS } from './routes';
import { crumbs, newItemsSubtrees } from './route';

/**
 * The merged stock of a move stays within what the column holds on both databases (a 32-bit
 * integer); beyond it PostgreSQL fails where SQLite would store it. Read after the company's
 * version is taken, so concurrent writers of the company are queued behind this one.
 */
async function mergeFits(trx: Kysely<Database>, companyId: number, itemId: number, at: number[]) {
  const rows = await trx
    .selectFrom('location_content')
    .select('quantity')
    .where('company_id', '=', companyId)
    .where('item_id', '=', itemId)
    .where('location_id', 'in', at)
    .execute();
  const total = rows.reduce((sum, r) => sum + Number(r.quantity), 0);
  if (total > INT_MAX) throw conflict(OrderMessages.stockTooLarge);
}

/** Items at locations, the 'new items' locations and the item catalog table (docs/locations.md). */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['locations'];

  r.put(
    '/v1/location_content',
    {
      config: { access: TREE_EDITORS },
      schema: {
        tags,
        summary: 'Set the quantity (0–100) of an item at a location, adding it there if needed',
        querystring: SetContentQuery,
        body: SetContentRequest,
        response: { 200: ContentRow },
      },
    },
    async (request) => {
      const { location_id, item_id } = request.query;
      return inTransaction(app.db, request.user, (trx, ctx) =>
        setQuantity(trx, ctx, location_id, item_id, request.body.quantity),
      );
    },
  );

  r.delete(
    '/v1/location_content',
    {
      config: { access: TREE_EDITORS },
      schema: {
        tags,
        summary: 'Remove an item from a location',
        querystring: DeleteContentQuery,
        response: { 200: DeleteContentResponse },
      },
    },
    async (request) => {
      const { location_id, item_id, colour_id } = request.query;
      await inTransaction(app.db, request.user, (trx, ctx) =>
        removeItem(trx, ctx, location_id, item_id, colour_id),
      );
      return { message: 'The item has been removed from the location.' };
    },
  );

  r.put(
    '/v1/move_location_content',
    {
      config: { access: TREE_EDITORS },
      schema: {
        tags,
        summary: "Move all of an item's stock to another location (merged with what lies there)",
        querystring: MoveContentQuery,
        response: { 200: MoveContentResponse },
      },
    },
    async (request) => {
      const { companyId } = request.user;
      const { item_id, from_location_id, into_location_id } = request.query;
      const res = await inTransaction(app.db, request.user, async (trx, ctx) => {
        await ctx.version();
        await mergeFits(trx, companyId, item_id, [from_location_id, into_location_id]);
        return moveItem(trx, ctx, item_id, from_location_id, into_location_id);
      });
      return { item_id, from_location_id, into_location_id, ...res };
    },
  );

  r.get(
    '/v1/item_location',
    {
      config: { access: TREE_READERS },
      schema: {
        tags,
        summary: 'Every location holding the item, with breadcrumb, code and quantity',
        querystring: ItemLocationQuery,
        response: { 200: ItemLocationResponse },
      },
    },
    async (request) => {
      const { companyId } = request.user;
      const itemId = request.query.item_id;
      await mustBeCompanyRow(app.db, 'items', companyId, itemId, () =>
        notFound(LocationMessages.itemNotFound),
      );
      const rows = await app.db
        .selectFrom('location_content')
        .select(['location_id', 'quantity'])
        .where('company_id', '=', companyId)
        .where('item_id', '=', itemId)
        .execute();
      const named = await crumbs(
        app.db,
        companyId,
        rows.map((r) => r.location_id),
      );
      const results = rows
        .map((row) => ({
          location_id: row.location_id,
          location_name: named.get(row.location_id)?.crumb ?? '',
          code: named.get(row.location_id)?.code ?? '',
          quantity: Number(row.quantity),
        }))
        .sort((a, b) => a.code.localeCompare(b.code));
      return { item_id: itemId, results, count: results.length };
    },
  );

  r.get(
    '/v1/location_new_items',
    {
      config: { access: TREE_READERS },
      schema: {
        tags,
        summary: "The 'new items' locations: flagged ones and their subtrees, with breadcrumbs",
        response: { 200: LocationNewItemsResponse },
      },
    },
    async (request) => {
      const { companyId } = request.user;
      const rows = await newItemsSubtrees(app.db, companyId);
      const own = new Map(rows.map((r) => [r.id, r.flagged]));
      const named = await crumbs(app.db, companyId, [...own.keys()]);
      const all = [...named.entries()]
        .map(([id, c]) => ({
          location_id: id,
          location_name: c.crumb,
          code: c.code,
          is_selected_new_location: own.get(id) === 1 ? (1 as const) : (2 as const),
        }))
        .sort((a, b) => a.code.localeCompare(b.code));
      return {
        results: all.slice(0, NEW_ITEMS_MAX),
        count: all.length,
        truncated: all.length > NEW_ITEMS_MAX,
      };
    },
  );

  r.get(
    '/v1/item',
    {
      config: { access: [...TREE_READERS, 'sales_manager'] },
      schema: {
        tags,
        summary: "The company's items (mould, colour, condition, total stock), 5 a page",
        querystring: ItemQuery,
        response: { 200: ItemListResponse },
      },
    },
    async (request) => findItems(app.db, request.user.companyId, request.query),
  );
}
