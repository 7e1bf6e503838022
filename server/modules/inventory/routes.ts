import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { inTransaction } from '../../write/context';
import { addBricks } from './add-bricks';
import { findInventory } from './queries';

const SALES = ['sales_manager'] as const;

/**
 * Inventory and its export lookups and the Kulla Catalog's Add bricks (docs/inventory.md).
 * Conditions, colours and moulds are shared reference data (no company data), so any signed-in
 * user may read them; the inventory and adding stock are the sales manager's.
 */
export async function inventoryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/inventory',
    {
      config: { access: SALES },
      schema: {
        tags: ['inventory'],
        summary: 'Every item with stock, with catalog fields and BrickLink ids for the BSX export',
        querystring: InventoryQuery,
        response: { 200: InventoryResponse },
      },
    },
    async (request) => {
      const { limit, page } = request.query;
      return findInventory(
        app.db,
        request.user.companyId,
        limit === undefined ? undefined : { limit, page },
      );
    },
  );

  r.get(
    '/v1/condition',
    {
      config: { access: 'user' },
      schema: {
        tags: ['inventory'],
        summary: 'Conditions (key and label)',
        response: { 200: ConditionsResponse },
      },
    },
    async () =>
      app.db
        .selectFrom('conditions')
        .select(['condition_name', 'new_condition_name'])
        .orderBy('sort_order')
        .execute(),
  );

  r.get(
    '/v1/colour',
    {
      config: { access: 'user' },
      schema: {
        tags: ['inventory'],
        summary: 'A colour with its BrickLink, Rebrickable and BrickOwl ids',
        querystring: ColourQuery,
        response: { 200: ColourResponse },
      },
    },
    async (request) => {
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
        .where('id', '=', request.query.colour_id)
        .executeTakeFirst();
      if (!row) throw notFound(InventoryMessages.colourNotFound);
      return row;
    },
  );

  r.get(
    '/v1/mold',
    {
      config: { access: 'user' },
      schema: {
        tags: ['inventory'],
        summary: 'A mould with its BrickLink, Rebrickable and BrickOwl ids',
        querystring: MoldQuery,
        response: { 200: MoldResponse },
      },
    },
    async (request) => {
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
        .where('id', '=', request.query.mold_id)
        .executeTakeFirst();
      if (!row) throw notFound(InventoryMessages.moldNotFound);
      return row;
    },
  );

  r.post(
    '/v1/item_overview/add',
    {
      config: { access: SALES },
      schema: {
        tags: ['inventory'],
        summary: "Kulla Catalog 'Add bricks': add stock at a location (default: for new items)",
        body: AddBricksRequest,
        response: { 200: AddBricksResponse },
      },
    },
    async (request) =>
      inTransaction(app.db, request.user, (trx, ctx) => addBricks(trx, ctx, request.body)),
  );
}
