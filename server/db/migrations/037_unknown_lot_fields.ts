import { sql, type Kysely } from 'kysely';

/**
 * What a lot the warehouse does not know carries besides quantity, price and notes, as its store
 * lists it: tiers ('Q1:P1,…', prices in thousandths), bulk, sale, retain and stockroom (BrickOwl:
 * a lot not for sale keeps stockroom A, as the upload sends a stockroom lot there). Adopting the
 * lot gives its store item the same, so the stock sync, which sends them with every change, keeps
 * them (store_items has these since 034).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const lots = () => db.schema.alterTable('store_unknown_lots');
  await lots().addColumn('tier_price', 'text').execute();
  await lots()
    .addColumn('bulk_size', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`bulk_size >= 1`),
    )
    .execute();
  await lots()
    .addColumn('sale_rate', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await lots()
    .addColumn('retain', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`retain in (0, 1)`),
    )
    .execute();
  await lots()
    .addColumn('stockroom', 'text', (c) => c.check(sql`stockroom in ('A', 'B', 'C')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['stockroom', 'retain', 'sale_rate', 'bulk_size', 'tier_price']) {
    await db.schema.alterTable('store_unknown_lots').dropColumn(column).execute();
  }
}
