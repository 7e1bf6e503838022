import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { ORDER_INTAKE } from '.';

/**
 * Queues an order intake for a store, unless one is already waiting or running for it (then that
 * one is answered). For the "import orders now" button.
 */
export async function queueOrderIntake(
  db: Kysely<Database>,
  companyId: number,
  storeId: number,
  userId: number | null,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', ORDER_INTAKE)
      .where('store_id', '=', storeId)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (open) return Number(open.id);
    const now = nowIso();
    const row = await trx
      .insertInto('jobs')
      .values({
        company_id: companyId,
        kind: ORDER_INTAKE,
        store_id: storeId,
        stage: 'Queued',
        error: null,
        run_after: now,
        claimed_by: null,
        lease_until: null,
        created_by_user_id: userId,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

/**
 * The schedule: queues an order intake for every store with credentials that has none waiting or
 * running and none queued within the last `everyMs`. One statement, so servers sharing the
 * database do not each queue one (at worst two are queued, and importing twice changes nothing).
 */
export async function queueDueOrderIntakes(db: Kysely<Database>, everyMs: number): Promise<number> {
  const now = nowIso();
  const since = new Date(Date.now() - everyMs).toISOString();
  const res = await db
    .insertInto('jobs')
    .columns(['company_id', 'kind', 'store_id', 'stage', 'run_after', 'created_at', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('stores as s')
        .select([
          's.company_id',
          sql.lit(ORDER_INTAKE).as('kind'),
          's.id',
          sql.lit('Queued').as('stage'),
          sql.val(now).as('run_after'),
          sql.val(now).as('created_at'),
          sql.val(now).as('updated_at'),
        ])
        .where('s.credentials', '<>', '')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('jobs as j')
                .select('j.id')
                .whereRef('j.store_id', '=', 's.id')
                .where('j.kind', '=', ORDER_INTAKE)
                .where((w) =>
                  w.or([w('j.status', 'in', ['queued', 'running']), w('j.created_at', '>', since)]),
                ),
            ),
          ),
        ),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}
