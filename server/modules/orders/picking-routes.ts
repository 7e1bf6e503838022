import type { FastifyInstance } from 'fastify';
import {
  IssueRequest,
  IssueResponse,
  LocationContentResponse,
  LocationCrumbResponse,
  LocationQuery,
  NEXT_DONE_STATUS,
  NextQuery,
  NextResponse,
  OrderItemQuery,
  OrderMessages,
  overPickMessage,
  OrderUpdateResponse,
  OrderIdQuery,
  OrderUserRequest,
  PickingStatus,
  SetPickedRequest,
  SetPickedResponse,
  StockChangeQuery,
  StockChangeRequest,
  StockChangeResponse,
} from '../../../contract/orders';
import { INT_MAX } from '../../../contract/fields';
import { PickingRejectCode as Code } from '../../../contract/mutations/picking';
import { hasAnyRole } from '../../../contract/permissions';
import { joinItemLooks } from '../../db/item-joins';
import { notFound } from '../../errors';
import type { Trx, WriteCtx } from '../../write/context';
import { mustBeCompanyRow } from '../../write/company-row';
import { refuse } from '../../write/context';
import { nextStop } from './next';
import { claimOrder, pauseOrder, setPicked, takeStock } from './picking';
import { isManager, orderFor } from './routes';
import { reportIssue } from './service';
import { stockRowAt } from '../locations/content';
import { loadRoute } from '../locations/route';
import { routesOf } from '../../http/routes';

const FLOOR_ROLES = ['picker', 'order_manager', 'warehouse_manager'] as const;

/** What is ordered and picked of an item variant in an order (undefined: not in it). */
function pickedOf(trx: Trx, ctx: WriteCtx, orderId: number, itemId: number) {
  return trx
    .selectFrom('order_items')
    .select(['quantity_ordered', 'quantity_picked'])
    .where('order_id', '=', orderId)
    .where('item_id', '=', itemId)
    .where('company_id', '=', ctx.companyId)
    .executeTakeFirst();
}

/** Stock never grows beyond what the column holds on both databases (a 32-bit integer). */
async function addStockAllowed(
  trx: Trx,
  ctx: WriteCtx,
  locationId: number,
  itemId: number,
  change: number,
) {
  const row = await stockRowAt(trx, ctx.companyId, locationId, itemId);
  if (row && Number(row.quantity) + change > INT_MAX) {
    throw refuse(409, 'stock_too_large', OrderMessages.stockTooLarge);
  }
}

/**
 * The picker's calls (docs/picking.md): claim and pause, route, locations, stock, picked, issues.
 */
export async function pickingRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'picking');

  api.put(
    '/v1/order/user',
    {
      access: ['picker'],
      summary: 'Claim (BEING_PICKED) or pause (PAUSED) an order; one of concurrent claims wins',
      query: OrderIdQuery,
      body: OrderUserRequest,
      answer: OrderUpdateResponse,
    },
    async ({ query, body, change, request }) => {
      const orderId = query.order_id;
      const wanted = body.picking_status_id;
      const pause = wanted === 'PAUSED' || wanted === PickingStatus.PAUSED;
      await change((trx, ctx) =>
        pause ? pauseOrder(trx, ctx, orderId) : claimOrder(trx, ctx, orderId),
      );
      return {
        message: pause ? OrderMessages.paused : OrderMessages.claimed,
        order: await orderFor(app, request, orderId),
      };
    },
  );

  api.head(
    '/v1/order/unassigned',
    { access: ['picker', 'order_manager'], summary: '200: pickers claim orders themselves' },
    async () => undefined,
  );

  api.get(
    '/v1/order/next',
    {
      access: ['picker'],
      summary: 'The next location along the route and the items to pick there; 210 when done',
      query: NextQuery,
      answer: NextResponse,
    },
    async ({ query, user, reply }) => {
      const { order_id, location_id, skipped } = query;
      const skip = new Set((skipped ?? '').split(',').filter(Boolean).map(Number));
      const stop = await nextStop(app.db, user.companyId, order_id, location_id, skip);
      // Done: 210 without a body (the original contract's answer).
      if (!stop) return reply.code(NEXT_DONE_STATUS).send();
      return stop;
    },
  );

  api.get(
    '/v1/location_crumble',
    {
      access: FLOOR_ROLES,
      summary: 'Breadcrumb (root to leaf) and code of a location',
      query: LocationQuery,
      answer: LocationCrumbResponse,
    },
    async ({ query, user }) => {
      const id = query.location_id;
      const tree = await loadRoute(app.db, user.companyId, [id]);
      const node = tree.get(id);
      if (!node) throw notFound(OrderMessages.locationNotFound);
      return {
        location_id: id,
        location_name: tree.crumb(id),
        code: node.code,
        breadcrumb: tree.breadcrumb(id),
      };
    },
  );

  api.get(
    '/v1/location_content',
    {
      access: FLOOR_ROLES,
      summary: 'The items stored at a location, with their stock',
      query: LocationQuery,
      answer: LocationContentResponse,
    },
    async ({ query, user }) => {
      const { companyId } = user;
      const id = query.location_id;
      await mustBeCompanyRow(app.db, 'locations', companyId, id, () =>
        notFound(OrderMessages.locationNotFound),
      );
      const results = await app.db
        .selectFrom('location_content as lc')
        .$call(joinItemLooks('lc.item_id'))
        .select([
          'lc.item_id',
          'lc.quantity',
          'i.colour_id',
          'c.name as colour_name',
          'c.hex as colour_hex',
          'i.mold_id',
          'm.name as mold_name',
          'm.image_url as image_path',
          'i.condition',
        ])
        .where('lc.company_id', '=', companyId)
        .where('lc.location_id', '=', id)
        .orderBy('lc.item_id')
        .execute();
      return { location_id: id, results, count: results.length };
    },
  );

  api.post(
    '/v1/location_content',
    {
      access: ['picker', 'warehouse_manager'],
      summary: 'Change the stock of an item at a location (negative for a pick), never below 0',
      query: StockChangeQuery,
      body: StockChangeRequest,
      answer: StockChangeResponse,
    },
    async ({ query, body, user, change: write }) => {
      const { location_id, item_id } = query;
      const { change } = body;
      const quantity = await write(async (trx, ctx) => {
        const version = await ctx.version();
        if (change > 0) {
          // A picker adds stock only by filling a tray (tray.fill on the outbox), never here.
          if (!hasAnyRole(user.permissions, ['warehouse_manager'])) {
            throw refuse(403, 'forbidden', OrderMessages.pickerAddsNoStock);
          }
          await addStockAllowed(trx, ctx, location_id, item_id, change);
        }
        // The outbox's pick takes stock through the same function: never below zero.
        return takeStock(trx, ctx, version, location_id, item_id, -change);
      });
      return { location_id, item_id, quantity };
    },
  );

  api.put(
    '/v1/order/item',
    {
      access: ['picker', 'order_manager'],
      summary: "Set an order item's quantity_picked (item_id is the item variant)",
      query: OrderItemQuery,
      body: SetPickedRequest,
      answer: SetPickedResponse,
    },
    async ({ query, body, change, request }) => {
      const { order_id, item_id } = query;
      const quantity = body.quantity_picked;
      const manager = isManager(request);
      const orderItemId = await change(async (trx, ctx) => {
        const before = await pickedOf(trx, ctx, order_id, item_id);
        const id = await setPicked(trx, ctx, order_id, item_id, quantity, manager);
        // The outbox's pick rule: picked never exceeds ordered, and a picker only adds to it.
        // Checked after setPicked's own refusals; a refusal here rolls the write back.
        if (before) {
          const left = Math.max(before.quantity_ordered - before.quantity_picked, 0);
          if (quantity > before.quantity_ordered) {
            throw refuse(409, Code.overPick, overPickMessage(left));
          }
          if (!manager && quantity < before.quantity_picked) {
            throw refuse(409, 'pick_lowered', OrderMessages.pickLowered);
          }
        }
        return id;
      });
      return {
        message: OrderMessages.updated,
        order_item_id: orderItemId,
        quantity_picked: quantity,
      };
    },
  );

  api.post(
    '/v1/issue',
    {
      access: FLOOR_ROLES,
      summary: 'Report an issue to the warehouse manager (1), order manager (2) or both (3)',
      body: IssueRequest,
      answer: IssueResponse,
    },
    async ({ body, change }) => {
      const b = body;
      return change((trx, ctx) =>
        reportIssue(trx, ctx, { ...b, manager_id: b.manager_id as 1 | 2 | 3 }),
      );
    },
  );
}
