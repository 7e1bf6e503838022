import type { Kysely, Transaction } from 'kysely';
import { JobMessages } from '../../../contract/jobs';
import type { Database } from '../../db/schema';
import { JobFailure } from '../types';

type Db = Kysely<Database> | Transaction<Database>;

/** A store as the currency rule names it. */
export interface StoreCurrency {
  id: number;
  name: string;
  currency: string;
}

/** The batch's currency (its file's), or null when the company has no such batch. */
export async function batchCurrency(
  db: Db,
  companyId: number,
  batchId: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('sync_batches')
    .select('currency')
    .where('id', '=', batchId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.currency ?? null;
}

/**
 * The company's stores with credentials (or those of them given), by id, split by the batch's
 * currency: a batch's prices are in its file's currency, and a store sells in its own, so a batch
 * goes only to the stores of its currency (`same`); the others are `other`.
 */
export async function storesByCurrency(
  db: Db,
  companyId: number,
  batchId: number,
  storeIds?: number[],
): Promise<{ currency: string; same: number[]; other: StoreCurrency[] }> {
  const currency = (await batchCurrency(db, companyId, batchId)) ?? '';
  let q = db
    .selectFrom('stores')
    .select(['id', 'name', 'currency'])
    .where('company_id', '=', companyId)
    .where('credentials', '<>', '');
  if (storeIds) q = q.where('id', 'in', storeIds.length > 0 ? storeIds : [-1]);
  const stores = await q.orderBy('id').execute();
  const same: number[] = [];
  const other: StoreCurrency[] = [];
  for (const s of stores) {
    if (s.currency === currency) same.push(Number(s.id));
    else other.push({ id: Number(s.id), name: s.name, currency: s.currency });
  }
  return { currency, same, other };
}

/**
 * An upload job's check before it sends anything: the store sells in the batch's currency (a
 * store's currency may have changed since the upload was queued, or a failed upload be retried).
 * Otherwise the job fails with the message naming both currencies.
 */
export async function mustShareCurrency(
  db: Db,
  companyId: number,
  batchId: number,
  storeId: number,
): Promise<void> {
  const currency = await batchCurrency(db, companyId, batchId);
  const store = await db
    .selectFrom('stores')
    .select(['name', 'currency'])
    .where('id', '=', storeId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (currency === null || !store || store.currency === currency) return;
  throw new JobFailure(JobMessages.otherCurrency(currency, [store]));
}
