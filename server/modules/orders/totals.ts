import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';
import type { Trx } from '../../write/context';

/**
 * An order's totals live on its row (item_count, ordered_total, picked_total), so reading orders —
 * the desk's lists, a device's pull — never sums order items. Every write that adds items or
 * changes their quantities writes the totals of its orders here, in the same transaction: the
 * totals are counted again from the order's own items (the order_id index keeps that to one
 * order's lots), so no writer has to get a difference right. The PostgreSQL run of picks adds its
 * sums instead (server/modules/orders/picking-many.ts): its statement cannot see its own updates.
 */
const itemsOf = sql`from order_items where order_items.order_id = orders.id`;

const TOTALS_FROM_ITEMS = {
  item_count: sql<number>`(select count(*) ${itemsOf})`,
  ordered_total: sql<number>`(select coalesce(sum(quantity_ordered), 0) ${itemsOf})`,
  picked_total: sql<number>`(select coalesce(sum(quantity_picked), 0) ${itemsOf})`,
};

/**
 * Writes the totals of these orders of the company from their items; with `stamp`, also
 * restamps them (their items changed on the floor: devices pull the new totals).
 */
export async function writeOrderTotals(
  db: Kysely<Database> | Trx,
  companyId: number,
  orderIds: readonly number[],
  stamp?: { version: number; now: string },
): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('orders')
    .set({ ...TOTALS_FROM_ITEMS, ...(stamp && { version: stamp.version, updated_at: stamp.now }) })
    .where('company_id', '=', companyId)
    .where('id', 'in', orderIds)
    .execute();
}

/**
 * The order's items changed: its totals are written and the order restamped, so devices pull the
 * new picked_total (prepared: a pushed batch runs it once per pick).
 */
export async function touchOrder(
  trx: Trx,
  companyId: number,
  orderId: number,
  version: number,
): Promise<void> {
  await touchOrderQuery(trx, { version, now: nowIso(), orderId, companyId });
}

const touchOrderQuery = prepared<Database, unknown, Record<string, unknown>>((db, $) =>
  db
    .updateTable('orders')
    .set({ ...TOTALS_FROM_ITEMS, version: $('version'), updated_at: $('now') })
    .where('id', '=', $('orderId'))
    .where('company_id', '=', $('companyId')),
);
