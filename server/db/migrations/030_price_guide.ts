import { sql, type Kysely } from 'kysely';
import { TIMESTAMP } from '../dialect';

/**
 * `price_guides`: BrickLink's price guide of an item in one colour and condition, as last read
 * (server/modules/price-guide/, docs/marketplaces.md), kept for a day so that a guide costs one
 * call of the store's daily budget a day however often it is shown. One row per item type letter,
 * BrickLink item number, BrickLink colour id, condition (`N`/`U`) and guide (`sold`: the last six
 * months' sales, `stock`: the lots for sale now). Prices are thousandths of `currency_code`.
 * `found` is 0 when BrickLink has no such item (kept too, so asking again costs nothing that day).
 * Shared by every company: the guide is BrickLink's, the same for every store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('price_guides')
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('bl_item_no', 'text', (c) => c.notNull())
    .addColumn('bl_colour_id', 'integer', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull().check(sql`condition in ('N', 'U')`))
    .addColumn('guide_type', 'text', (c) => c.notNull().check(sql`guide_type in ('sold', 'stock')`))
    .addColumn('found', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('min_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avg_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('qty_avg_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unit_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fetched_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('price_guides_pk', [
      'item_type',
      'bl_item_no',
      'bl_colour_id',
      'condition',
      'guide_type',
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('price_guides').execute();
}
