import type { Kysely } from 'kysely';
import { TIMESTAMP, withId } from '../dialect';

/** Companies, users, permissions, sessions and e-mailed tokens (docs/access.md). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('companies'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('permissions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('company_permissions')
    .addColumn('company_id', 'integer', (c) =>
      c.notNull().references('companies.id').onDelete('cascade'),
    )
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id'))
    .addPrimaryKeyConstraint('company_permissions_pk', ['company_id', 'permission_id'])
    .execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('company_id', 'integer', (c) =>
      c.notNull().references('companies.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('password_expires_at', TIMESTAMP)
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_company_idx').on('users').column('company_id').execute();

  await db.schema
    .createTable('user_permissions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permission_id', 'integer', (c) => c.notNull().references('permissions.id'))
    .addPrimaryKeyConstraint('user_permissions_pk', ['user_id', 'permission_id'])
    .execute();

  await withId(db, db.schema.createTable('refresh_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('used_at', TIMESTAMP)
    .addColumn('revoked_at', TIMESTAMP)
    .execute();
  await db.schema
    .createIndex('refresh_tokens_family_idx')
    .on('refresh_tokens')
    .column('family_id')
    .execute();

  await withId(db, db.schema.createTable('email_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('expires_at', TIMESTAMP, (c) => c.notNull())
    .addColumn('used_at', TIMESTAMP)
    .execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', TIMESTAMP, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'login_failures',
    'email_tokens',
    'refresh_tokens',
    'user_permissions',
    'users',
    'company_permissions',
    'permissions',
    'companies',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
