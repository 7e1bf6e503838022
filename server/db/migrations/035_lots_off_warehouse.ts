import { sql, type Kysely } from 'kysely';
import { TIMESTAMP, withId } from '../dialect';
import { companyScoped, index, money, userRef } from './domain-columns';

/**
 * Lots whose stock the warehouse does not hold in its locations (docs/marketplaces.md, "Stock kept
 * elsewhere" and "Stock check"):
 *
 * - `store_items.stock_elsewhere` (0/1): the lot was put on the store while the warehouse held none
 *   of its item in its locations. The stock sync never lowers such a lot to the warehouse's stock;
 *   a sale on another store lowers it by what was sold. Store items already there count as stock
 *   kept elsewhere when the stock sync left them alone until now: the warehouse has no stock row
 *   of the item and never sold it.
 * - `store_unknown_lots`: lots the stock check found on a store that the warehouse does not know
 *   (no store item holds their lot id), each waiting for a person to adopt it (it becomes a store
 *   item) or to remove it from the store (`removing` until the stock sync has deleted it). What the
 *   lot is (BrickLink item number and type letter, or BrickOwl's BOID; the marketplace's colour id;
 *   the condition) is kept to find the warehouse's item when it is adopted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('store_items')
    .addColumn('stock_elsewhere', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock_elsewhere in (0, 1)`),
    )
    .execute();
  await sql`update store_items set stock_elsewhere = 1
    where not exists (select 1 from location_content lc
      where lc.item_id = store_items.item_id and lc.company_id = store_items.company_id)
    and not exists (select 1 from order_items oi
      where oi.item_id = store_items.item_id and oi.company_id = store_items.company_id)`.execute(
    db,
  );

  await withId(db, db.schema.createTable('store_unknown_lots'))
    .$call(companyScoped)
    .addColumn('store_id', 'integer', (c) =>
      c.notNull().references('stores.id').onDelete('cascade'),
    )
    .addColumn('external_lot_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'removing', 'adopted', 'removed')`),
    )
    .addColumn('words', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('set null'))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(money('price'))
    .addColumn('bl_item_no', 'text')
    .addColumn('item_type', 'text')
    .addColumn('boid', 'text')
    .addColumn('colour_id', 'integer')
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('note_public', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note_private', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('error', 'text')
    .addColumn('found_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('seen_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('resolved_at', TIMESTAMP)
    .$call(userRef('resolved_by_user_id'))
    .execute();
  await index(db, 'store_unknown_lots', ['store_id', 'external_lot_id'], { unique: true });
  await index(db, 'store_unknown_lots', ['company_id', 'status']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('store_unknown_lots').execute();
  await db.schema.alterTable('store_items').dropColumn('stock_elsewhere').execute();
}
