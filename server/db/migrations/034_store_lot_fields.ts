import { sql, type Kysely } from 'kysely';

/**
 * What a store's lot carries besides quantity, price, tiers, bulk and notes, as a sync batch's lot
 * brings it (027 keeps the same on sync_batch_items) and the upload and stock sync send it:
 * - `sale_rate`: percent off, -99 to 100 (0: none);
 * - `retain` (0/1): the lot stays on the marketplace at quantity 0 instead of being deleted;
 * - `stockroom` (A, B, C; null: for sale): BrickLink's stockroom; the lot is never on public sale
 *   (on BrickOwl, which has no stockroom, it is kept off sale).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const items = () => db.schema.alterTable('store_items');
  await items()
    .addColumn('sale_rate', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`sale_rate between -99 and 100`),
    )
    .execute();
  await items()
    .addColumn('retain', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`retain in (0, 1)`),
    )
    .execute();
  await items()
    .addColumn('stockroom', 'text', (c) => c.check(sql`stockroom in ('A', 'B', 'C')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['stockroom', 'retain', 'sale_rate']) {
    await db.schema.alterTable('store_items').dropColumn(column).execute();
  }
}
