import { sql, type Kysely } from 'kysely';

/**
 * An order's totals (lots, pieces ordered, pieces picked) kept on its row: written whenever its
 * items change (server/modules/orders/totals.ts), so reading an order, a list of orders or a
 * device's pull of them never sums the company's whole order history.
 */
const TOTALS = ['item_count', 'ordered_total', 'picked_total'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of TOTALS) {
    await db.schema
      .alterTable('orders')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await sql`update orders set
    item_count = (select count(*) from order_items where order_items.order_id = orders.id),
    ordered_total = (select coalesce(sum(quantity_ordered), 0) from order_items
      where order_items.order_id = orders.id),
    picked_total = (select coalesce(sum(quantity_picked), 0) from order_items
      where order_items.order_id = orders.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of TOTALS) await db.schema.alterTable('orders').dropColumn(column).execute();
}
