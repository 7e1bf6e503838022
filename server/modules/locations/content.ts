import { sql } from 'kysely';
import { LocationMessages, type ContentRow } from '../../../contract/locations';
import { nowIso } from '../../db/dialect';
import { badRequest, notFound, type AppError } from '../../errors';
import { recordTombstone } from '../../sync';
import { companyRow } from '../../write/company-row';
import type { Trx, WriteCtx } from '../../write/context';
import { mustFind, type Db } from './tree';

/**
 * Writes to a location's content (the stock of items there). Run inside inTransaction (each takes the
 * company's version first). Stock never goes negative (CHECK in SQL); setting a quantity in the tree
 * (a whole number from 0 to 100) is the schema's rule, for PUT only.
 */

/** The company's item with its colour, or the refusal (by default a 404). */
export async function itemOf(
  trx: Db,
  companyId: number,
  itemId: number,
  refusal: () => AppError = () => notFound(LocationMessages.itemNotFound),
) {
  return companyRow(trx, 'items', companyId, itemId, ['id', 'colour_id'], refusal);
}

/** The stock row of an item at a location (undefined: the item lies not there). */
export async function stockRowAt(trx: Db, companyId: number, locationId: number, itemId: number) {
  return trx
    .selectFrom('location_content')
    .select(['id', 'quantity', 'colour_id'])
    .where('company_id', '=', companyId)
    .where('location_id', '=', locationId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
}

/** Sets the stock of an item at a location, adding the item there when it is not yet. */
export async function setQuantity(
  trx: Trx,
  ctx: WriteCtx,
  locationId: number,
  itemId: number,
  quantity: number,
): Promise<ContentRow> {
  const version = await ctx.version();
  const { companyId } = ctx;
  await mustFind(trx, companyId, locationId);
  const item = await itemOf(trx, companyId, itemId);
  const existing = await stockRowAt(trx, companyId, locationId, itemId);
  if (existing) {
    await trx
      .updateTable('location_content')
      .set({ quantity, updated_at: nowIso(), version })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await trx
      .insertInto('location_content')
      .values({
        company_id: companyId,
        location_id: locationId,
        item_id: itemId,
        colour_id: item.colour_id,
        quantity,
        updated_at: nowIso(),
        version,
      })
      .execute();
  }
  return { location_id: locationId, item_id: itemId, colour_id: item.colour_id, quantity };
}

/** Removes an item from a location (whatever its quantity). */
export async function removeItem(
  trx: Trx,
  ctx: WriteCtx,
  locationId: number,
  itemId: number,
  colourId: number,
): Promise<void> {
  const version = await ctx.version();
  const { companyId } = ctx;
  await mustFind(trx, companyId, locationId);
  const row = await stockRowAt(trx, companyId, locationId, itemId);
  if (!row || row.colour_id !== colourId) throw notFound(LocationMessages.notAtLocation);
  await trx.deleteFrom('location_content').where('id', '=', row.id).execute();
  await recordTombstone(trx, companyId, 'location_content', row.id, version);
}

/** Moves all of an item's stock from one location to another, merging with what lies there. */
export async function moveItem(
  trx: Trx,
  ctx: WriteCtx,
  itemId: number,
  fromId: number,
  intoId: number,
): Promise<{ moved: number; quantity: number }> {
  const version = await ctx.version();
  const { companyId } = ctx;
  if (fromId === intoId) throw badRequest(LocationMessages.sameLocation);
  await mustFind(trx, companyId, fromId);
  await mustFind(trx, companyId, intoId);
  const from = await stockRowAt(trx, companyId, fromId, itemId);
  if (!from) throw notFound(LocationMessages.notAtLocation);
  const moved = Number(from.quantity);
  const into = await stockRowAt(trx, companyId, intoId, itemId);
  if (!into) {
    // Nothing there yet: the row itself moves (keeping its id).
    await trx
      .updateTable('location_content')
      .set({ location_id: intoId, updated_at: nowIso(), version })
      .where('id', '=', from.id)
      .execute();
    return { moved, quantity: moved };
  }
  const res = await trx
    .updateTable('location_content')
    .set({ quantity: sql`quantity + ${moved}`, updated_at: nowIso(), version })
    .where('id', '=', into.id)
    .returning('quantity')
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('location_content').where('id', '=', from.id).execute();
  await recordTombstone(trx, companyId, 'location_content', from.id, version);
  return { moved, quantity: Number(res.quantity) };
}
