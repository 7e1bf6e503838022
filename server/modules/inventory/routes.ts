import type { FastifyInstance } from 'fastify';
import {
  AddBricksRequest,
  AddBricksResponse,
  ColourQuery,
  ColourResponse,
  ConditionsResponse,
  InventoryMessages,
  InventoryQuery,
  InventoryResponse,
  MoldQuery,
  MoldResponse,
} from '../../../contract/inventory';
import { notFound } from '../../errors';
import { routesOf } from '../../http/routes';
import { addBricks } from './add-bricks';
import { findInventory } from './queries';

const SALES = ['sales_manager'] as const;

/**
 * Inventory and its export lookups and the Kulla Catalog's Add bricks (docs/inventory.md).
 * Conditions, colours and moulds are shared reference data (no company data), so any signed-in
 * user may read them; the inventory and adding stock are the sales manager's.
 */
export async function inventoryRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'inventory');

  api.get(
    '/v1/inventory',
    {
      access: SALES,
      summary: 'Every item with stock, with catalog fields and BrickLink ids for the BSX export',
      query: InventoryQuery,
      answer: InventoryResponse,
    },
    async ({ query: { limit, page }, user }) =>
      findInventory(app.db, user.companyId, limit === undefined ? undefined : { limit, page }),
  );

  api.get(
    '/v1/condition',
    { access: 'user', summary: 'Conditions (key and label)', answer: ConditionsResponse },
    async () =>
      app.db
        .selectFrom('conditions')
        .select(['condition_name', 'new_condition_name'])
        .orderBy('sort_order')
        .execute(),
  );

  api.get(
    '/v1/colour',
    {
      access: 'user',
      summary: 'A colour with its BrickLink, Rebrickable and BrickOwl ids',
      query: ColourQuery,
      answer: ColourResponse,
    },
    async ({ query }) => {
      const row = await app.db
        .selectFrom('colours')
        .select([
          'id as colour_id',
          'name',
          'hex',
          'rebrickable_id',
          'bl_colour_id',
          'brickowl_colour_id',
        ])
        .where('id', '=', query.colour_id)
        .executeTakeFirst();
      if (!row) throw notFound(InventoryMessages.colourNotFound);
      return row;
    },
  );

  api.get(
    '/v1/mold',
    {
      access: 'user',
      summary: 'A mould with its BrickLink, Rebrickable and BrickOwl ids',
      query: MoldQuery,
      answer: MoldResponse,
    },
    async ({ query }) => {
      const row = await app.db
        .selectFrom('moulds')
        .select([
          'id as mold_id',
          'name',
          'type_id',
          'image_url',
          'bl_mold_id',
          'rebrickable_id',
          'brickowl_id',
        ])
        .where('id', '=', query.mold_id)
        .executeTakeFirst();
      if (!row) throw notFound(InventoryMessages.moldNotFound);
      return row;
    },
  );

  api.post(
    '/v1/item_overview/add',
    {
      access: SALES,
      summary: "Kulla Catalog 'Add bricks': add stock at a location (default: for new items)",
      body: AddBricksRequest,
      answer: AddBricksResponse,
    },
    async ({ body, change }) => change((trx, ctx) => addBricks(trx, ctx, body)),
  );
}
