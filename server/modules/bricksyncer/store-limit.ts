import type { Transaction } from 'kysely';
import { STORE_MAX, StoreMessages } from '../../../contract/bricksyncer';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';
import { badRequest } from '../../errors';

/**
 * Refuses (400, 'A company can have at most 20 stores: …') a new store of a company that has
 * STORE_MAX. Called in the transaction that adds the store: on PostgreSQL the company's row stays
 * locked until it ends, so two requests cannot both add the last store (SQLite has one writer at a
 * time).
 */
export async function checkStoreRoom(trx: Transaction<Database>, companyId: number): Promise<void> {
  if (isPostgres(trx)) {
    await trx
      .selectFrom('companies')
      .select('id')
      .where('id', '=', companyId)
      .forUpdate()
      .execute();
  }
  const stores = await countRows(trx.selectFrom('stores').where('company_id', '=', companyId));
  if (stores >= STORE_MAX) throw badRequest(StoreMessages.tooMany);
}
