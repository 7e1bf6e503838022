import { sql } from 'kysely';
import { TRAY_EDIT_FIELDS } from '../../../contract/batch-trays';
import {
  BatchMessages,
  checkDuplicateNames,
  COPY_TRAYS_MAX,
  MERGE_TRAYS_MAX,
} from '../../../contract/batches';
import { nowIso } from '../../db/dialect';
import { recordTombstones } from '../../sync';
import { badRequest, conflict } from '../../errors';
import type { Trx, WriteCtx } from '../../write/context';
import { heldByOther } from '../batch-trays/lease';
import { batchNames, mustFindBatch } from './queries';
import { createBatch, markBatchEdited } from './rules';

/** Batches whose trays are on the warehouse floor (pulled by fillers' devices). */
export const ON_FLOOR = 'ready for filling';

type FoundBatch = Awaited<ReturnType<typeof mustFindBatch>>;

/** 409 when someone other than the caller holds the claim on a batch's trays. */
export function mustNotBeClaimedByOther(ctx: WriteCtx, batch: FoundBatch): void {
  if (heldByOther(batch, ctx.userId)) throw conflict(BatchMessages.claimedByOther(batch.name));
}

/** The highest tray number of a batch (0 when it has none). */
async function lastTrayNr(trx: Trx, companyId: number, batchId: number): Promise<number> {
  const row = await trx
    .selectFrom('trays')
    .select(sql<number | string | null>`max(tray_nr)`.as('last'))
    .where('batch_id', '=', batchId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/**
 * Moves the trays of `childIds` into `parentId` (numbered after the parent's own, in their
 * order) and removes the emptied batches, in the caller's transaction: all of it or nothing.
 * Trays that leave the floor get tombstones (written a chunk at a time); every moved tray gets
 * the version, so devices pull those that reach it. At most MERGE_TRAYS_MAX trays move in one
 * request (400 before anything is written), so the transaction stays short.
 */
export async function mergeBatches(
  trx: Trx,
  ctx: WriteCtx,
  projectId: number,
  parentId: number,
  childIds: readonly number[],
): Promise<void> {
  const version = await ctx.version();
  const parent = await mustFindBatch(trx, ctx.companyId, projectId, parentId);
  mustNotBeClaimedByOther(ctx, parent);
  const children: FoundBatch[] = [];
  for (const id of new Set(childIds)) {
    const child = await mustFindBatch(trx, ctx.companyId, projectId, id);
    mustNotBeClaimedByOther(ctx, child);
    children.push(child);
  }
  const moving = await traysIn(trx, ctx.companyId, children);
  if (moving > MERGE_TRAYS_MAX) throw badRequest(BatchMessages.mergeTooLarge(moving));
  for (const child of children) {
    const offset = await lastTrayNr(trx, ctx.companyId, parentId);
    const moved = await trx
      .updateTable('trays')
      .set({ batch_id: parentId, tray_nr: sql`tray_nr + ${sql.lit(offset)}`, version })
      .where('batch_id', '=', child.id)
      .where('company_id', '=', ctx.companyId)
      .returning('id')
      .execute();
    if (child.status === ON_FLOOR && parent.status !== ON_FLOOR)
      // The trays leave the fillers' devices.
      await recordTombstones(
        trx,
        ctx.companyId,
        'trays',
        moved.map((t) => t.id),
        version,
      );
    await trx
      .deleteFrom('batches')
      .where('id', '=', child.id)
      .where('company_id', '=', ctx.companyId)
      .execute();
  }
  await markBatchEdited(trx, ctx, parentId, version);
}

/**
 * Makes one copy per entry: a new batch ('in progress', unclaimed) with the source's comments
 * and a copy of each of its trays (same numbers, items, quantities, prices, statuses and
 * accepted flags; not where they were filled). All copies or none; the names and the size (at
 * most COPY_TRAYS_MAX trays copied per request) are checked first and every problem is answered
 * at once (400).
 */
export async function duplicateBatches(
  trx: Trx,
  ctx: WriteCtx,
  projectId: number,
  entries: readonly { parent_id: number; child_name: string }[],
): Promise<number[]> {
  const version = await ctx.version();
  const sources: FoundBatch[] = [];
  for (const e of entries)
    sources.push(await mustFindBatch(trx, ctx.companyId, projectId, e.parent_id));
  const problems = checkDuplicateNames(
    entries.map((e, i) => ({ parentName: sources[i].name, childName: e.child_name })),
    await batchNames(trx, ctx.companyId, projectId),
  );
  const copied = await traysIn(trx, ctx.companyId, sources);
  if (copied > COPY_TRAYS_MAX) problems.push(BatchMessages.copyTooLarge(copied));
  if (problems.length) throw new DuplicateRefused(problems);
  const made: number[] = [];
  for (const [i, e] of entries.entries()) {
    const source = await trx
      .selectFrom('batches')
      .select('comments')
      .where('id', '=', sources[i].id)
      .executeTakeFirstOrThrow();
    const id = await createBatch(trx, ctx, projectId, {
      name: e.child_name,
      comments: source.comments,
    });
    await copyTrays(trx, ctx, sources[i].id, id, version);
    made.push(id);
  }
  return made;
}

/** How many trays `batches` hold together (a batch named twice counts twice). */
async function traysIn(trx: Trx, companyId: number, sources: FoundBatch[]): Promise<number> {
  const ids = [...new Set(sources.map((s) => s.id))];
  const rows = await trx
    .selectFrom('trays')
    .select(['batch_id', sql<string>`count(*)`.as('n')])
    .where('company_id', '=', companyId)
    .where('batch_id', 'in', ids)
    .groupBy('batch_id')
    .execute();
  const per = new Map(rows.map((r) => [r.batch_id, Number(r.n)]));
  return sources.reduce((sum, s) => sum + (per.get(s.id) ?? 0), 0);
}

/** What a tray holds, beyond its company, batch, authors and version (copied and backed up as is). */
export const TRAY_CONTENT = ['tray_nr', ...TRAY_EDIT_FIELDS, 'accepted', 'is_public'] as const;

/** Copies a batch's trays into another batch, in one statement. */
async function copyTrays(trx: Trx, ctx: WriteCtx, fromId: number, toId: number, version: number) {
  const now = nowIso();
  await trx
    .insertInto('trays')
    .columns([
      'company_id',
      'batch_id',
      ...TRAY_CONTENT,
      'creator_user_id',
      'date_of_creation',
      'version',
    ])
    .expression(
      trx
        .selectFrom('trays')
        .select([
          'company_id',
          sql<number>`${sql.lit(toId)}`.as('batch_id'),
          ...TRAY_CONTENT,
          sql<number>`${sql.lit(ctx.userId)}`.as('creator_user_id'),
          sql<string>`${now}`.as('date_of_creation'),
          sql<number>`${sql.lit(version)}`.as('version'),
        ])
        .where('batch_id', '=', fromId)
        .where('company_id', '=', ctx.companyId),
    )
    .execute();
}

/** The copies' names were refused: every problem, one per message (answered as a 400). */
export class DuplicateRefused extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
  }
}
