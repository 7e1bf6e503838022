import { sql } from 'kysely';
import { FillingRejectCode as Code, type TrayFillArgs } from '../../../contract/mutations/filling';
import { WarehouseMessages as M, traysWithoutItemMessage } from '../../../contract/warehouse';
import { nowIso } from '../../db/dialect';
import { countRows } from '../../db/count-rows';
import { recordTombstones } from '../../sync';
import { companyRow, mustBeCompanyRow } from '../../write/company-row';
import { refuse, type Trx, type WriteCtx } from '../../write/context';

/**
 * Filling trays and storing batches (docs/filling.md). Both put a tray's bricks on a shelf:
 * the tray becomes 'filled' at the location and its quantity is added to the stock there, in the
 * caller's transaction. The tray update is conditional on the tray not being filled yet, so a
 * repeated or concurrent fill adds nothing (one of them wins, the others are refused).
 */

/** Tray statuses that mean the bricks are already on a shelf. */
const DONE = ['filled', 'uploaded'] as const;

export interface FillResult {
  tray_id: number;
  location_id: number;
  item_id: number;
  quantity: number;
  location_quantity: number;
  batch_status: string;
}

export async function requireLocation(trx: Trx, ctx: WriteCtx, locationId: number) {
  await mustBeCompanyRow(trx, 'locations', ctx.companyId, locationId, () =>
    refuse(404, Code.locationNotFound, M.locationNotFound),
  );
}

export async function fillTray(
  trx: Trx,
  ctx: WriteCtx,
  args: TrayFillArgs & { item_id?: number | null; colour_id?: number | null },
): Promise<FillResult> {
  const version = await ctx.version();
  const tray = await trx
    .selectFrom('trays as t')
    .leftJoin('items as i', (j) =>
      j.onRef('i.id', '=', 't.item_id').on('i.company_id', '=', ctx.companyId),
    )
    .select(['t.id', 't.batch_id', 't.status', 't.item_id', 't.quantity', 'i.colour_id'])
    .where('t.id', '=', args.tray_id)
    .where('t.company_id', '=', ctx.companyId)
    .executeTakeFirst();
  if (!tray) throw refuse(404, Code.trayNotFound, M.trayNotFound);
  if ((DONE as readonly string[]).includes(tray.status)) {
    throw refuse(409, Code.trayAlreadyFilled, M.trayAlreadyFilled);
  }
  if (tray.item_id === null || tray.colour_id === null) {
    throw refuse(409, Code.trayHasNoItem, M.trayHasNoItem);
  }
  if (
    (args.item_id != null && args.item_id !== tray.item_id) ||
    (args.colour_id != null && args.colour_id !== tray.colour_id)
  ) {
    throw refuse(409, Code.itemMismatch, M.itemMismatch);
  }
  await requireLocation(trx, ctx, args.location_id);

  const quantity = args.quantity ?? Number(tray.quantity);
  const now = nowIso();
  const res = await trx
    .updateTable('trays')
    .set({
      status: 'filled',
      location_id: args.location_id,
      quantity,
      filled_by_user_id: ctx.userId,
      filled_at: now,
      last_edit_user_id: ctx.userId,
      date_of_last_edit: now,
      version,
    })
    .where('id', '=', tray.id)
    .where('company_id', '=', ctx.companyId)
    .where('status', 'not in', DONE)
    .executeTakeFirst();
  // Someone filled it between our read and this write (SQLite never gets here; PostgreSQL
  // re-checks the row after waiting for the other transaction).
  if (Number(res.numUpdatedRows) !== 1) {
    throw refuse(409, Code.trayAlreadyFilled, M.trayAlreadyFilled);
  }
  const location_quantity = await addStock(trx, ctx, version, {
    location_id: args.location_id,
    item_id: tray.item_id,
    colour_id: tray.colour_id,
    quantity,
  });
  const batch_status = await touchBatch(trx, ctx, version, tray.batch_id);
  return {
    tray_id: tray.id,
    location_id: args.location_id,
    item_id: tray.item_id,
    quantity,
    location_quantity,
    batch_status,
  };
}

/**
 * Stores a batch: every tray still 'ready for filling' becomes filled at the location and the
 * bricks are added there. All or nothing: a tray without an item refuses the whole store.
 */
export async function storeBatch(
  trx: Trx,
  ctx: WriteCtx,
  batchId: number,
  locationId: number,
): Promise<{ filled_trays: number; quantity: number }> {
  const version = await ctx.version();
  const batch = await companyRow(trx, 'batches', ctx.companyId, batchId, ['id', 'status'], () =>
    refuse(404, Code.batchNotFound, M.batchNotFound),
  );
  if (batch.status !== 'ready for filling') {
    throw refuse(409, Code.batchNotReady, M.batchNotReady);
  }
  await requireLocation(trx, ctx, locationId);

  const now = nowIso();
  const filled = await trx
    .updateTable('trays')
    .set({
      status: 'filled',
      location_id: locationId,
      filled_by_user_id: ctx.userId,
      filled_at: now,
      last_edit_user_id: ctx.userId,
      date_of_last_edit: now,
      version,
    })
    .where('batch_id', '=', batchId)
    .where('company_id', '=', ctx.companyId)
    .where('status', '=', 'ready for filling')
    .returning(['id', 'tray_nr', 'item_id', 'quantity'])
    .execute();
  if (filled.length === 0) throw refuse(409, Code.nothingToStore, M.batchNothingToStore);
  const without = filled.filter((t) => t.item_id === null).map((t) => Number(t.tray_nr));
  if (without.length > 0) {
    // Thrown inside the transaction: the trays updated above are rolled back with it.
    throw refuse(409, Code.trayHasNoItem, traysWithoutItemMessage(without.sort((a, b) => a - b)));
  }

  // One stock change per item (a batch may hold several trays of one item).
  const perItem = new Map<number, number>();
  for (const t of filled) {
    perItem.set(t.item_id!, (perItem.get(t.item_id!) ?? 0) + Number(t.quantity));
  }
  const colours = await trx
    .selectFrom('items')
    .select(['id', 'colour_id'])
    .where('company_id', '=', ctx.companyId)
    .where('id', 'in', [...perItem.keys()])
    .execute();
  const colourOf = new Map(colours.map((c) => [c.id, c.colour_id]));
  let total = 0;
  for (const [item_id, quantity] of perItem) {
    await addStock(trx, ctx, version, {
      location_id: locationId,
      item_id,
      colour_id: colourOf.get(item_id)!,
      quantity,
    });
    total += quantity;
  }
  await touchBatch(trx, ctx, version, batchId);
  return { filled_trays: filled.length, quantity: total };
}

/** Adds to the stock of an item at a location (creating the row); returns the new stock. */
export async function addStock(
  trx: Trx,
  ctx: WriteCtx,
  version: number,
  s: { location_id: number; item_id: number; colour_id: number; quantity: number },
): Promise<number> {
  const row = await trx
    .insertInto('location_content')
    .values({
      company_id: ctx.companyId,
      location_id: s.location_id,
      item_id: s.item_id,
      colour_id: s.colour_id,
      quantity: s.quantity,
      updated_at: nowIso(),
      version,
    })
    .onConflict((oc) =>
      oc.columns(['location_id', 'item_id']).doUpdateSet({
        quantity: sql<number>`location_content.quantity + ${s.quantity}`,
        updated_at: nowIso(),
        version,
      }),
    )
    .returning('quantity')
    .executeTakeFirstOrThrow();
  return Number(row.quantity);
}

/**
 * Marks the batch edited; when no tray is left to fill, the batch becomes 'filled' and its trays
 * leave the floor's `trays` collection (tombstones). Returns the batch's status.
 */
async function touchBatch(trx: Trx, ctx: WriteCtx, version: number, batchId: number) {
  // The batch row first: fills of one batch wait here for each other, so of the last two trays
  // filled side by side the second to commit counts the first as filled.
  const now = nowIso();
  await trx
    .updateTable('batches')
    .set({ date_of_last_edit: now, last_edit_user_id: ctx.userId, version })
    .where('id', '=', batchId)
    .where('company_id', '=', ctx.companyId)
    .execute();
  const left = await countRows(
    trx
      .selectFrom('trays')
      .where('batch_id', '=', batchId)
      .where('company_id', '=', ctx.companyId)
      .where('status', '=', 'ready for filling'),
  );
  const batch = await trx
    .selectFrom('batches')
    .select('status')
    .where('id', '=', batchId)
    .where('company_id', '=', ctx.companyId)
    .executeTakeFirstOrThrow();
  const done = left === 0 && batch.status === 'ready for filling';
  if (done) {
    await trx
      .updateTable('batches')
      .set({ status: 'filled' })
      .where('id', '=', batchId)
      .where('company_id', '=', ctx.companyId)
      .execute();
    await batchLeftFloor(trx, ctx.companyId, batchId, version);
  }
  return done ? 'filled' : batch.status;
}

/**
 * For the digitizing side: when a batch becomes 'ready for filling', stamp its trays with the
 * transaction's version so devices pull them (rows older than a device's cursor are not sent).
 */
export async function batchEnteredFloor(
  trx: Trx,
  companyId: number,
  batchId: number,
  version: number,
): Promise<void> {
  await trx
    .updateTable('trays')
    .set({ version })
    .where('batch_id', '=', batchId)
    .where('company_id', '=', companyId)
    .execute();
}

/**
 * When a batch stops being 'ready for filling' (filled, or set back by the digitizing side), its
 * trays leave the fillers' devices: a tombstone for each.
 */
export async function batchLeftFloor(
  trx: Trx,
  companyId: number,
  batchId: number,
  version: number,
): Promise<void> {
  const trays = await trx
    .selectFrom('trays')
    .select('id')
    .where('batch_id', '=', batchId)
    .where('company_id', '=', companyId)
    .execute();
  const trayIds = trays.map((t) => t.id);
  await recordTombstones(trx, companyId, 'trays', trayIds, version);
}
