import { sql, type Kysely } from 'kysely';

/**
 * A sync batch keeps every field of a BrickStore lot the warehouse can hold, so a file imported
 * and exported again is the same file for those fields (docs/bricksyncer.md):
 * - `bl_colour_id`: the lot's BrickLink colour as imported (0 for sets, minifigures and other
 *   items without a colour; the warehouse item still needs a colour of its own);
 * - `tier_price`: 'Q1:P1,Q2:P2,Q3:P3' (one to three tiers, prices in thousandths), null for none;
 * - `bulk_size` (1: any quantity), `sale_rate` (percent off, -99 to 100), `retain` (0/1),
 *   `stockroom` (A, B, C; null: for sale).
 * A batch keeps its file's currency and, while a large import is still adding lots,
 * `lots_expected`: how many it will hold (null once complete).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const items = () => db.schema.alterTable('sync_batch_items');
  await items().addColumn('bl_colour_id', 'integer').execute();
  await items().addColumn('tier_price', 'text').execute();
  await items()
    .addColumn('bulk_size', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`bulk_size >= 1`),
    )
    .execute();
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
  await db.schema
    .alterTable('sync_batches')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('EUR'))
    .execute();
  await db.schema
    .alterTable('sync_batches')
    .addColumn('lots_expected', 'integer', (c) => c.check(sql`lots_expected >= 1`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['lots_expected', 'currency']) {
    await db.schema.alterTable('sync_batches').dropColumn(column).execute();
  }
  for (const column of [
    'stockroom',
    'retain',
    'sale_rate',
    'bulk_size',
    'tier_price',
    'bl_colour_id',
  ]) {
    await db.schema.alterTable('sync_batch_items').dropColumn(column).execute();
  }
}
