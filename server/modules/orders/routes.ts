import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { notFound } from '../../errors';
import { chosenSort } from '../../http/sort-flag';
import { findOrderItems, findOrders, stockOf, type Viewer } from './queries';
import { updateOrder } from './service';
import { loadRoute } from '../locations/route';
import { findOnDevice } from './on-device';
import { routesOf } from '../../http/routes';

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
  const api = routesOf(app, 'orders');

  api.get(
    '/v1/order',
    {
      access: ORDER_ROLES,
      summary: 'One order (order_id) or a sorted, paged list of orders',
      query: OrderQuery,
      answer: OrderListResponse,
    },
    async ({ query, request }) => {
      const q = query;
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
      const sort = chosenSort(q, ORDER_SORT_FLAGS, 'order_by_age');
      return withOnDevice(
        await findOrders(
          app.db,
          viewer,
          { problemsOnly: isFlagOn(q.filter_problems), toPick: isFlagOn(q.to_pick) },
          { sort, limit: q.limit, page: q.page },
        ),
      );
    },
  );

  api.put(
    '/v1/order',
    {
      access: ORDER_ROLES,
      summary: 'Change exactly one of picker_issue, has_problem, picking_status_id, pickable',
      query: OrderIdQuery,
      body: OrderUpdateRequest,
      answer: OrderUpdateResponse,
    },
    async ({ query, body, change, request }) => {
      const orderId = query.order_id;
      await change((trx, ctx) => updateOrder(trx, ctx, orderId, body, isManager(request)));
      return { message: OrderMessages.updated, order: await orderFor(app, request, orderId) };
    },
  );

  api.get(
    '/v1/order/item',
    {
      access: ORDER_ROLES,
      summary: "An order's items, each with the locations holding it (route order)",
      query: OrderIdQuery,
      answer: OrderItemsResponse,
    },
    async ({ query, user, request }) => {
      const { companyId } = user;
      const orderId = query.order_id;
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

  api.get(
    '/v1/order/picking_status',
    { access: ORDER_ROLES, answer: PickingStatusesResponse },
    async () =>
      app.db
        .selectFrom('picking_statuses')
        .select(['id as picking_status_id', 'name as picking_status_name'])
        .orderBy('id')
        .execute(),
  );

  api.get('/v1/order/status', { access: ORDER_ROLES, answer: OrderStatusesResponse }, async () =>
    app.db
      .selectFrom('order_statuses')
      .select(['id as status_id', 'name as status_name'])
      .orderBy('id')
      .execute(),
  );
}
