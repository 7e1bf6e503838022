import type { Kysely } from 'kysely';
import { TIMESTAMP, withId } from '../dialect';

/**
 * Sign-in security:
 * - users.token_generation: access tokens carry the generation they were issued under; logging out
 *   or setting a new password raises it, so every older access token stops at its next request
 *   instead of living until it expires.
 * - audit_log: who signed in (or failed to), who changed a permission or deleted a user, when, and
 *   in which company. Rows keep the e-mail addresses as they were, without foreign keys, so the
 *   history outlives the users and companies it names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    // The company the event belongs to (null: a sign-in with an unknown e-mail address).
    .addColumn('company_id', 'integer')
    .addColumn('actor_user_id', 'integer')
    .addColumn('actor_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'integer')
    .addColumn('target_email', 'text')
    .addColumn('target_company_id', 'integer')
    .addColumn('permission_id', 'integer')
    .addColumn('ip', 'text')
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_company_idx')
    .on('audit_log')
    .columns(['company_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('users').dropColumn('token_generation').execute();
}
