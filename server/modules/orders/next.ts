import type { Kysely } from 'kysely';
import { OrderMessages, type NextResponse } from '../../../contract/orders';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { findOrderItems, stockOf } from './queries';
import { loadTree } from './tree';

/**
 * GET /order/next: the next location along the route (see LocationTree) that holds an item of the
 * order still to pick, starting at the picker's current location and wrapping around to the start
 * of the route; skipped items are left out. null when nothing is left (the route answers 210).
 */
export async function nextStop(
  db: Kysely<Database>,
  companyId: number,
  orderId: number,
  fromLocationId: number | undefined,
  skipped: Set<number>,
): Promise<NextResponse | null> {
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!order) throw notFound(OrderMessages.orderNotFound);

  const items = (await findOrderItems(db, companyId, orderId)).filter(
    (i) => i.quantity_ordered > i.quantity_picked && !skipped.has(i.item_id),
  );
  const stock = await stockOf(
    db,
    companyId,
    items.map((i) => i.item_id),
  );
  if (stock.length === 0) return null;
  const tree = await loadTree(db, companyId);
  const stops = [...new Set(stock.map((s) => s.location_id))].sort(
    (a, b) => tree.routeRank(a) - tree.routeRank(b) || a - b,
  );
  const from = fromLocationId !== undefined ? tree.routeRank(fromLocationId) : -1;
  const stop = stops.find((id) => tree.routeRank(id) >= from) ?? stops[0];
  const here = stock.filter((s) => s.location_id === stop);
  return {
    location_id: stop,
    location_name: tree.crumb(stop),
    code: tree.get(stop)?.code ?? '',
    order: items
      .filter((i) => here.some((s) => s.item_id === i.item_id))
      .map((i) => ({
        ...i,
        stock: here.find((s) => s.item_id === i.item_id)!.quantity,
        to_pick: i.quantity_ordered - i.quantity_picked,
      })),
  };
}
