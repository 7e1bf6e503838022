import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { lotFields, markBatchItemUploaded, type UploadLot } from './lots';
import { toSend } from '../stock-sync/items';

/**
 * Lots of items the store already has a lot of are added to that lot instead of being created
 * beside it: the store item's quantity grows by the lot's, its price, tiers, bulk, sale, retain
 * and stockroom become the batch's, and the change is sent with the store's other changes (as a
 * quantity change, so a sale meanwhile is not undone). Answers the lots still to be created.
 */
export async function addToListedLots(
  db: Kysely<Database>,
  storeId: number,
  lots: UploadLot[],
): Promise<UploadLot[]> {
  const pending = lots.filter((l) => l.state === 'pending');
  if (pending.length === 0) return lots;
  const listed = new Map<number, { id: number; lotId: string }>();
  for (let i = 0; i < pending.length; i += 500) {
    const rows = await db
      .selectFrom('store_items')
      .select(['id', 'item_id', 'external_lot_id'])
      .where('store_id', '=', storeId)
      .where('external_lot_id', 'is not', null)
      .where(
        'item_id',
        'in',
        pending.slice(i, i + 500).map((l) => l.itemId),
      )
      .execute();
    for (const r of rows)
      listed.set(Number(r.item_id), { id: Number(r.id), lotId: r.external_lot_id! });
  }
  const added = new Set<number>();
  const now = nowIso();
  for (const lot of pending) {
    const item = listed.get(lot.itemId);
    if (!item) continue;
    await db.transaction().execute(async (trx) => {
      const took = await trx
        .updateTable('job_items')
        .set({ state: 'done', marketplace_lot_id: item.lotId, error: null, updated_at: now })
        .where('id', '=', lot.jobItemId)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(took.numUpdatedRows) !== 1) return;
      await trx
        .updateTable('store_items')
        .set((eb) => ({
          store_quantity: eb('store_quantity', '+', lot.quantity),
          store_price: lot.price,
          ...lotFields(lot),
          ...toSend(eb, now),
        }))
        .where('id', '=', item.id)
        .execute();
      await markBatchItemUploaded(trx, lot, now);
    });
    added.add(lot.jobItemId);
  }
  return lots.filter((l) => !added.has(l.jobItemId));
}
