import type { Kysely, Updateable } from 'kysely';
import { Permission, type RoleName } from '../../../contract/permissions';
import type {
  BatchStatus,
  BatchValues,
  ProjectStatus,
  ProjectValues,
} from '../../../contract/projects';
import { ProjectMessages } from '../../../contract/projects';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import type { Trx, WriteCtx } from '../../write/context';
import type { SessionUser } from '../../auth/tokens';
import { batchEnteredFloor, batchLeftFloor } from '../warehouse';
import { batchRows, mustFindBatch, toThousandths } from './queries';

/** Who works on projects and batches; only a digibrick_manager changes a status or declaims. */
export const DIGITIZERS: readonly RoleName[] = ['digibrick_manager', 'digibrick_user'];
export const DIGI_MANAGER: readonly RoleName[] = ['digibrick_manager'];
/** A digibrick_manager sees who claimed each batch and may reset any backup. */
export const isManager = (user: SessionUser) =>
  user.permissions.includes(Permission.digibrick_manager);

/** The project's batches (all, or those with one of `statuses`) as `user` may see them. */
export const batchesSeenBy = (
  db: Kysely<Database>,
  user: SessionUser,
  projectId: number,
  statuses?: BatchStatus[],
) => batchRows(db, user.companyId, projectId, { statuses, showClaimant: isManager(user) });

/** A row's last edit: by the caller, now. */
export const touched = (ctx: WriteCtx) => ({
  last_edit_user_id: ctx.userId,
  date_of_last_edit: nowIso(),
});

function projectColumns(v: ProjectValues) {
  return {
    name: v.name,
    condition: v.condition,
    content: v.content,
    purpose: v.purpose,
    comments: v.comments,
    main_purchase_price: toThousandths(v.main_purchase_price),
    other_purchase_price: toThousandths(v.other_purchase_price),
    sorting_hours: v.sorting_hours,
    other_hours: v.other_hours,
  };
}

/** A new project, 'in progress', created by the caller. */
export async function createProject(trx: Trx, ctx: WriteCtx, v: ProjectValues): Promise<number> {
  const row = await trx
    .insertInto('projects')
    .values({
      company_id: ctx.companyId,
      ...projectColumns(v),
      creator_user_id: ctx.userId,
      date_of_creation: nowIso(),
      last_edit_user_id: null,
      date_of_last_edit: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProject(
  trx: Trx,
  ctx: WriteCtx,
  projectId: number,
  v: ProjectValues,
): Promise<void> {
  await editProject(trx, ctx, projectId, projectColumns(v));
}

/** Any project status may follow any other. */
export async function setProjectStatus(
  trx: Trx,
  ctx: WriteCtx,
  projectId: number,
  status: ProjectStatus,
): Promise<void> {
  await editProject(trx, ctx, projectId, { status });
}

/** Sets `changes` on the company's project, marked edited by the caller. */
async function editProject(
  trx: Trx,
  ctx: WriteCtx,
  projectId: number,
  changes: Updateable<Database['projects']>,
): Promise<void> {
  await trx
    .updateTable('projects')
    .set({ ...changes, ...touched(ctx) })
    .where('id', '=', projectId)
    .where('company_id', '=', ctx.companyId)
    .execute();
}

/** A new batch of the project, 'in progress', unclaimed. */
export async function createBatch(
  trx: Trx,
  ctx: WriteCtx,
  projectId: number,
  v: BatchValues,
): Promise<number> {
  const version = await ctx.version();
  const row = await trx
    .insertInto('batches')
    .values({
      company_id: ctx.companyId,
      project_id: projectId,
      name: v.name,
      comments: v.comments,
      creator_user_id: ctx.userId,
      date_of_creation: nowIso(),
      last_edit_user_id: null,
      date_of_last_edit: null,
      write_permission_user_id: null,
      write_permission_since: null,
      write_permission_until: null,
      version,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBatch(
  trx: Trx,
  ctx: WriteCtx,
  batchId: number,
  v: BatchValues,
): Promise<void> {
  await markBatchEdited(trx, ctx, batchId, await ctx.version(), v);
}

/**
 * The batch (`changes`, or its trays) changed: it is marked edited by the caller and stamped
 * `version`.
 */
export async function markBatchEdited(
  trx: Trx,
  ctx: WriteCtx,
  batchId: number,
  version: number,
  changes: Updateable<Database['batches']> = {},
): Promise<void> {
  await trx
    .updateTable('batches')
    .set({ ...changes, ...touched(ctx), version })
    .where('id', '=', batchId)
    .where('company_id', '=', ctx.companyId)
    .execute();
}

/**
 * Any batch status may follow any other. Entering 'ready for filling' puts the batch's trays on
 * the floor (fillers' devices pull them); leaving it takes them off again (tombstones). A batch
 * with trays that have no item is not put on the floor: 400 naming those trays.
 */
export async function setBatchStatus(
  trx: Trx,
  ctx: WriteCtx,
  projectId: number,
  batchId: number,
  status: BatchStatus,
): Promise<void> {
  const version = await ctx.version();
  const before = await mustFindBatch(trx, ctx.companyId, projectId, batchId);
  const onFloor = 'ready for filling';
  if (status === onFloor && before.status !== onFloor) {
    const lacking = await trx
      .selectFrom('trays')
      .select('tray_nr')
      .where('batch_id', '=', batchId)
      .where('company_id', '=', ctx.companyId)
      .where('item_id', 'is', null)
      .orderBy('tray_nr')
      .execute();
    if (lacking.length)
      throw badRequest(ProjectMessages.traysWithoutItem(lacking.map((t) => t.tray_nr)));
  }
  await markBatchEdited(trx, ctx, batchId, version, { status });
  if (status === onFloor && before.status !== onFloor) {
    await batchEnteredFloor(trx, ctx.companyId, batchId, version);
  } else if (status !== onFloor && before.status === onFloor) {
    await batchLeftFloor(trx, ctx.companyId, batchId, version);
  }
}

/** Releases someone's claim on the batch's trays (409 when nobody holds it). */
export async function declaim(
  trx: Trx,
  ctx: WriteCtx,
  projectId: number,
  batchId: number,
): Promise<void> {
  await ctx.version(); // taken before the read, as every write does (write/context)
  const batch = await mustFindBatch(trx, ctx.companyId, projectId, batchId);
  if (batch.write_permission_user_id === null) throw conflict(ProjectMessages.notClaimed);
  await clearClaim(trx, ctx, batchId);
}

/** Clears the claim on the batch's trays: whoever holds it, or only `holder`'s claim when given. */
export async function clearClaim(
  trx: Trx,
  ctx: WriteCtx,
  batchId: number,
  holder?: number,
): Promise<void> {
  const version = await ctx.version();
  let update = trx
    .updateTable('batches')
    .set({
      write_permission_user_id: null,
      write_permission_since: null,
      write_permission_until: null,
      version,
    })
    .where('id', '=', batchId)
    .where('company_id', '=', ctx.companyId);
  if (holder !== undefined) update = update.where('write_permission_user_id', '=', holder);
  await update.execute();
}
