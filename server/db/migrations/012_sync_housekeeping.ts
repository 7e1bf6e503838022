import { sql, type Kysely } from 'kysely';

/**
 * Sync housekeeping (server/sync/housekeeping.ts): tombstones get the time they were written, so
 * old ones can be pruned; each company's counter row keeps the highest version whose tombstones
 * may be gone (`pruned_version`), so a device with an older cursor is told to pull afresh; and
 * both bookkeeping tables get an index on their age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sync_tombstones').addColumn('created_at', 'text').execute();
  await sql`update sync_tombstones set created_at = ${new Date().toISOString()}`.execute(db);
  await db.schema
    .alterTable('company_sync_versions')
    .addColumn('pruned_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('sync_tombstones_age_idx')
    .on('sync_tombstones')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('applied_mutations_age_idx')
    .on('applied_mutations')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('applied_mutations_age_idx').execute();
  await db.schema.dropIndex('sync_tombstones_age_idx').execute();
  await db.schema.alterTable('company_sync_versions').dropColumn('pruned_version').execute();
  await db.schema.alterTable('sync_tombstones').dropColumn('created_at').execute();
}
