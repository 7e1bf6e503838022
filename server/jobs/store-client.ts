import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { MarketplaceClients, type BrickLinkClient, type BrickOwlClient } from '../marketplaces';
import type { MarketplaceConfig } from '../marketplaces/config';
import { storeCredentials } from '../modules/bricksyncer';
import { JobFailure } from './types';

export type StoreClient =
  | { platform: 'BRICKLINK'; storeId: number; bricklink: BrickLinkClient }
  | { platform: 'BRICKOWL'; storeId: number; brickowl: BrickOwlClient };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Marketplace clients whose BrickLink call counts are kept per store and day in the database, so
 * that every server (and a restarted one) draws on one daily budget per store.
 */
export function persistedClients(db: Kysely<Database>, config?: MarketplaceConfig) {
  return new MarketplaceClients(config, (store, day) => {
    void db
      .insertInto('marketplace_call_counts')
      .values({ store_id: Number(store), day, used: 1 })
      .onConflict((oc) =>
        oc
          .columns(['store_id', 'day'])
          .doUpdateSet({ used: sql`marketplace_call_counts.used + 1` }),
      )
      .execute()
      .catch(() => undefined);
  });
}

/** BrickLink calls the store used today, as all servers recorded them. */
export async function callsToday(db: Kysely<Database>, storeId: number): Promise<number> {
  const row = await db
    .selectFrom('marketplace_call_counts')
    .select('used')
    .where('store_id', '=', storeId)
    .where('day', '=', today())
    .executeTakeFirst();
  return row?.used ?? 0;
}

/** The client for a company's store; a JobFailure with a clear text when it cannot be built. */
export async function storeClient(
  db: Kysely<Database>,
  clients: MarketplaceClients,
  companyId: number,
  storeId: number,
): Promise<StoreClient> {
  const store = await storeCredentials(db, companyId, storeId).catch(() => {
    throw new JobFailure(`Store ${storeId} not found`);
  });
  if (!store.credentials) {
    throw new JobFailure(`Store '${store.name}' has no complete credentials: enter them first`);
  }
  if (store.platform === 'BRICKLINK') {
    const c = store.credentials;
    const bricklink = clients.bricklink(
      String(storeId),
      {
        consumerKey: c.consumer_key,
        consumerSecret: c.consumer_secret,
        tokenValue: c.token_key,
        tokenSecret: c.token_secret,
      },
      await callsToday(db, storeId),
    );
    return { platform: 'BRICKLINK', storeId, bricklink };
  }
  return {
    platform: 'BRICKOWL',
    storeId,
    brickowl: clients.brickowl(String(storeId), store.credentials.api_key),
  };
}
