import type { Kysely } from 'kysely';
import { TIMESTAMP, withId } from '../dialect';
import { index } from './domain-columns';

/**
 * Background jobs (server/jobs/, docs/marketplaces.md): uploads to the marketplaces and order
 * intake. A job is claimed by one server at a time with a lease (`lease_until`) it renews while
 * working; a job whose lease lapsed is claimed again and continues from its items' states.
 * `job_items` holds one row per lot of an upload, with what happened to it (an item marked `sent`
 * may have reached the marketplace and is checked there before anything is sent again).
 * `marketplace_call_counts` keeps each store's BrickLink calls of the day, shared by all servers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('jobs'))
    .addColumn('company_id', 'integer', (c) =>
      c.notNull().references('companies.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('store_id', 'integer', (c) => c.references('stores.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('stage', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('run_after', TIMESTAMP, (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', TIMESTAMP)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by_user_id', 'integer', (c) =>
      c.references('users.id').onDelete('set null'),
    )
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('finished_at', TIMESTAMP)
    .execute();
  await index(db, 'jobs', ['status', 'run_after']);
  await index(db, 'jobs', ['company_id', 'kind', 'status']);

  await withId(db, db.schema.createTable('job_items'))
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addColumn('sync_batch_item_id', 'integer')
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('marketplace_lot_id', 'text')
    .addColumn('error', 'text')
    .addColumn('updated_at', TIMESTAMP)
    .execute();
  await index(db, 'job_items', ['job_id', 'state']);

  await db.schema
    .createTable('marketplace_call_counts')
    .addColumn('store_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('marketplace_call_counts_pk', ['store_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('marketplace_call_counts').execute();
  await db.schema.dropTable('job_items').execute();
  await db.schema.dropTable('jobs').execute();
}
