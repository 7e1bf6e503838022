import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { nextVersion } from '../../sync';
import { writeOrderTotals } from '../../modules/orders/totals';
import { lowerOtherStores, queueStockSyncs } from '../stock-sync';
import { storeClient } from '../store-client';
import { JobFailure, type JobContext } from '../types';
import { findItem, type OrderLine } from './catalog';
import { listStoreOrders, type MarketOrder } from './market';
import { refreshStatuses } from './status';

export const ORDER_INTAKE = 'order_intake';

/**
 * Imports a store's new open orders and their items, so that they appear for picking. An order
 * already imported is skipped without reading its items (it is one order however often it is
 * read); lines the warehouse cannot map to one of its items mark the order as having a problem.
 * Then brings the store's orders imported before, and still open in the warehouse, up to their
 * status on the store (a cancelled one stops being picked: see refreshStatuses).
 */
export async function runOrderIntake(ctx: JobContext): Promise<void> {
  const { db, job } = ctx;
  if (job.store_id === null) throw new JobFailure('The order intake has no store');
  const storeId = job.store_id;
  await ctx.progress('Connecting to the store', 0, 0);
  const client = await storeClient(db, ctx.clients, job.company_id, storeId);
  const listing = await listStoreOrders(client);
  const orders = listing.open;
  const known = new Set(
    orders.length === 0
      ? []
      : (
          await db
            .selectFrom('orders')
            .select('order_number')
            .where('company_id', '=', job.company_id)
            .where('store_platform', '=', client.platform)
            .where(
              'order_number',
              'in',
              orders.map((o) => o.number),
            )
            .execute()
        ).map((r) => r.order_number),
  );
  // Oldest first, so the warehouse's order of orders follows the store's.
  const fresh = orders
    .filter((o) => !known.has(o.number))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const statuses = new Map(
    (await db.selectFrom('order_statuses').select(['id', 'name']).execute()).map((s) => [
      s.name,
      Number(s.id),
    ]),
  );
  await ctx.progress('Importing orders', 0, fresh.length);
  for (const [n, order] of fresh.entries()) {
    if (ctx.signal.aborted) return;
    const lines = await order.lines();
    await importOrder(db, job.company_id, storeId, client.platform, order, lines, statuses);
    await ctx.progress('Importing orders', n + 1, fresh.length);
  }
  // What the new orders hold back can no longer be offered on the other stores.
  if (fresh.length > 0) await queueStockSyncs(db, job.company_id, null);
  const { changed, gaveBack } = await refreshStatuses(ctx, client, listing.statuses, statuses);
  // A cancelled order gave its stock back: every store may offer it again.
  if (gaveBack) await queueStockSyncs(db, job.company_id, null);
  if (ctx.signal.aborted) return;
  const done = fresh.length + changed;
  await ctx.progress(
    changed === 0
      ? 'Orders imported'
      : `Orders imported: ${fresh.length} new, ${changed} changed on the store`,
    done,
    done,
  );
}

async function importOrder(
  db: Kysely<Database>,
  companyId: number,
  storeId: number,
  platform: 'BRICKLINK' | 'BRICKOWL',
  order: MarketOrder,
  lines: OrderLine[],
  statuses: Map<string, number>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const version = await nextVersion(trx, companyId);
    const byItem = new Map<number, { quantity: number; unitPrice: number }>();
    const unknown: string[] = [];
    for (const line of lines) {
      const itemId = await findItem(trx, companyId, storeId, platform, line);
      if (itemId === undefined) {
        unknown.push(`${line.label} × ${line.quantity}`);
        continue;
      }
      const seen = byItem.get(itemId);
      byItem.set(itemId, {
        quantity: (seen?.quantity ?? 0) + line.quantity,
        unitPrice: line.unitPrice,
      });
    }
    const now = nowIso();
    const row = await trx
      .insertInto('orders')
      .values({
        company_id: companyId,
        store_id: storeId,
        order_number: order.number,
        store_platform: platform,
        buyer_name: order.buyer,
        created_at: order.date,
        status_id: statuses.get(order.status) ?? statuses.get('PENDING')!,
        has_problem: unknown.length > 0 ? 1 : 0,
        picker_issue:
          unknown.length > 0 ? `Not in the warehouse's items: ${unknown.join(', ')}` : null,
        claimed_by_user_id: null,
        claimed_at: null,
        updated_at: now,
        version,
      })
      .onConflict((oc) => oc.columns(['company_id', 'store_platform', 'order_number']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row || byItem.size === 0) return; // imported meanwhile by another run
    // The store took the sold quantity off its lots itself: the warehouse's record follows.
    for (const [itemId, l] of byItem) {
      const less = (column: 'store_quantity' | 'listed_quantity') =>
        sql<number>`case when ${sql.ref(column)} > ${l.quantity} then ${sql.ref(column)} - ${l.quantity} else 0 end`;
      await trx
        .updateTable('store_items')
        .set({
          store_quantity: less('store_quantity'),
          listed_quantity: less('listed_quantity'),
          updated_at: now,
        })
        .where('store_id', '=', storeId)
        .where('item_id', '=', itemId)
        .execute();
      // Stock kept elsewhere: the other stores' lots lose what was sold, as the sold lot did.
      await lowerOtherStores(trx, companyId, storeId, itemId, l.quantity, now);
    }
    await trx
      .insertInto('order_items')
      .values(
        [...byItem].map(([item_id, l]) => ({
          company_id: companyId,
          order_id: row.id,
          item_id,
          quantity_ordered: l.quantity,
          private_note: null,
          public_note: null,
          unit_price: l.unitPrice,
          updated_at: now,
          version,
        })),
      )
      .execute();
    await writeOrderTotals(trx, companyId, [row.id]);
  });
}
