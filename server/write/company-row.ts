import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AppError } from '../errors';

/** Tables whose rows belong to one company (an `id` and a `company_id`). */
export type CompanyTable =
  'locations' | 'items' | 'orders' | 'trays' | 'batches' | 'issues' | 'sync_batches';

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
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
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
  if (!(await isCompanyRow(db, table, companyId, id))) throw refusal();
}
