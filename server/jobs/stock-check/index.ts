import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { queueForStores } from '../queue';
import { storeClient, type StoreClient } from '../store-client';
import { JobFailure, type JobContext } from '../types';
import { toSend } from '../stock-sync/items';
import {
  compareLots,
  thousandths,
  type CheckedItem,
  type Difference,
  type MarketLot,
} from './compare';
import { joinItemLooks } from '../../db/item-joins';

export const STOCK_CHECK = 'stock_check';
export const NO_CHECK_STORE = 'There is no store with credentials to check: add one in Stores';
export { compareLots } from './compare';

/** Every lot of the store, read in one listing call. Nothing on the store is changed. */
async function storeLots(client: StoreClient): Promise<MarketLot[]> {
  if (client.platform === 'BRICKLINK') {
    const lots = await client.bricklink.listInventories();
    return lots.map((l) => ({
      id: String(l.inventory_id),
      quantity: Number(l.quantity),
      price: thousandths(l.unit_price),
    }));
  }
  const lots = await client.brickowl.listInventory();
  return lots.map((l) => ({
    id: String(l.lot_id),
    quantity: Number(l.quantity),
    price: thousandths(l.price),
  }));
}

/** The store's items as the warehouse believes they are listed, with the item in words. */
async function checkedItems(
  db: Kysely<Database>,
  companyId: number,
  storeId: number,
): Promise<(CheckedItem & { seq: number })[]> {
  const rows = await db
    .selectFrom('store_items as si')
    .$call(joinItemLooks('si.item_id'))
    .select([
      'si.id',
      'si.item_id',
      'si.external_lot_id',
      'si.listed_quantity',
      'si.store_price',
      'si.needs_upload',
      'si.sending_quantity',
      'si.change_seq',
      'm.bl_mold_id',
      'm.name as mould',
      'c.name as colour',
    ])
    .where('si.company_id', '=', companyId)
    .where('si.store_id', '=', storeId)
    .orderBy('si.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    itemId: Number(r.item_id),
    lotId: r.external_lot_id,
    listed: Number(r.listed_quantity),
    price: Number(r.store_price),
    changing: Number(r.needs_upload) === 1 || r.sending_quantity !== null,
    words: [r.bl_mold_id, r.mould, 'in', r.colour].filter(Boolean).join(' '),
    seq: Number(r.change_seq),
  }));
}

/**
 * Records a difference: a stock issue for a person (unless the same one is still unresolved) and
 * a failed job item for the Jobs screen. A lot holding MORE than the warehouse believes takes the
 * marketplace's number as listed, so the next stock sync lowers it to what the warehouse wants on
 * sale (never overselling). A lot holding LESS is only reported: a sale order intake has not
 * imported yet looks the same, and intake lowers the record itself when it does; raising the lot
 * back could sell those bricks twice.
 */
async function record(
  ctx: JobContext,
  storeId: number,
  difference: Difference<CheckedItem & { seq: number }>,
): Promise<void> {
  const { job } = ctx;
  const { item, text } = difference;
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    const open = await trx
      .selectFrom('stock_item_errors')
      .select('id')
      .where('company_id', '=', job.company_id)
      .where('store_item_id', '=', item.id)
      .where('description', '=', text)
      .where('is_resolved', '=', 0)
      .executeTakeFirst();
    if (!open) {
      await trx
        .insertInto('stock_item_errors')
        .values({
          company_id: job.company_id,
          store_id: storeId,
          store_item_id: item.id,
          item_id: item.itemId,
          description: text,
          created_at: now,
          resolved_at: null,
        })
        .execute();
    }
    if (difference.kind === 'quantity' && difference.quantity > item.listed) {
      // Only if nothing changed since the item was read: a change on its way is sent as it is.
      await trx
        .updateTable('store_items')
        .set((eb) => ({
          listed_quantity: difference.quantity,
          ...toSend(eb, now),
        }))
        .where('id', '=', item.id)
        .where('change_seq', '=', item.seq)
        .where('sending_quantity', 'is', null)
        .execute();
    }
    await trx
      .insertInto('job_items')
      .values({
        job_id: job.id,
        company_id: job.company_id,
        store_id: storeId,
        sync_batch_item_id: null,
        item_id: item.itemId,
        state: 'failed',
        marketplace_lot_id: item.lotId,
        error: text,
        updated_at: now,
      })
      .execute();
  });
}

/**
 * The stock-check job: reads all of one store's lots in one call and compares them with what the
 * warehouse believes is listed. Differences become stock issues; nothing is sent to the store.
 */
export async function runStockCheck(ctx: JobContext): Promise<void> {
  const { db, job } = ctx;
  if (job.store_id === null) throw new JobFailure('The stock check has no store');
  await ctx.progress('Reading the store', 0, 0);
  const client = await storeClient(db, ctx.clients, job.company_id, job.store_id);
  const lots = await storeLots(client);
  ctx.afterStep();
  if (ctx.signal.aborted) return;
  const items = await checkedItems(db, job.company_id, job.store_id);
  const market = client.platform === 'BRICKLINK' ? 'BrickLink' : 'BrickOwl';
  const differences = compareLots(market, items, lots);
  await ctx.progress('Comparing the lots', 0, lots.length);
  for (const difference of differences) await record(ctx, job.store_id, difference);
  await ctx.progress(
    `Checked ${lots.length} lots: ${differences.length} ${differences.length === 1 ? 'difference' : 'differences'}`,
    lots.length,
    lots.length,
  );
}

/** Queues a stock check for each store with credentials (or the ones given), once. */
export function queueStockChecks(
  db: Kysely<Database>,
  companyId: number,
  userId: number | null,
  storeIds?: number[],
): Promise<number[]> {
  return queueForStores(db, STOCK_CHECK, companyId, userId, storeIds);
}
