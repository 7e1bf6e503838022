import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  isFlagOn,
  ORDER_SORT_FLAGS,
  OrderIdQuery,
  OrderItemsResponse,
  OrderListResponse,
  OrderMessages,
  OrderQuery,
  OrderStatusesResponse,
  OrderUpdateRequest,
  OrderUpdateResponse,
  PickingStatusesResponse,
} from '../../../contract/orders';
import { hasAnyRole } from '../../../contract/permissions';
import { badRequest, notFound } from '../../errors';
import { inTransaction } from '../../write/context';
import { findOrderItems, findOrders, stockOf, type Viewer } from './queries';
import { updateOrder } from './service';
import { loadRoute } from '../locations/route';
import { findOnDevice } from './on-device';

const ORDER_ROLES = ['order_manager', 'picker'] as const;

export function viewerOf(request: FastifyRequest): Viewer {
  return {
    companyId: request.user.companyId,
    userId: request.user.id,
    isPicker: hasAnyRole(request.user.permissions, ['picker']),
  };
}

export const isManager = (request: FastifyRequest) =>
  hasAnyRole(request.user.permissions, ['order_manager']);

/** The order after a write, as GET /order?order_id answers it. */
export async function orderFor(app: FastifyInstance, request: FastifyRequest, orderId: number) {
  const { results } = await findOrders(app.db, viewerOf(request), { orderId });
  if (results.length === 0) throw notFound(OrderMessages.orderNotFound);
  return results[0];
}

/** Orders, their items and statuses (docs/picking.md), mounted under /api. */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/order',
    {
      config: { access: ORDER_ROLES },
      schema: {
        tags: ['orders'],
        summary: 'One order (order_id) or a sorted, paged list of orders',
        querystring: OrderQuery,
        response: { 200: OrderListResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const viewer = viewerOf(request);
      // An order manager's list carries the picks still on devices for its orders: one request.
      const withOnDevice = async (list: OrderListResponse): Promise<OrderListResponse> => {
        if (!isManager(request)) return list;
        const shown = new Set(list.results.map((o) => o.order_id));
        const onDevice = await findOnDevice(app.db, viewer.companyId, q.order_id);
        return { ...list, on_device: onDevice.filter((p) => shown.has(p.order_id)) };
      };
      if (q.order_id !== undefined) {
        const one = await findOrders(app.db, viewer, { orderId: q.order_id });
        if (one.results.length === 0) throw notFound(OrderMessages.orderNotFound);
        return withOnDevice(one);
      }
      const flags = ORDER_SORT_FLAGS.filter((f) => isFlagOn(q[f]));
      if (flags.length > 1) throw badRequest(OrderMessages.oneSortFlag);
      return withOnDevice(
        await findOrders(
          app.db,
          viewer,
          { problemsOnly: isFlagOn(q.filter_problems), toPick: isFlagOn(q.to_pick) },
          { sort: flags[0] ?? 'order_by_age', limit: q.limit, page: q.page },
        ),
      );
    },
  );

  r.put(
    '/v1/order',
    {
      config: { access: ORDER_ROLES },
      schema: {
        tags: ['orders'],
        summary: 'Change exactly one of picker_issue, has_problem, picking_status_id, pickable',
        querystring: OrderIdQuery,
        body: OrderUpdateRequest,
        response: { 200: OrderUpdateResponse },
      },
    },
    async (request) => {
      const orderId = request.query.order_id;
      await inTransaction(app.db, request.user, (trx, ctx) =>
        updateOrder(trx, ctx, orderId, request.body, isManager(request)),
      );
      return { message: OrderMessages.updated, order: await orderFor(app, request, orderId) };
    },
  );

  r.get(
    '/v1/order/item',
    {
      config: { access: ORDER_ROLES },
      schema: {
        tags: ['orders'],
        summary: "An order's items, each with the locations holding it (route order)",
        querystring: OrderIdQuery,
        response: { 200: OrderItemsResponse },
      },
    },
    async (request) => {
      const { companyId } = request.user;
      const orderId = request.query.order_id;
      await orderFor(app, request, orderId);
      const items = await findOrderItems(app.db, companyId, orderId);
      const stock = await stockOf(
        app.db,
        companyId,
        items.map((i) => i.item_id),
      );
      // Only the stocked locations and their ancestors: enough for route order and breadcrumbs.
      const tree = await loadRoute(
        app.db,
        companyId,
        stock.map((s) => s.location_id),
      );
      const results = items.map((item) => ({
        ...item,
        locations: stock
          .filter((s) => s.item_id === item.item_id)
          .sort((a, b) => tree.routeRank(a.location_id) - tree.routeRank(b.location_id))
          .map((s) => ({
            location_id: s.location_id,
            location_name: tree.crumb(s.location_id),
            code: tree.get(s.location_id)?.code ?? '',
            quantity: s.quantity,
          })),
      }));
      return { results, count: results.length };
    },
  );

  r.get(
    '/v1/order/picking_status',
    {
      config: { access: ORDER_ROLES },
      schema: { tags: ['orders'], response: { 200: PickingStatusesResponse } },
    },
    async () =>
      app.db
        .selectFrom('picking_statuses')
        .select(['id as picking_status_id', 'name as picking_status_name'])
        .orderBy('id')
        .execute(),
  );

  r.get(
    '/v1/order/status',
    {
      config: { access: ORDER_ROLES },
      schema: { tags: ['orders'], response: { 200: OrderStatusesResponse } },
    },
    async () =>
      app.db
        .selectFrom('order_statuses')
        .select(['id as status_id', 'name as status_name'])
        .orderBy('id')
        .execute(),
  );
}
