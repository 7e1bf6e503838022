import { nextStop as routeNextStop } from '../../../contract/location-route';
import { OrderMessages, type NextResponse } from '../../../contract/orders';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import type { Kysely } from 'kysely';
import { findOrderItems, stockOf } from './queries';
import { mustBeCompanyRow } from '../../write/company-row';
import { loadRoute } from '../locations/route';

/**
 * GET /order/next: the next location along the route that holds an item of the order still to
 * pick, starting at the picker's current location and wrapping around to the start of the route;
 * skipped items are left out (the rule is contract/location-route.ts nextStop, which the device
 * follows offline too). null when nothing is left (the route answers 210).
 */
export async function nextStop(
  db: Kysely<Database>,
  companyId: number,
  orderId: number,
  fromLocationId: number | undefined,
  skipped: Set<number>,
): Promise<NextResponse | null> {
  await mustBeCompanyRow(db, 'orders', companyId, orderId, () =>
    notFound(OrderMessages.orderNotFound),
  );

  const items = (await findOrderItems(db, companyId, orderId)).filter(
    (i) => i.quantity_ordered > i.quantity_picked && !skipped.has(i.item_id),
  );
  const stock = await stockOf(
    db,
    companyId,
    items.map((i) => i.item_id),
  );
  if (stock.length === 0) return null;
  const stop = routeNextStop({
    items,
    stock,
    // Only the stops and the picker's location with their ancestors: enough for the route order.
    route: await loadRoute(db, companyId, [
      ...stock.map((s) => s.location_id),
      ...(fromLocationId === undefined ? [] : [fromLocationId]),
    ]),
    from: fromLocationId,
    skipped,
  });
  if (!stop) return null;
  const { items: order_items, ...where } = stop;
  return { ...where, order: order_items };
}
