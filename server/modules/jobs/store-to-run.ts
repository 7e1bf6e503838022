import type { Kysely } from 'kysely';
import { JobMessages } from '../../../contract/jobs';
import type { Database } from '../../db/schema';
import { badRequest } from '../../errors';
import { storeCredentials } from '../bricksyncer';

/** A job only one marketplace's stores can run, and the answer for a store of another. */
export interface OnlyPlatform {
  platform: 'BRICKLINK' | 'BRICKOWL';
  refusal: string;
}

/**
 * The company's store a job is asked to run with: 'Store not found' for another company's store,
 * 400 for a store without complete credentials, or (with `only`) for a store of another
 * marketplace.
 */
export async function storeToRun(
  db: Kysely<Database>,
  companyId: number,
  storeId: number,
  only?: OnlyPlatform,
) {
  const store = await storeCredentials(db, companyId, storeId);
  if (only && store.platform !== only.platform) throw badRequest(only.refusal);
  if (!store.credentials) throw badRequest(JobMessages.noCredentials);
  return store;
}
