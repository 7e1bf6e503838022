import type { FastifyInstance } from 'fastify';
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
import { findItems } from '../inventory/queries';
import { moveItem, removeItem, setQuantity } from './content';
import { TREE_EDITORS, TREE_READERS } from './routes';
import { crumbs, newItemsSubtrees } from './route';
import { routesOf } from '../../http/routes';

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
  const api = routesOf(app, 'locations');

  api.put(
    '/v1/location_content',
    {
      access: TREE_EDITORS,
      summary: 'Set the quantity (0–100) of an item at a location, adding it there if needed',
      query: SetContentQuery,
      body: SetContentRequest,
      answer: ContentRow,
    },
    async ({ query, body, change }) => {
      const { location_id, item_id } = query;
      return change((trx, ctx) => setQuantity(trx, ctx, location_id, item_id, body.quantity));
    },
  );

  api.delete(
    '/v1/location_content',
    {
      access: TREE_EDITORS,
      summary: 'Remove an item from a location',
      query: DeleteContentQuery,
      answer: DeleteContentResponse,
    },
    async ({ query, change }) => {
      const { location_id, item_id, colour_id } = query;
      await change((trx, ctx) => removeItem(trx, ctx, location_id, item_id, colour_id));
      return { message: 'The item has been removed from the location.' };
    },
  );

  api.put(
    '/v1/move_location_content',
    {
      access: TREE_EDITORS,
      summary: "Move all of an item's stock to another location (merged with what lies there)",
      query: MoveContentQuery,
      answer: MoveContentResponse,
    },
    async ({ query, user, change }) => {
      const { companyId } = user;
      const { item_id, from_location_id, into_location_id } = query;
      const res = await change(async (trx, ctx) => {
        await ctx.version();
        await mergeFits(trx, companyId, item_id, [from_location_id, into_location_id]);
        return moveItem(trx, ctx, item_id, from_location_id, into_location_id);
      });
      return { item_id, from_location_id, into_location_id, ...res };
    },
  );

  api.get(
    '/v1/item_location',
    {
      access: TREE_READERS,
      summary: 'Every location holding the item, with breadcrumb, code and quantity',
      query: ItemLocationQuery,
      answer: ItemLocationResponse,
    },
    async ({ query, user }) => {
      const { companyId } = user;
      const itemId = query.item_id;
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

  api.get(
    '/v1/location_new_items',
    {
      access: TREE_READERS,
      summary: "The 'new items' locations: flagged ones and their subtrees, with breadcrumbs",
      answer: LocationNewItemsResponse,
    },
    async ({ user }) => {
      const { companyId } = user;
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

  api.get(
    '/v1/item',
    {
      access: [...TREE_READERS, 'sales_manager'],
      summary: "The company's items (mould, colour, condition, total stock), 5 a page",
      query: ItemQuery,
      answer: ItemListResponse,
    },
    async ({ query, user }) => findItems(app.db, user.companyId, query),
  );
}
