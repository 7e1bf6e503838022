import {
  nextStop as routeNextStop,
  type NextStopInput,
  type RouteItem as OrderItemQuantities,
  type RouteStock,
  type Stop,
} from '../../../contract/location-route';

export type { Stop, StopItem } from '../../../contract/location-route';

/** An order item as pulled (collection `order_items`; `id` is the order item's id). */
export interface RouteItem extends OrderItemQuantities {
  id: number;
}

/** Stock of an item at a location (collection `location_content`). */
export type StockRow = RouteStock;

/**
 * The local GET /order/next: the route's rule (contract/location-route.ts), with the stop's items
 * listed by order item id as the server lists them.
 */
export function nextStop<T extends RouteItem>(input: NextStopInput<T>): Stop<T> | null {
  return routeNextStop({ ...input, items: [...input.items].sort((a, b) => a.id - b.id) });
}
