import type { Kysely } from 'kysely';
import {
  BatchMessages,
  StoredTrays,
  UNDO_MINUTES,
  type BackupRow,
  type StoredTray,
} from '../../../contract/batches';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/dialect';
import { conflict, forbidden, notFound } from '../../errors';
import { recordTombstones } from '../../sync';
import { companyRow } from '../../write/company-row';
import type { Trx, WriteCtx } from '../../write/context';
import { ON_FLOOR, TRAY_CONTENT, mustNotBeClaimedByOther } from './merge';
import { ProjectMessages } from '../../../contract/projects';
import { backupNames } from './backup-names';
import { mustFindBatch } from './queries';
import { markBatchEdited } from './rules';

/** The columns of a tray a backup keeps (everything but its id, company, batch and version). */
const KEPT = [
  ...TRAY_CONTENT,
  'creator_user_id',
  'date_of_creation',
  'last_edit_user_id',
  'date_of_last_edit',
  'location_id',
  'filled_by_user_id',
  'filled_at',
] as const;

/**
 * Stores the batch's trays (in tray order) as a new backup with the caller's comment; answers
 * the batch's project. 404 for another company's batch.
 */
export async function createBackup(
  trx: Trx,
  ctx: WriteCtx,
  batchId: number,
  comments: string,
): Promise<number> {
  const batch = await companyRow(trx, 'batches', ctx.companyId, batchId, ['project_id'], () =>
    notFound(ProjectMessages.batchNotFound),
  );
  const trays = await trx
    .selectFrom('trays')
    .select(['id as tray_id', ...KEPT])
    .where('batch_id', '=', batchId)
    .where('company_id', '=', ctx.companyId)
    .orderBy('tray_nr')
    .execute();
  const data = trays.map((t) => ({ ...t, price: Number(t.price), quantity: Number(t.quantity) }));
  await trx
    .insertInto('backups')
    .values({
      company_id: ctx.companyId,
      batch_id: batchId,
      date: nowIso(),
      comments,
      json: JSON.stringify(data),
      creator_user_id: ctx.userId,
    })
    .execute();
  return batch.project_id;
}

/** The project's backups (or those of `batchIds`), newest first, with their stored data. */
export async function backupRows(
  db: Kysely<Database>,
  companyId: number,
  projectId: number,
  batchIds?: readonly number[],
): Promise<BackupRow[]> {
  let q = db
    .selectFrom('backups as k')
    .innerJoin('batches as b', 'b.id', 'k.batch_id')
    .leftJoin('users as u', 'u.id', 'k.creator_user_id')
    .select([
      'k.id',
      'k.batch_id',
      'b.name as batch_name',
      'k.date',
      'k.comments',
      'k.json',
      'u.name as creator_name',
    ])
    .where('k.company_id', '=', companyId)
    .where('b.project_id', '=', projectId);
  if (batchIds) {
    if (batchIds.length === 0) return [];
    q = q.where('k.batch_id', 'in', [...batchIds]);
  }
  const rows = await q.orderBy('k.date', 'desc').orderBy('k.id', 'desc').execute();
  const names = await backupNames(
    db,
    companyId,
    rows.map((r) => r.json),
  );
  return rows.map((r, i) => ({
    backup_id: r.id,
    batch_id: r.batch_id,
    batch_name: r.batch_name,
    date: String(r.date),
    comments: r.comments,
    creator_name: r.creator_name,
    json: r.json,
    names: names[i],
  }));
}

/** The company's backup with its batch and project, or 404. */
export async function mustFindBackup(db: Kysely<Database>, companyId: number, backupId: number) {
  const row = await db
    .selectFrom('backups as k')
    .innerJoin('batches as b', 'b.id', 'k.batch_id')
    .select(['k.id', 'k.batch_id', 'k.json', 'b.project_id'])
    .where('k.id', '=', backupId)
    .where('k.company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) throw notFound(BatchMessages.backupNotFound);
  return row;
}

/**
 * Undo by someone who may not RESET: only the caller's own backup, the newest of its batch, made
 * within the last UNDO_MINUTES minutes (the one the editor took just before a delete or a price
 * update); 403 otherwise. 404 for another company's backup.
 */
export async function mustBeOwnRecentBackup(trx: Trx, ctx: WriteCtx, backupId: number) {
  const backup = await mustFindBackup(trx, ctx.companyId, backupId);
  const newest = await trx
    .selectFrom('backups')
    .select(['id', 'date', 'creator_user_id'])
    .where('batch_id', '=', backup.batch_id)
    .where('company_id', '=', ctx.companyId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const age = Date.now() - new Date(newest.date as string | Date).getTime();
  if (
    newest.id !== backup.id ||
    newest.creator_user_id !== ctx.userId ||
    !(age <= UNDO_MINUTES * 60_000)
  )
    throw forbidden(BatchMessages.undoTooLate);
}

/**
 * Ids among `ids` that still exist in `table`; for company data (items, locations) only the
 * company's own.
 */
async function existing(
  trx: Trx,
  table: 'items' | 'locations' | 'moulds' | 'colours' | 'users',
  ids: (number | null | undefined)[],
  companyId?: number,
): Promise<Set<number>> {
  const wanted = [...new Set(ids.filter((i): i is number => typeof i === 'number'))];
  const found = new Set<number>();
  for (let i = 0; i < wanted.length; i += 500) {
    let q = trx
      .selectFrom(table)
      .select('id')
      .where('id', 'in', wanted.slice(i, i + 500));
    if (companyId !== undefined) q = q.where('company_id', '=', companyId);
    for (const r of await q.execute()) found.add(r.id);
  }
  return found;
}

/**
 * Puts the batch's trays back as the backup stored them, in the caller's transaction: trays are
 * matched by number (kept ids, so orders and devices keep pointing at them), trays the backup
 * does not hold are deleted, trays it holds that are gone are made again. References to items,
 * locations or users deleted since are cleared. 409 when someone else holds the batch's claim.
 */
export async function resetFromBackup(trx: Trx, ctx: WriteCtx, backupId: number): Promise<number> {
  const version = await ctx.version();
  const backup = await mustFindBackup(trx, ctx.companyId, backupId);
  const batch = await mustFindBatch(trx, ctx.companyId, backup.project_id, backup.batch_id);
  mustNotBeClaimedByOther(ctx, batch);
  let stored: StoredTray[];
  try {
    const parsed = StoredTrays.safeParse(JSON.parse(backup.json));
    if (!parsed.success) throw new Error('unreadable');
    stored = parsed.data;
  } catch {
    throw conflict(BatchMessages.backupUnreadable);
  }
  const refs = (pick: (t: StoredTray) => (number | null | undefined)[]) => stored.flatMap(pick);
  const items = await existing(
    trx,
    'items',
    refs((t) => [t.item_id]),
    ctx.companyId,
  );
  const locations = await existing(
    trx,
    'locations',
    refs((t) => [t.location_id]),
    ctx.companyId,
  );
  const moulds = await existing(
    trx,
    'moulds',
    refs((t) => [t.mold_id]),
  );
  const colours = await existing(
    trx,
    'colours',
    refs((t) => [t.colour_id]),
  );
  const users = await existing(
    trx,
    'users',
    refs((t) => [t.creator_user_id, t.last_edit_user_id, t.filled_by_user_id]),
  );
  const ref = (set: Set<number>, v: number | null | undefined) =>
    typeof v === 'number' && set.has(v) ? v : null;
  const columns = (t: StoredTray) => ({
    item_id: ref(items, t.item_id),
    mold_id: ref(moulds, t.mold_id),
    colour_id: ref(colours, t.colour_id),
    condition: t.condition ?? null,
    quantity: t.quantity,
    price: t.price,
    status: t.status,
    accepted: t.accepted,
    is_public: t.is_public ?? 1,
    comments: t.comments ?? '',
    creator_user_id: ref(users, t.creator_user_id),
    date_of_creation: t.date_of_creation ?? nowIso(),
    last_edit_user_id: ref(users, t.last_edit_user_id),
    date_of_last_edit: t.date_of_last_edit ?? null,
    location_id: ref(locations, t.location_id),
    filled_by_user_id: ref(users, t.filled_by_user_id),
    filled_at: t.filled_at ?? null,
    version,
  });
  const current = await trx
    .selectFrom('trays')
    .select(['id', 'tray_nr'])
    .where('batch_id', '=', batch.id)
    .where('company_id', '=', ctx.companyId)
    .execute();
  const byNr = new Map(current.map((t) => [t.tray_nr, t.id]));
  const keep = new Set(stored.map((t) => t.tray_nr));
  const onFloor = batch.status === ON_FLOOR;
  const gone = current.filter((t) => !keep.has(t.tray_nr)).map((t) => t.id);
  for (const id of gone) await trx.deleteFrom('trays').where('id', '=', id).execute();
  if (onFloor) await recordTombstones(trx, ctx.companyId, 'trays', gone, version);
  for (const t of stored) {
    const values = columns(t);
    const id = byNr.get(t.tray_nr);
    if (id !== undefined) await trx.updateTable('trays').set(values).where('id', '=', id).execute();
    else
      await trx
        .insertInto('trays')
        .values({ ...values, company_id: ctx.companyId, batch_id: batch.id, tray_nr: t.tray_nr })
        .execute();
  }
  await markBatchEdited(trx, ctx, batch.id, version);
  return backup.project_id;
}
