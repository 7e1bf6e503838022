import { sql } from 'kysely';
import type { TrayAddValues, TrayEditValues, VariantCreate } from '../../../contract/batch-trays';
import { BatchTraysMessages as M } from '../../../contract/batch-trays';
import { ProjectMessages } from '../../../contract/projects';
import { nowIso } from '../../db/dialect';
import { companyRow } from '../../write/company-row';
import { badRequest, conflict, notFound } from '../../errors';
import { recordTombstones } from '../../sync';
import type { Trx, WriteCtx } from '../../write/context';
import { toThousandths } from '../projects/queries';
import { clearClaim, createBatch, touched } from '../projects/rules';
import { changes } from './accepted';
import { heldByOther, leaseEnd, liveHolder } from './lease';
import { existingIds, variantsOfMoulds } from './queries';

const ON_FLOOR = 'ready for filling';
/**
 * A new tray's own columns: made by `creatorUserId` (none: made by the system) at `now`, never
 * edited, not on a shelf, not filled.
 */
export const newTray = (creatorUserId: number | null, now: string, version: number) => ({
  creator_user_id: creatorUserId,
  date_of_creation: now,
  last_edit_user_id: null,
  date_of_last_edit: null,
  location_id: null,
  filled_by_user_id: null,
  filled_at: null,
  version,
});

/**
 * Takes the write claim (a lease) on the batch's trays for the caller, or renews it when the
 * caller holds it already ("since" stays). A lapsed claim of someone else is taken over: nothing
 * of theirs is touched, their saved trays stay as they are. The update only matches an unclaimed
 * batch, a lapsed claim or the caller's, so of two claims at once exactly one wins; the other is
 * refused (409).
 */
export async function claim(trx: Trx, ctx: WriteCtx, batchId: number): Promise<void> {
  const version = await ctx.version();
  const now = nowIso();
  const batch = await trx
    .selectFrom('batches')
    .select(['write_permission_user_id', 'write_permission_since', 'write_permission_until'])
    .where('id', '=', batchId)
    .where('company_id', '=', ctx.companyId)
    .executeTakeFirstOrThrow();
  if (heldByOther(batch, ctx.userId, now)) throw conflict(M.claimRefused);
  const keeps = liveHolder(batch, now) === ctx.userId;
  const res = await trx
    .updateTable('batches')
    .set({
      write_permission_user_id: ctx.userId,
      write_permission_since: keeps ? batch.write_permission_since : now,
      write_permission_until: leaseEnd(),
      version,
    })
    .where('id', '=', batchId)
    .where('company_id', '=', ctx.companyId)
    .where((eb) =>
      eb.or([
        eb('write_permission_user_id', 'is', null),
        eb('write_permission_user_id', '=', ctx.userId),
        eb('write_permission_until', 'is', null),
        eb('write_permission_until', '<', now),
      ]),
    )
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw conflict(M.claimRefused);
}

/**
 * Renews the caller's lease (the editor does so while it is open and in use). Only the caller's
 * own claim is renewed, also one that lapsed while nobody took it; answers false when the caller
 * does not hold the batch (someone took it over, or a manager declaimed it). Nothing devices pull
 * changes, so no version is taken.
 */
export async function renew(trx: Trx, ctx: WriteCtx, batchId: number): Promise<boolean> {
  const res = await trx
    .updateTable('batches')
    .set({ write_permission_until: leaseEnd() })
    .where('id', '=', batchId)
    .where('company_id', '=', ctx.companyId)
    .where('write_permission_user_id', '=', ctx.userId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Gives up the caller's claim (the editor does so when no edit is pending). */
export async function release(trx: Trx, ctx: WriteCtx, batchId: number): Promise<void> {
  await clearClaim(trx, ctx, batchId, ctx.userId);
}

/**
 * Refuses (409) while someone other than the caller holds a live claim on the batch; 404 when the
 * batch is not the company's.
 */
export async function mustNotBeClaimedByOther(
  trx: Trx,
  ctx: WriteCtx,
  batchId: number,
): Promise<void> {
  const batch = await companyRow(
    trx,
    'batches',
    ctx.companyId,
    batchId,
    ['write_permission_user_id', 'write_permission_until'],
    () => notFound(ProjectMessages.batchNotFound),
  );
  if (heldByOther(batch, ctx.userId)) throw conflict(M.claimRefused);
}

/**
 * Every change to the batch's trays needs the caller's claim; the batch is marked edited and the
 * lease renewed (a claim of the caller's that lapsed while nobody took it still counts). Answers
 * whether the batch is on the floor (its trays are on fillers' devices).
 */
export async function mustHoldClaim(trx: Trx, ctx: WriteCtx, batchId: number): Promise<boolean> {
  const version = await ctx.version();
  const batch = await companyRow(
    trx,
    'batches',
    ctx.companyId,
    batchId,
    ['write_permission_user_id', 'status'],
    () => notFound(ProjectMessages.batchNotFound),
  );
  if (batch.write_permission_user_id !== ctx.userId) throw conflict(M.claimRefused);
  await trx
    .updateTable('batches')
    .set({ ...touched(ctx), write_permission_until: leaseEnd(), version })
    .where('id', '=', batchId)
    .execute();
  return batch.status === ON_FLOOR;
}

/** Refuses ids that are not trays of this batch (another company's among them). */
export async function mustBeTraysOf(trx: Trx, ctx: WriteCtx, batchId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await trx
    .selectFrom('trays')
    .selectAll()
    .where('company_id', '=', ctx.companyId)
    .where('batch_id', '=', batchId)
    .where('id', 'in', unique)
    .execute();
  if (rows.length !== unique.length) throw badRequest(M.trayNotInBatch);
  return rows;
}

type Edit = TrayEditValues;

/**
 * Saves accepted edits; a tray whose values change is no longer Accepted (Accepted means this
 * version of the tray). When mould, colour and condition are all set, the tray's item is kept if
 * it is a variant of them, else becomes their first variant, or none when there is none; without
 * all three the item is cleared. Each tray gets the change's version (fillers' devices see it).
 */
export async function saveTrays(trx: Trx, ctx: WriteCtx, batchId: number, edits: Edit[]) {
  await mustHoldClaim(trx, ctx, batchId);
  const version = await ctx.version();
  const rows = await mustBeTraysOf(
    trx,
    ctx,
    batchId,
    edits.map((e) => e.tray_id),
  );
  const saved = new Map(rows.map((r) => [r.id, r]));
  const moulds = [...new Set(edits.flatMap((e) => (e.mold_id === null ? [] : [e.mold_id])))];
  const colours = [...new Set(edits.flatMap((e) => (e.colour_id === null ? [] : [e.colour_id])))];
  const knownMoulds = await existingIds(trx, 'moulds', moulds);
  if (moulds.some((m) => !knownMoulds.has(m))) throw badRequest(M.moldNotFound);
  const knownColours = await existingIds(trx, 'colours', colours);
  if (colours.some((c) => !knownColours.has(c))) throw badRequest(M.colourNotFound);
  const variants = await variantsOfMoulds(trx, ctx.companyId, moulds);
  const now = nowIso();
  for (const e of edits) {
    let itemId: number | null = null;
    if (e.mold_id !== null && e.colour_id !== null && e.condition !== null) {
      const matching = variants.filter(
        (v) =>
          v.mold_id === e.mold_id && v.colour_id === e.colour_id && v.condition === e.condition,
      );
      itemId = (matching.find((v) => v.id === e.item_id) ?? matching[0])?.id ?? null;
    }
    const values = {
      item_id: itemId,
      mold_id: e.mold_id,
      colour_id: e.colour_id,
      condition: e.condition,
      quantity: e.quantity,
      price: toThousandths(e.price),
      status: e.status,
      comments: e.comments,
    };
    const before = saved.get(e.tray_id)!;
    await trx
      .updateTable('trays')
      .set({
        ...values,
        ...(changes(before, values) ? { accepted: 0 } : {}),
        last_edit_user_id: ctx.userId,
        date_of_last_edit: now,
        version,
      })
      .where('id', '=', e.tray_id)
      .where('company_id', '=', ctx.companyId)
      .execute();
  }
}

/** A new tray at the end of the batch, its item the first variant of its mould, colour, condition. */
export async function addTray(trx: Trx, ctx: WriteCtx, batchId: number, t: TrayAddValues) {
  await mustHoldClaim(trx, ctx, batchId);
  const version = await ctx.version();
  const nr = await nextTrayNr(trx, batchId);
  const now = nowIso();
  const row = await trx
    .insertInto('trays')
    .values({
      company_id: ctx.companyId,
      batch_id: batchId,
      tray_nr: nr,
      item_id: null,
      mold_id: null,
      colour_id: null,
      condition: null,
      quantity: t.quantity,
      price: toThousandths(t.price),
      status: t.status,
      ...newTray(ctx.userId, now, version),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await saveTrays(trx, ctx, batchId, [
    {
      tray_id: row.id,
      item_id: null,
      mold_id: t.mold_id,
      colour_id: t.colour_id,
      condition: t.condition,
      quantity: t.quantity,
      price: t.price,
      status: t.status,
      comments: '',
    },
  ]);
}

async function nextTrayNr(trx: Trx, batchId: number): Promise<number> {
  const row = await trx
    .selectFrom('trays')
    .select(sql<number>`coalesce(max(tray_nr), 0)`.as('n'))
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  return Number(row.n) + 1;
}

/** Copies of the chosen trays at the end of the batch, not accepted, created by the caller. */
export async function duplicateTrays(trx: Trx, ctx: WriteCtx, batchId: number, ids: number[]) {
  await mustHoldClaim(trx, ctx, batchId);
  const version = await ctx.version();
  const rows = await mustBeTraysOf(trx, ctx, batchId, ids);
  rows.sort((a, b) => a.tray_nr - b.tray_nr);
  let nr = await nextTrayNr(trx, batchId);
  const now = nowIso();
  for (const r of rows) {
    await trx
      .insertInto('trays')
      .values({
        company_id: ctx.companyId,
        batch_id: batchId,
        tray_nr: nr++,
        item_id: r.item_id,
        mold_id: r.mold_id,
        colour_id: r.colour_id,
        condition: r.condition,
        quantity: r.quantity,
        price: r.price,
        status: r.status === 'filled' || r.status === 'uploaded' ? ON_FLOOR : r.status,
        accepted: 0,
        is_public: r.is_public,
        comments: r.comments,
        ...newTray(ctx.userId, now, version),
      })
      .execute();
  }
}

/** Deletes the chosen trays; fillers' devices drop them (tombstones). */
export async function deleteTrays(trx: Trx, ctx: WriteCtx, batchId: number, ids: number[]) {
  await mustHoldClaim(trx, ctx, batchId);
  const version = await ctx.version();
  const rows = await mustBeTraysOf(trx, ctx, batchId, ids);
  const unique = rows.map((r) => r.id);
  await trx.deleteFrom('trays').where('id', 'in', unique).execute();
  await recordTombstones(trx, ctx.companyId, 'trays', unique, version);
}

/**
 * Each chosen tray with a variant takes the variant's price (the price in the item database); a
 * tray whose price changes is no longer Accepted.
 */
export async function updatePrices(trx: Trx, ctx: WriteCtx, batchId: number, ids: number[]) {
  await mustHoldClaim(trx, ctx, batchId);
  const version = await ctx.version();
  const rows = await mustBeTraysOf(trx, ctx, batchId, ids);
  const itemIds = [...new Set(rows.flatMap((r) => (r.item_id === null ? [] : [r.item_id])))];
  if (itemIds.length === 0) return;
  const items = await trx
    .selectFrom('items')
    .select(['id', 'price'])
    .where('company_id', '=', ctx.companyId)
    .where('id', 'in', itemIds)
    .execute();
  const priceOf = new Map(items.map((i) => [i.id, Number(i.price)]));
  for (const r of rows) {
    const price = r.item_id === null ? undefined : priceOf.get(r.item_id);
    if (price === undefined) continue;
    const changed = Number(r.price) !== price;
    await trx
      .updateTable('trays')
      .set({ price, ...(changed ? { accepted: 0 } : {}), ...touched(ctx), version })
      .where('id', '=', r.id)
      .execute();
  }
}

/**
 * Moves the chosen trays into a new batch of the project ('in progress', unclaimed), numbered
 * from 1 in their order. Trays leaving a batch on the floor leave fillers' devices.
 */
export async function splitTrays(
  trx: Trx,
  ctx: WriteCtx,
  projectId: number,
  batchId: number,
  body: { name: string; comments: string; items: number[] },
): Promise<number> {
  const onFloor = await mustHoldClaim(trx, ctx, batchId);
  const version = await ctx.version();
  const name = body.name.trim();
  if (name === '') throw badRequest(M.splitNameEmpty);
  const taken = await trx
    .selectFrom('batches')
    .select('id')
    .where('company_id', '=', ctx.companyId)
    .where('project_id', '=', projectId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (taken) throw badRequest(M.splitNameTaken);
  const rows = await mustBeTraysOf(trx, ctx, batchId, body.items);
  rows.sort((a, b) => a.tray_nr - b.tray_nr);
  const createdId = await createBatch(trx, ctx, projectId, { name, comments: body.comments });
  let nr = 1;
  for (const r of rows) {
    await trx
      .updateTable('trays')
      .set({ batch_id: createdId, tray_nr: nr++, ...touched(ctx), version })
      .where('id', '=', r.id)
      .execute();
  }
  const moved = rows.map((r) => r.id);
  if (onFloor) await recordTombstones(trx, ctx.companyId, 'trays', moved, version);
  return createdId;
}

/** A new variant of the company (public unless told otherwise, empty notes, price 0). */
export async function createVariant(trx: Trx, ctx: WriteCtx, v: VariantCreate): Promise<number> {
  const version = await ctx.version();
  const moulds = await existingIds(trx, 'moulds', [Number(v.mold_id)]);
  if (moulds.size === 0) throw badRequest(M.moldNotFound);
  const colours = await existingIds(trx, 'colours', [Number(v.colour_id)]);
  if (colours.size === 0) throw badRequest(M.colourNotFound);
  const row = await trx
    .insertInto('items')
    .values({
      company_id: ctx.companyId,
      mold_id: Number(v.mold_id),
      colour_id: Number(v.colour_id),
      condition: v.condition,
      completeness: v.completeness ?? null,
      note_private: v.note_private ?? '',
      note_public: v.note_public ?? '',
      is_public: v.is_public === 0 ? 0 : 1,
      readable_id: null,
      creator_user_id: ctx.userId,
      date_of_creation: nowIso(),
      last_edit_user_id: null,
      date_of_last_edit: null,
      version,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
