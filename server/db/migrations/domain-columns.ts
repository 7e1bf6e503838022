import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { TIMESTAMP } from '../dialect';

/**
 * Column shapes shared by the domain migrations (002–004), so every table spells its company key,
 * sync version, flags and money the same way on SQLite and PostgreSQL.
 */
type Table<TB extends string, C extends string> = CreateTableBuilder<TB, C>;

/** `company_id` → companies.id, deleted with the company. Index it (see `companyIndex`). */
export function companyScoped<TB extends string, C extends string>(t: Table<TB, C>) {
  return t.addColumn('company_id', 'integer', (c) =>
    c.notNull().references('companies.id').onDelete('cascade'),
  );
}

/** The sync version: set from a monotonic counter on every change, read by pull cursors. */
export function versioned<TB extends string, C extends string>(t: Table<TB, C>) {
  return t.addColumn('version', 'integer', (c) => c.notNull().defaultTo(0));
}

/** A boolean stored as integer 0/1 on both dialects. */
export function flag<N extends string>(name: N, dflt: 0 | 1) {
  return <TB extends string, C extends string>(t: Table<TB, C>) =>
    t.addColumn(name, 'integer', (c) =>
      c
        .notNull()
        .defaultTo(dflt)
        .check(sql`${sql.ref(name)} in (0, 1)`),
    );
}

/** Money as integer thousandths of a euro, never negative. */
export function money<N extends string>(name: N, nullable = false) {
  return <TB extends string, C extends string>(t: Table<TB, C>) =>
    t.addColumn(name, 'integer', (c) => {
      const base = c.check(sql`${sql.ref(name)} >= 0`);
      return nullable ? base : base.notNull().defaultTo(0);
    });
}

/** An optional user reference that survives deleting the user. */
export function userRef<N extends string>(name: N) {
  return <TB extends string, C extends string>(t: Table<TB, C>) =>
    t.addColumn(name, 'integer', (c) => c.references('users.id').onDelete('set null'));
}

/**
 * creator_user_id, date_of_creation, last_edit_user_id, date_of_last_edit: who made and last edited
 * a row, and when.
 */
export function editTrail<TB extends string, C extends string>(t: Table<TB, C>) {
  return t
    .$call(userRef('creator_user_id'))
    .addColumn('date_of_creation', TIMESTAMP, (c) => c.notNull())
    .$call(userRef('last_edit_user_id'))
    .addColumn('date_of_last_edit', TIMESTAMP);
}

/** Plain or unique index named `<table>_<suffix>`. */
export async function index(
  db: Kysely<unknown>,
  table: string,
  columns: string[],
  opts: { unique?: boolean; suffix?: string } = {},
): Promise<void> {
  const name = `${table}_${opts.suffix ?? columns.join('_')}_${opts.unique ? 'uq' : 'idx'}`;
  let b = db.schema.createIndex(name).on(table).columns(columns);
  if (opts.unique) b = b.unique();
  await b.execute();
}

/** Company-scoped synced tables are read by (company_id, version) cursors. */
export function companyVersionIndex(db: Kysely<unknown>, table: string): Promise<void> {
  return index(db, table, ['company_id', 'version']);
}

export async function dropTables(db: Kysely<unknown>, tables: string[]): Promise<void> {
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}
