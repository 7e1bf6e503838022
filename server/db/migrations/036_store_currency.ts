import { sql, type Kysely } from 'kysely';
import { TIMESTAMP } from '../dialect';

const GUIDE_KEY = ['item_type', 'bl_item_no', 'bl_colour_id', 'condition', 'guide_type'];

/** price_guides as 030 made it, under `name`, its primary key `pk` over `key`. */
async function guidesTable(db: Kysely<unknown>, name: string, pk: string, key: string[]) {
  await db.schema
    .createTable(name)
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
    .addPrimaryKeyConstraint(pk, key as never)
    .execute();
}

/** Moves the kept guides into a table whose primary key is `key` (the table is made anew). */
async function rekeyGuides(db: Kysely<unknown>, pk: string, key: string[]): Promise<void> {
  await guidesTable(db, 'price_guides_next', pk, key);
  await sql`insert into price_guides_next select item_type, bl_item_no, bl_colour_id, condition,
    guide_type, found, currency_code, min_price, avg_price, max_price, qty_avg_price,
    unit_quantity, total_quantity, fetched_at from price_guides`.execute(db);
  await db.schema.dropTable('price_guides').execute();
  await sql`alter table price_guides_next rename to price_guides`.execute(db);
}

/**
 * Currencies (docs/bricksyncer-admin.md, docs/marketplaces.md):
 * - `stores.currency`: the ISO code the store sells in (EUR for every store so far). A sync
 *   batch (which keeps its file's currency, 027) is uploaded only to stores of its currency.
 * - `price_guides` is kept per currency too: its key gains `currency_code`, so a guide asked in
 *   USD for a store in dollars and one in EUR for a store in euro are kept side by side. The
 *   table is made anew with the wider key (SQLite cannot change a primary key), its rows kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('stores')
    .addColumn('currency', 'text', (c) =>
      c
        .notNull()
        .defaultTo('EUR')
        .check(sql`length(currency) = 3`),
    )
    .execute();
  await rekeyGuides(db, 'price_guides_currency_pk', [...GUIDE_KEY, 'currency_code']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to one guide per key: the euro one, as before.
  await sql`delete from price_guides where currency_code <> 'EUR'`.execute(db);
  await rekeyGuides(db, 'price_guides_pk', GUIDE_KEY);
  await db.schema.alterTable('stores').dropColumn('currency').execute();
}
