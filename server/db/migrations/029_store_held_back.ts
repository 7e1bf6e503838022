import { sql, type Kysely } from 'kysely';

/**
 * store_items.held_back: how much of what a person put on sale on this store the warehouse took
 * off because it could not be sold then (the stock sync lowering an offer to what is left, or the
 * store's own sale of an imported order). A cancelled order gives back up to that much, so an offer
 * goes back up after a cancellation but never above what a person put on sale. Editing the
 * quantity by hand sets it to 0 (the person's new choice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('store_items')
    .addColumn('held_back', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`held_back >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('store_items').dropColumn('held_back').execute();
}
