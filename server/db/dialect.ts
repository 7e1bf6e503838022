import {
  PostgresAdapter,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
} from 'kysely';

export function isPostgres(db: { getExecutor(): { readonly adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key on both dialects. */
export function withId<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, never>,
  name = 'id',
): CreateTableBuilder<T, never> {
  return isPostgres(db)
    ? table.addColumn(name, 'serial', (c) => c.primaryKey())
    : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Timestamps are ISO-8601 text on both dialects so both return the same type. */
export const TIMESTAMP = 'text' as const;

export function notNull(c: ColumnDefinitionBuilder): ColumnDefinitionBuilder {
  return c.notNull();
}

export function nowIso(): string {
  return new Date().toISOString();
}
