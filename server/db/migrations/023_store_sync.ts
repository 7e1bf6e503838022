import { sql, type Kysely } from 'kysely';

/**
 * Sending stock and price changes to the stores (server/jobs/stock-sync/, docs/marketplaces.md).
 * A store item is one lot on a marketplace:
 * - `store_quantity` is what the warehouse wants on sale there;
 * - `listed_quantity` is what the marketplace holds as far as the warehouse knows (sales imported
 *   by order intake lower both);
 * - `sending_quantity` is set while a quantity change is on its way: a change whose answer was
 *   lost is checked on the marketplace before anything is sent again;
 * - `change_seq` grows with every change, so a change made while an older one was being sent is
 *   never marked as sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('store_items')
    .addColumn('listed_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('store_items').addColumn('sending_quantity', 'integer').execute();
  await db.schema
    .alterTable('store_items')
    .addColumn('change_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Lots uploaded before hold what the warehouse put on sale.
  await sql`update store_items set listed_quantity = store_quantity where external_lot_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['change_seq', 'sending_quantity', 'listed_quantity']) {
    await db.schema.alterTable('store_items').dropColumn(column).execute();
  }
}
