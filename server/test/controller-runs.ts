import type { Kysely } from 'kysely';
import { nowIso } from '../db/dialect';
import type { Database } from '../db/schema';
import type { ControllerStatus } from '../db/schema-domain';

/** Test and bench support: a catalog-import run row, as a start or another server left it. */
export async function insertControllerRun(
  db: Kysely<Database>,
  run: { status?: ControllerStatus; lockedBy?: string | null; lockedUntil?: string | null } = {},
): Promise<number> {
  const now = nowIso();
  const { id } = await db
    .insertInto('controller_runs')
    .values({
      status: run.status ?? 'started',
      created_by_user_id: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
      error: null,
      progress: null,
      locked_by: run.lockedBy ?? null,
      locked_until: run.lockedUntil ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}
