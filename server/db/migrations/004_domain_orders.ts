import { sql, type Kysely } from 'kysely';
import { TIMESTAMP, withId } from '../dialect';
import {
  companyScoped,
  companyVersionIndex,
  dropTables,
  flag,
  index,
  money,
  userRef,
  versioned,
} from './domain-columns';

const PLATFORM = (col: string) => sql`${sql.ref(col)} in ('BRICKLINK', 'BRICKOWL')`;

/**
 * Company data of selling (orders and the marketplaces): stores, orders and their
 * items, issue reports, sync batches, store items, stock errors, settings and the sync log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await storesAndOrders(db);
  await issues(db);
  await marketplace(db);
}

async function storesAndOrders(db: Kysely<unknown>): Promise<void> {
  // credentials is the encrypted JSON of the platform's keys; never sent back in full.
  await withId(db, db.schema.createTable('stores'))
    .$call(companyScoped)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull().check(PLATFORM('platform')))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('credentials', 'text', (c) => c.notNull())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP)
    .addColumn('last_synced_at', TIMESTAMP)
    .execute();
  await index(db, 'stores', ['company_id']);

  // Orders from the marketplaces. item_count, ordered_total and picked_total are derived from
  // order_items. picking_status_id: 1 BEING_PICKED, 2 UNASSIGNED, 3 PAUSED, 4 PICKED.
  await withId(db, db.schema.createTable('orders'))
    .$call(companyScoped)
    .addColumn('store_id', 'integer', (c) => c.references('stores.id').onDelete('cascade'))
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('store_platform', 'text', (c) => c.notNull().check(PLATFORM('store_platform')))
    .addColumn('buyer_name', 'text')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('status_id', 'integer', (c) => c.notNull().references('order_statuses.id'))
    .addColumn('picking_status_id', 'integer', (c) =>
      c.notNull().defaultTo(2).references('picking_statuses.id'),
    )
    .$call(flag('has_problem', 0))
    .addColumn('picker_issue', 'text')
    .$call(flag('pickable', 1))
    .$call(userRef('claimed_by_user_id'))
    .addColumn('claimed_at', TIMESTAMP)
    .addColumn('updated_at', TIMESTAMP)
    .$call(versioned)
    .execute();
  await index(db, 'orders', ['company_id', 'store_platform', 'order_number'], {
    unique: true,
    suffix: 'number',
  });
  await index(db, 'orders', ['company_id', 'picking_status_id']);
  await index(db, 'orders', ['company_id', 'created_at']);
  await companyVersionIndex(db, 'orders');

  // One row per item of an order. Picking more than ordered is allowed (the bar turns yellow),
  // a negative picked quantity never.
  await withId(db, db.schema.createTable('order_items'))
    .$call(companyScoped)
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('quantity_ordered', 'integer', (c) => c.notNull().check(sql`quantity_ordered >= 0`))
    .addColumn('quantity_picked', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`quantity_picked >= 0`),
    )
    .addColumn('private_note', 'text')
    .addColumn('public_note', 'text')
    .$call(money('unit_price', true))
    .addColumn('updated_at', TIMESTAMP)
    .$call(versioned)
    .execute();
  await index(db, 'order_items', ['order_id', 'item_id'], { unique: true });
  await index(db, 'order_items', ['item_id']);
  await companyVersionIndex(db, 'order_items');
}

async function issues(db: Kysely<unknown>): Promise<void> {
  // Issue reports. manager_id: 1 Warehouse manager, 2 Order manager, 3 both.
  await withId(db, db.schema.createTable('issues'))
    .$call(companyScoped)
    .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('manager_id', 'integer', (c) => c.notNull().check(sql`manager_id in (1, 2, 3)`))
    .$call(flag('solved', 0))
    .addColumn('creation_date', TIMESTAMP, (c) => c.notNull())
    .$call(userRef('reporter_user_id'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('tray_id', 'integer', (c) => c.references('trays.id').onDelete('set null'))
    .addColumn('solved_at', TIMESTAMP)
    .$call(userRef('solved_by_user_id'))
    .$call(versioned)
    .execute();
  await index(db, 'issues', ['company_id', 'manager_id', 'solved']);
  await companyVersionIndex(db, 'issues');
}

async function marketplace(db: Kysely<unknown>): Promise<void> {
  // Sync batches (imported from BSX, priced, uploaded). The upload runs as a job: status moves
  // new -> uploading -> uploaded | failed; locked_by/locked_until claim it for one server.
  await withId(db, db.schema.createTable('sync_batches'))
    .$call(companyScoped)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('comments', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date_of_creation', TIMESTAMP, (c) => c.notNull())
    .$call(userRef('creator_user_id'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('new')
        .check(sql`status in ('new', 'uploading', 'uploaded', 'failed')`),
    )
    .addColumn('uploaded_at', TIMESTAMP)
    .addColumn('error', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', TIMESTAMP)
    .execute();
  await index(db, 'sync_batches', ['company_id', 'date_of_creation']);
  await index(db, 'sync_batches', ['status']);

  await withId(db, db.schema.createTable('sync_batch_items'))
    .$call(companyScoped)
    .addColumn('sync_batch_id', 'integer', (c) =>
      c.notNull().references('sync_batches.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('bl_item_id', 'text') // as imported from the BSX file
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .$call(money('price'))
    .addColumn('note_private', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note_public', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('uploaded_at', TIMESTAMP)
    .execute();
  await index(db, 'sync_batch_items', ['sync_batch_id']);
  await index(db, 'sync_batch_items', ['company_id']);

  // An item listed in a store. tier_price is 'Q1:P1,Q2:P2,Q3:P3' with prices in thousandths;
  // the total quantity is derived from location_content.
  await withId(db, db.schema.createTable('store_items'))
    .$call(companyScoped)
    .addColumn('store_id', 'integer', (c) =>
      c.notNull().references('stores.id').onDelete('cascade'),
    )
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
    .addColumn('external_lot_id', 'text')
    .addColumn('store_quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`store_quantity >= 0`),
    )
    .$call(money('store_price'))
    .addColumn('tier_price', 'text')
    .addColumn('bulk_size', 'integer', (c) => c.check(sql`bulk_size is null or bulk_size >= 1`))
    .addColumn('note_public', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note_private', 'text', (c) => c.notNull().defaultTo(''))
    .$call(flag('needs_upload', 0))
    .addColumn('synced_at', TIMESTAMP)
    .addColumn('updated_at', TIMESTAMP)
    .execute();
  await index(db, 'store_items', ['store_id', 'item_id'], { unique: true });
  await index(db, 'store_items', ['company_id', 'id']);
  await index(db, 'store_items', ['item_id']);

  await withId(db, db.schema.createTable('stock_item_errors'))
    .$call(companyScoped)
    .addColumn('store_id', 'integer', (c) => c.references('stores.id').onDelete('cascade'))
    .addColumn('store_item_id', 'integer', (c) =>
      c.references('store_items.id').onDelete('set null'),
    )
    .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('set null'))
    .addColumn('description', 'text', (c) => c.notNull())
    .$call(flag('is_resolved', 0))
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('resolved_at', TIMESTAMP)
    .execute();
  await index(db, 'stock_item_errors', ['company_id', 'is_resolved']);

  await withId(db, db.schema.createTable('settings'))
    .$call(companyScoped)
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', TIMESTAMP)
    .execute();
  await index(db, 'settings', ['company_id', 'key'], { unique: true });

  // The marketplace sync log (GET /v2/log_entries, newest first).
  await withId(db, db.schema.createTable('log_entries'))
    .$call(companyScoped)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('level', 'text', (c) =>
      c.notNull().check(sql`level in ('debug', 'info', 'warning', 'error')`),
    )
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('store_id', 'integer', (c) => c.references('stores.id').onDelete('set null'))
    .addColumn('context', 'text') // JSON
    .execute();
  await index(db, 'log_entries', ['company_id', 'created_at']);
}

export const ORDER_TABLES = [
  'log_entries',
  'settings',
  'stock_item_errors',
  'store_items',
  'sync_batch_items',
  'sync_batches',
  'issues',
  'order_items',
  'orders',
  'stores',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropTables(db, ORDER_TABLES);
}
