import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { ConditionName, Completeness } from '../../db/schema-domain';
import type { Database, JobItemState } from '../../db/schema';
import type { BlItemType } from '../../marketplaces/bricklink/types';
import type { BoCondition, BoItemType } from '../../marketplaces/brickowl/types';
import { joinItemLooks } from '../../db/item-joins';
import { holdsNone } from '../stock-sync/available';
import type { LotFields } from './lot-fields';

/** One lot of an upload: the job item and what the warehouse knows of it. */
export interface UploadLot extends LotFields {
  jobItemId: number;
  itemId: number;
  syncBatchItemId: number | null;
  state: JobItemState;
  quantity: number;
  /** thousandths */
  price: number;
  notePublic: string;
  notePrivate: string;
  condition: ConditionName;
  completeness: Completeness | null;
  typeCode: string;
  blItemNo: string | null;
  blColourId: number | null;
  boid: string | null;
  boColourId: number | null;
}

/** The store item's own copy of what a lot carries besides quantity and price. */
export const lotFields = (lot: UploadLot) => ({
  tier_price: lot.tierPrice,
  bulk_size: lot.bulk,
  sale_rate: lot.sale,
  retain: lot.retain ? (1 as const) : (0 as const),
  stockroom: lot.stockroom,
});

export const BL_TYPES: Record<string, BlItemType> = {
  P: 'PART',
  S: 'SET',
  M: 'MINIFIG',
  B: 'BOOK',
  G: 'GEAR',
  C: 'CATALOG',
  I: 'INSTRUCTION',
  O: 'ORIGINAL_BOX',
};
export const BO_TYPES: Record<string, BoItemType> = {
  P: 'Part',
  S: 'Set',
  M: 'Minifigure',
  G: 'Gear',
  I: 'Instructions',
  O: 'Packaging',
};
export const BO_CONDITION: Record<ConditionName, BoCondition> = {
  NEW: 'new',
  LIKE_NEW: 'usedn',
  GOOD: 'usedg',
  ACCEPTABLE: 'useda',
};
export const BL_COMPLETENESS: Record<Completeness, 'S' | 'C' | 'B'> = {
  SEALED: 'S',
  COMPLETE: 'C',
  INCOMPLETE: 'B',
};

/**
 * Our mark on a lot we create: BrickOwl keeps it as the lot's external id; on BrickLink (which
 * answers a create of several lots with no ids) it ends the lot's private remarks, so the lot is
 * found again by listing the store.
 */
export const lotMark = (jobItemId: number) => `bw-${jobItemId}`;

/** The job's lots not yet finished, with their catalog ids on both marketplaces. */
export async function openLots(db: Kysely<Database>, jobId: number): Promise<UploadLot[]> {
  const rows = await db
    .selectFrom('job_items as j')
    .innerJoin('sync_batch_items as s', 's.id', 'j.sync_batch_item_id')
    .$call(joinItemLooks('j.item_id'))
    .innerJoin('item_types as t', 't.id', 'm.type_id')
    .select([
      'j.id',
      'j.item_id',
      'j.sync_batch_item_id',
      'j.state',
      's.quantity',
      's.price',
      's.note_public',
      's.note_private',
      's.tier_price',
      's.bulk_size',
      's.sale_rate',
      's.retain',
      's.stockroom',
      'i.condition',
      'i.completeness',
      't.bsx_code',
      'm.bl_mold_id',
      'm.brickowl_id',
      'c.bl_colour_id',
      'c.brickowl_colour_id',
    ])
    .where('j.job_id', '=', jobId)
    .where('j.state', 'in', ['pending', 'sent'])
    .orderBy('j.id')
    .execute();
  return rows.map((r) => ({
    jobItemId: Number(r.id),
    itemId: Number(r.item_id),
    syncBatchItemId: r.sync_batch_item_id === null ? null : Number(r.sync_batch_item_id),
    state: r.state,
    quantity: Number(r.quantity),
    price: Number(r.price),
    notePublic: r.note_public,
    notePrivate: r.note_private,
    condition: r.condition,
    completeness: r.completeness,
    typeCode: r.bsx_code,
    blItemNo: r.bl_mold_id,
    blColourId: r.bl_colour_id === null ? null : Number(r.bl_colour_id),
    boid: r.brickowl_id,
    boColourId: r.brickowl_colour_id === null ? null : Number(r.brickowl_colour_id),
    tierPrice: r.tier_price,
    bulk: Number(r.bulk_size),
    sale: Number(r.sale_rate),
    retain: Number(r.retain) === 1,
    stockroom: r.stockroom,
  }));
}

/** Sets the lots' state, in the database (one statement) and on the lots themselves. */
async function setState(
  db: Kysely<Database>,
  lots: UploadLot[],
  state: 'sent' | 'pending',
): Promise<void> {
  if (lots.length === 0) return;
  await db
    .updateTable('job_items')
    .set({ state, updated_at: nowIso() })
    .where(
      'id',
      'in',
      lots.map((l) => l.jobItemId),
    )
    .execute();
  for (const l of lots) l.state = state;
}

/** Marks lots `sent` before the call that creates them (so a crash leaves them to be checked). */
export async function markSent(db: Kysely<Database>, lots: UploadLot[]): Promise<void> {
  await setState(db, lots, 'sent');
}

/** Back to `pending`: the marketplace has no such lot, so it may be sent again. */
export async function markPending(db: Kysely<Database>, lots: UploadLot[]): Promise<void> {
  await setState(db, lots, 'pending');
}

export async function markFailed(
  db: Kysely<Database>,
  lot: UploadLot,
  error: string,
): Promise<void> {
  await db
    .updateTable('job_items')
    .set({ state: 'failed', error, updated_at: nowIso() })
    .where('id', '=', lot.jobItemId)
    .execute();
  lot.state = 'failed';
}

/**
 * A lot is on the marketplace: the job item is done with its lot id, and the store's item records
 * it (quantity added, price, tiers, bulk, sale, retain and stockroom set), in one transaction.
 */
export async function markDone(
  db: Kysely<Database>,
  companyId: number,
  storeId: number,
  lot: UploadLot,
  lotId: string,
): Promise<void> {
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('job_items')
      .set({ state: 'done', marketplace_lot_id: lotId, error: null, updated_at: now })
      .where('id', '=', lot.jobItemId)
      .execute();
    await trx
      .insertInto('store_items')
      .values({
        company_id: companyId,
        store_id: storeId,
        item_id: lot.itemId,
        external_lot_id: lotId,
        store_quantity: lot.quantity,
        listed_quantity: lot.quantity,
        store_price: lot.price,
        note_public: lot.notePublic,
        note_private: lot.notePrivate,
        ...lotFields(lot),
        needs_upload: 0,
        stock_elsewhere: holdsNone(companyId, lot.itemId),
        synced_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['store_id', 'item_id']).doUpdateSet((eb) => ({
          external_lot_id: lotId,
          store_quantity: eb('store_items.store_quantity', '+', lot.quantity),
          listed_quantity: lot.quantity,
          store_price: lot.price,
          ...lotFields(lot),
          synced_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await markBatchItemUploaded(trx, lot, now);
  });
  lot.state = 'done';
}

/** The batch item of a lot that reached the store records when. */
export async function markBatchItemUploaded(
  trx: Transaction<Database>,
  lot: UploadLot,
  now: string,
): Promise<void> {
  if (lot.syncBatchItemId === null) return;
  await trx
    .updateTable('sync_batch_items')
    .set({ uploaded_at: now })
    .where('id', '=', lot.syncBatchItemId)
    .execute();
}
