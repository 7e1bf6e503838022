import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '../db/dialect';
import { newTray } from '../modules/batch-trays/rules';
import type { Database } from '../db/schema';
import type { BatchStatus } from '../db/schema-domain';
import { nextVersion } from '../sync';

/**
 * Test data of the warehouse desk: a batch of trays in a company made by the orders module's
 * makeFloor. Each tray is [item id or null, quantity, status?].
 */
export interface BatchSpec {
  name?: string;
  status?: BatchStatus;
  trays: [number | null, number, string?][];
  /** Minutes ago of the last edit (sorting tests). */
  editedMinutesAgo?: number;
  createdMinutesAgo?: number;
}

type Db = Kysely<Database>;

export async function makeBatch(
  db: Db,
  companyId: number,
  spec: BatchSpec,
): Promise<{ batchId: number; trayIds: number[] }> {
  const version = await nextVersion(db, companyId);
  const ago = (m: number | undefined) =>
    m === undefined ? nowIso() : new Date(Date.now() - m * 60_000).toISOString();
  const project = await db
    .selectFrom('projects')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const projectId =
    project?.id ??
    (
      await db
        .insertInto('projects')
        .values({
          company_id: companyId,
          name: `Project ${randomUUID().slice(0, 8)}`,
          condition: 'GOOD',
          creator_user_id: null,
          date_of_creation: nowIso(),
          last_edit_user_id: null,
          date_of_last_edit: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const { id: batchId } = await db
    .insertInto('batches')
    .values({
      company_id: companyId,
      project_id: projectId,
      name: spec.name ?? `Batch ${randomUUID().slice(0, 8)}`,
      status: spec.status ?? 'ready for filling',
      creator_user_id: null,
      date_of_creation: ago(spec.createdMinutesAgo),
      last_edit_user_id: null,
      date_of_last_edit: ago(spec.editedMinutesAgo),
      write_permission_user_id: null,
      write_permission_since: null,
      version,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const trayIds: number[] = [];
  let nr = 0;
  for (const [itemId, quantity, status] of spec.trays) {
    const item =
      itemId === null
        ? undefined
        : await db
            .selectFrom('items')
            .select(['mold_id', 'colour_id', 'condition'])
            .where('id', '=', itemId)
            .executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('trays')
      .values({
        company_id: companyId,
        batch_id: batchId,
        tray_nr: ++nr,
        item_id: itemId,
        mold_id: item?.mold_id ?? null,
        colour_id: item?.colour_id ?? null,
        condition: item?.condition ?? null,
        quantity,
        status: (status ?? 'ready for filling') as never,
        ...newTray(null, nowIso(), version),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    trayIds.push(id);
  }
  return { batchId, trayIds };
}

export async function trayRow(db: Db, trayId: number) {
  return db
    .selectFrom('trays')
    .select(['status', 'location_id', 'quantity', 'filled_by_user_id', 'version'])
    .where('id', '=', trayId)
    .executeTakeFirstOrThrow();
}

/** Stock of an item at a location (0 when there is no row). */
export { stockAt as stockOf } from './orders-fixture';

export async function batchStatus(db: Db, batchId: number): Promise<string> {
  const row = await db
    .selectFrom('batches')
    .select('status')
    .where('id', '=', batchId)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** A location of a company other than `companyId` (one the company's users may not use). */
export async function foreignLocation(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('locations')
    .select('id')
    .where('company_id', '<>', companyId)
    .executeTakeFirstOrThrow();
  return row.id;
}
