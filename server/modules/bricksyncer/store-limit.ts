import type { Transaction } from 'kysely';
import { STORE_MAX, StoreMessages } from '../../../contract/bricksyncer';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
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
  const stores = await trx
    .selectFrom('stores')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  if (Number(stores.n) >= STORE_MAX) throw badRequest(StoreMessages.tooMany);
}
