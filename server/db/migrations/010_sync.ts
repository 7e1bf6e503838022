import type { Kysely } from 'kysely';
import { TIMESTAMP } from '../dialect';

/**
 * The offline sync protocol's bookkeeping (docs/offline.md): which outbox mutations were
 * processed (the idempotency record), each device's highest seq, the per-company version counter
 * every synced row is stamped with, and tombstones of deleted synced rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('applied_mutations')
    // The client's mutation UUID: the primary key makes "apply exactly once" a database rule.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) =>
      c.notNull().references('companies.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('message', 'text')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('applied_mutations_device_idx')
    .on('applied_mutations')
    .columns(['company_id', 'device_id', 'seq'])
    .execute();

  await db.schema
    .createTable('sync_devices')
    .addColumn('device_id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .addColumn('updated_at', TIMESTAMP, (c) => c.notNull())
    .execute();

  // company_id 0 is the shared scope (data every company sees, e.g. the catalog).
  await db.schema
    .createTable('company_sync_versions')
    .addColumn('company_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sync_tombstones')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('row_key', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sync_tombstones_cursor_idx')
    .on('sync_tombstones')
    .columns(['company_id', 'collection', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'sync_tombstones',
    'company_sync_versions',
    'sync_devices',
    'applied_mutations',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
