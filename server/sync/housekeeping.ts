import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Rows deleted per statement, so a large backlog never holds the database for long. */
const SLICE = 5000;
/** How often the server prunes (and once, this long after it starts). */
export const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

export interface PruneResult {
  /** applied_mutations rows deleted. */
  mutations: number;
  /** sync_tombstones rows deleted. */
  tombstones: number;
}

/**
 * Deletes sync bookkeeping older than the horizon: idempotency records (applied_mutations) and
 * tombstones (sync_tombstones). Before a company's tombstones go, its counter row's
 * `pruned_version` is raised to the highest version pruned, in the same transaction: a pull whose
 * cursor is below it may have missed deletions and is answered `resync` (see pullPage).
 *
 * A mutation id is answered from its record only while the record exists: a device that sends an
 * entry again after the horizon would apply it again. The horizon is therefore at least the
 * refresh-token lifetime (the default), beyond which a device cannot push without signing in.
 */
export async function pruneSyncHistory(
  db: Kysely<Database>,
  horizonSeconds: number,
  now: Date = new Date(),
): Promise<PruneResult> {
  const cutoff = new Date(now.getTime() - horizonSeconds * 1000).toISOString();
  let mutations = 0;
  for (;;) {
    const res = await db
      .deleteFrom('applied_mutations')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('applied_mutations')
          .select('id')
          .where('created_at', '<', cutoff)
          .limit(SLICE),
      )
      .executeTakeFirst();
    const n = Number(res.numDeletedRows);
    mutations += n;
    if (n < SLICE) break;
  }

  let tombstones = 0;
  const scopes = await db
    .selectFrom('sync_tombstones')
    .select(['company_id', (eb) => eb.fn.max('version').as('upto')])
    .where((eb) => eb.or([eb('created_at', '<', cutoff), eb('created_at', 'is', null)]))
    .groupBy('company_id')
    .execute();
  for (const { company_id, upto } of scopes) {
    const version = Number(upto);
    tombstones += await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('company_sync_versions')
        .values({ company_id, version, pruned_version: version })
        .onConflict((oc) =>
          oc.column('company_id').doUpdateSet({
            pruned_version: sql<number>`case when company_sync_versions.pruned_version < ${version}
              then ${version} else company_sync_versions.pruned_version end`,
          }),
        )
        .execute();
      const res = await trx
        .deleteFrom('sync_tombstones')
        .where('company_id', '=', company_id)
        .where('version', '<=', version)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    });
  }
  return { mutations, tombstones };
}

/** Prunes every HOUSEKEEPING_EVERY_MS while the server runs (config.syncHorizonSeconds). */
export function scheduleHousekeeping(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const pruned = await pruneSyncHistory(app.db, app.config.syncHorizonSeconds);
      if (pruned.mutations + pruned.tombstones > 0) app.log.info(pruned, 'sync housekeeping');
    } catch (err) {
      app.log.error({ err }, 'sync housekeeping failed; trying again later');
    }
    timer = setTimeout(() => void run(), HOUSEKEEPING_EVERY_MS).unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(() => void run(), 60_000).unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
