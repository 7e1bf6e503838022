import { sql, type Kysely } from 'kysely';
import { PickingStatus } from '../../../contract/orders';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { toSend } from './items';

/** Marketplace statuses of orders that no longer hold stock back (sent, or never to be sent). */
const CLOSED_ORDER_STATUSES = ['SHIPPED', 'RECEIVED', 'COMPLETED', 'CANCELLED'];

/**
 * Lowers what a store offers to what the warehouse can still sell: the stock in its locations less
 * what open orders still wait to have picked. Run before a store's changes are sent, so a sale on
 * one store, or stock picked for any order, lowers the other stores' lots. Never raises an offer:
 * putting stock on sale is a person's choice (a sync batch, or Edit prices). Items the warehouse
 * does not keep in its locations and never sold (lots uploaded from a file of stock kept
 * elsewhere) are left as they are. Answers how many store items were lowered.
 */
export async function lowerToSellable(
  db: Kysely<Database>,
  companyId: number,
  storeId: number,
): Promise<number> {
  const stock = db
    .selectFrom('location_content')
    .select(['item_id', sql<string>`sum(quantity)`.as('n')])
    .where('company_id', '=', companyId)
    .groupBy('item_id');
  const held = db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .innerJoin('order_statuses as st', 'st.id', 'o.status_id')
    .select([
      'oi.item_id',
      sql<string>`sum(case when oi.quantity_ordered > oi.quantity_picked then oi.quantity_ordered - oi.quantity_picked else 0 end)`.as(
        'n',
      ),
    ])
    .where('oi.company_id', '=', companyId)
    .where('o.picking_status_id', '<>', PickingStatus.PICKED)
    .where('st.name', 'not in', CLOSED_ORDER_STATUSES)
    .groupBy('oi.item_id');
  const over = await db
    .selectFrom('store_items as si')
    .leftJoin(stock.as('stock'), 'stock.item_id', 'si.item_id')
    .leftJoin(held.as('held'), 'held.item_id', 'si.item_id')
    .select(['si.id', 'si.store_quantity', 'stock.n as stock', 'held.n as held'])
    .where('si.company_id', '=', companyId)
    .where('si.store_id', '=', storeId)
    .where((w) =>
      w.or([
        w('stock.item_id', 'is not', null),
        w.exists(
          w
            .selectFrom('order_items as sold')
            .select('sold.id')
            .whereRef('sold.item_id', '=', 'si.item_id')
            .where('sold.company_id', '=', companyId),
        ),
      ]),
    )
    .execute();
  const lower = over
    .map((r) => ({
      id: Number(r.id),
      to: Math.max(Number(r.stock ?? 0) - Number(r.held ?? 0), 0),
      from: Number(r.store_quantity),
    }))
    .filter((r) => r.from > r.to);
  if (lower.length === 0) return 0;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const r of lower) {
      await trx
        .updateTable('store_items')
        .set((eb) => ({
          store_quantity: r.to,
          // Remembered, so a cancelled order can give it back (givesBackCancelled).
          held_back: eb('held_back', '+', r.from - r.to),
          ...toSend(eb, now),
        }))
        .where('id', '=', r.id)
        .execute();
    }
  });
  return lower.length;
}
