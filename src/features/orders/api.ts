import type {
  OrderItemsResponse,
  OrderListResponse,
  OrderSortFlag,
  OrderUpdateRequest,
  OrderUpdateResponse,
} from '../../../contract/orders';
import { ORDERS_PER_PAGE } from '../../../contract/orders';
import { api } from '../../api/client';

/** The online calls of the order manager's and the order detail screens (docs/picking.md). */

export interface OrderListParams {
  sort: OrderSortFlag;
  page: number;
  problemsOnly: boolean;
}

export function fetchOrders({ sort, page, problemsOnly }: OrderListParams) {
  const searchParams = new URLSearchParams({
    limit: String(ORDERS_PER_PAGE),
    page: String(page),
    [sort]: '1',
  });
  if (problemsOnly) searchParams.set('filter_problems', '1');
  return api.get('v1/order', { searchParams }).json<OrderListResponse>();
}

export function fetchOrder(orderId: number) {
  return api
    .get('v1/order', { searchParams: { order_id: orderId } })
    .json<OrderListResponse>()
    .then((r) => r.results[0]);
}

export function fetchOrderItems(orderId: number) {
  return api
    .get('v1/order/item', { searchParams: { order_id: orderId } })
    .json<OrderItemsResponse>()
    .then((r) => r.results);
}

/** PUT /v1/order with exactly one field. */
export function updateOrder(orderId: number, change: OrderUpdateRequest) {
  return api
    .put('v1/order', { searchParams: { order_id: orderId }, json: change })
    .json<OrderUpdateResponse>();
}
