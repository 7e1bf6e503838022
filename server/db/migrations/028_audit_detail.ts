import type { Kysely } from 'kysely';

/**
 * audit_log.detail: what an entry is about beyond a user or a permission, in words, e.g. which
 * store was added, changed or deleted and which of its fields changed. Never a secret: a changed
 * credential is named, its value is not written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('detail', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').dropColumn('detail').execute();
}
