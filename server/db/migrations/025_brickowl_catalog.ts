import type { Kysely } from 'kysely';
import { TIMESTAMP } from '../dialect';
import { index } from './domain-columns';

/**
 * What BrickOwl's own catalog says about BrickLink's ids (server/jobs/brickowl-map/,
 * docs/marketplaces.md), kept so an upload asks BrickOwl once per colour list and once per item:
 * - `brickowl_colours`: BrickOwl's colour list, one row per BrickLink colour id it names, with
 *   BrickOwl's colour id and name; every row of one reading carries its time (`refreshed_at`);
 * - `brickowl_items`: BrickOwl's answer to an id lookup of a BrickLink item number and type: the
 *   BOID, or null when BrickOwl knows no such item (asked again once `checked_at` is old).
 * Both are shared by every company: BrickOwl's catalog is the same for all stores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('brickowl_colours')
    .addColumn('bl_colour_id', 'integer', (c) => c.primaryKey())
    .addColumn('brickowl_colour_id', 'integer', (c) => c.notNull())
    .addColumn('brickowl_name', 'text', (c) => c.notNull())
    .addColumn('refreshed_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await index(db, 'brickowl_colours', ['brickowl_colour_id']);

  await db.schema
    .createTable('brickowl_items')
    .addColumn('bl_item_no', 'text', (c) => c.notNull())
    /** The BrickLink type letter: P, S, M, G, I, O. */
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('boid', 'text')
    .addColumn('checked_at', TIMESTAMP, (c) => c.notNull())
    .addPrimaryKeyConstraint('brickowl_items_pk', ['bl_item_no', 'item_type'])
    .execute();
  await index(db, 'brickowl_items', ['boid']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('brickowl_items').execute();
  await db.schema.dropTable('brickowl_colours').execute();
}
