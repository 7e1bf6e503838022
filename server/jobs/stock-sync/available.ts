import { sql, type Kysely, type Transaction } from 'kysely';
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
 * putting stock on sale is a person's choice (a sync batch, or Edit prices). Lots of stock kept
 * elsewhere (`stock_elsewhere`: put on the store while the warehouse held none of the item in its
 * locations) are left as they are: the warehouse's stock says nothing of them, and a sale lowers
 * them by what was sold (lowerOtherStores). Answers how many store items were lowered.
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
    .where('si.stock_elsewhere', '=', 0)
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

/**
 * 1 when the warehouse holds none of the item in its locations, else 0: a lot put on a store then
 * is stock kept elsewhere (store_items.stock_elsewhere), a lot put there while the warehouse holds
 * some is the warehouse's own stock. For a store item's insert.
 */
export function holdsNone(companyId: number, itemId: number) {
  return sql<0 | 1>`case when coalesce((select sum(lc.quantity) from location_content lc
    where lc.company_id = ${companyId} and lc.item_id = ${itemId}), 0) > 0 then 0 else 1 end`;
}

/**
 * A sale of `quantity` of an item on one store, as order intake imports it: every other store's
 * lot of that item that is stock kept elsewhere is lowered by what was sold (not below 0) and
 * waits to be sent, and what was taken off is kept in `held_back`, so a cancelled order gives it
 * back. The selling store's own lot already lost it on the marketplace. Lots of the warehouse's
 * own stock are left to lowerToSellable, which lowers them to what the warehouse can still sell.
 */
export async function lowerOtherStores(
  trx: Transaction<Database>,
  companyId: number,
  sellingStoreId: number,
  itemId: number,
  quantity: number,
  now: string,
): Promise<void> {
  const taken = sql<number>`case when store_quantity < ${quantity} then store_quantity else ${quantity} end`;
  await trx
    .updateTable('store_items')
    .set((eb) => ({
      held_back: eb('held_back', '+', taken),
      store_quantity: eb('store_quantity', '-', taken),
      ...toSend(eb, now),
    }))
    .where('company_id', '=', companyId)
    .where('item_id', '=', itemId)
    .where('store_id', '<>', sellingStoreId)
    .where('stock_elsewhere', '=', 1)
    .where('store_quantity', '>', 0)
    .execute();
}
