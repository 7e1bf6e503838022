import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { AppError } from '../errors';

/** Tables whose rows belong to one company (an `id` and a `company_id`). */
export type CompanyTable =
  | 'locations'
  | 'items'
  | 'orders'
  | 'trays'
  | 'batches'
  | 'issues'
  | 'sync_batches'
  | 'jobs'
  | 'stores'
  | 'stock_item_errors'
  | 'projects'
  | 'users';

/**
 * Whether row `id` of `table` is the company's. Every route and mutation that takes an id from
 * the caller asks this (or reads the row with the same two conditions) before using it, so
 * another company's row is never read or changed.
 */
export async function isCompanyRow(
  db: Kysely<Database>,
  table: CompanyTable,
  companyId: number,
  id: number,
): Promise<boolean> {
  return (await findCompanyRow(db, table, companyId, id, ['id'])) !== undefined;
}

/**
 * The company's row or the refusal (a 404): another company's row is not found either, so a
 * caller cannot learn which ids other companies hold.
 */
export async function mustBeCompanyRow(
  db: Kysely<Database>,
  table: CompanyTable,
  companyId: number,
  id: number,
  refusal: () => AppError,
): Promise<void> {
  await companyRow(db, table, companyId, id, ['id'], refusal);
}

/** The company's row `id` of `table` with `columns`, or the refusal (a 404, see mustBeCompanyRow). */
export async function companyRow<
  T extends CompanyTable,
  C extends keyof Selectable<Database[T]> & string,
>(
  db: Kysely<Database>,
  table: T,
  companyId: number,
  id: number,
  columns: readonly C[],
  refusal: () => AppError,
): Promise<Pick<Selectable<Database[T]>, C>> {
  const row = await findCompanyRow(db, table, companyId, id, columns);
  if (!row) throw refusal();
  return row;
}

/** The company's row `id` of `table` with `columns`; undefined when the company has no such row. */
async function findCompanyRow<
  T extends CompanyTable,
  C extends keyof Selectable<Database[T]> & string,
>(
  db: Kysely<Database>,
  table: T,
  companyId: number,
  id: number,
  columns: readonly C[],
): Promise<Pick<Selectable<Database[T]>, C> | undefined> {
  // Kysely cannot type a query over a table chosen by a type parameter: the casts below only
  // restore the columns' types that the signature states.
  const row = await db
    .selectFrom(table as CompanyTable)
    .select(columns as readonly ('id' | 'company_id')[])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row as unknown as Pick<Selectable<Database[T]>, C> | undefined;
}
