import { sql, type Kysely } from 'kysely';
import { TIMESTAMP } from '../dialect';

/**
 * batches.write_permission_until: the write claim on a batch's trays is a lease. The editor renews
 * it while it is open and in use; once this time has passed the claim has lapsed, and anyone may
 * take the batch (a closed tab never locks it). Claims held before this migration lapse at once:
 * an editor still open renews its own at the next renewal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('batches').addColumn('write_permission_until', TIMESTAMP).execute();
  await sql`update batches set write_permission_until = write_permission_since
    where write_permission_user_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('batches').dropColumn('write_permission_until').execute();
}
