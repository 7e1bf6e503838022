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
import { BL_TYPE_CODE } from '../order-intake/catalog';
import { brickowlCondition } from '../order-intake/market';
import { boidColour, recordUnknownLots } from './unknown';

export const STOCK_CHECK = 'stock_check';
export const NO_CHECK_STORE = 'There is no store with credentials to check: add one in Stores';
export { compareLots } from './compare';

/** Our upload's mark at the end of a BrickLink lot's remarks ("… [bw-123]"). */
const blMark = (remarks: string | undefined) => /\[(bw-\d+)\]\s*$/.exec(remarks ?? '')?.[1] ?? null;

/** Tier pairs as listed (quantity, price as a decimal) as the warehouse keeps them: 'Q1:P1,…'. */
function tierText(tiers: [number | undefined, string | number | undefined][]): string | null {
  const kept = tiers.filter(([q, p]) => q !== undefined && q > 0 && p !== undefined);
  return kept.length === 0 ? null : kept.map(([q, p]) => `${q}:${thousandths(p!)}`).join(',');
}

/** BrickLink's stockroom of a lot in one: A, B or C (an unnamed one is A). */
const stockroomOf = (id: string | undefined): 'A' | 'B' | 'C' =>
  id === 'B' || id === 'C' ? id : 'A';

/** Every lot of the store, read in one listing call. Nothing on the store is changed. */
export async function storeLots(client: StoreClient): Promise<MarketLot[]> {
  if (client.platform === 'BRICKLINK') {
    const lots = await client.bricklink.listInventories();
    return lots.map((l) => ({
      id: String(l.inventory_id),
      quantity: Number(l.quantity),
      price: thousandths(l.unit_price),
      info: {
        blItemNo: l.item.no,
        typeCode: BL_TYPE_CODE[l.item.type] ?? null,
        boid: null,
        colourId: l.color_id,
        condition: l.new_or_used === 'N' ? 'NEW' : 'GOOD',
        notePublic: l.description ?? '',
        notePrivate: (l.remarks ?? '').replace(/\s*\[bw-\d+\]\s*$/, ''),
        mark: blMark(l.remarks),
        fields: {
          tierPrice: tierText([
            [l.tier_quantity1, l.tier_price1],
            [l.tier_quantity2, l.tier_price2],
            [l.tier_quantity3, l.tier_price3],
          ]),
          bulk: Math.max(1, l.bulk ?? 1),
          sale: l.sale_rate ?? 0,
          retain: l.is_retain ?? false,
          stockroom: l.is_stock_room ? stockroomOf(l.stock_room_id) : null,
        },
      },
    }));
  }
  // Sold-out and hidden lots too: BrickOwl lists only lots for sale with a quantity unless told.
  const lots = await client.brickowl.listInventory({ activeOnly: false });
  return lots.map((l) => ({
    id: l.lotId,
    quantity: l.quantity,
    price: thousandths(l.price),
    info: {
      blItemNo: null,
      typeCode: null,
      boid: l.boid,
      colourId: boidColour(l.boid),
      condition: brickowlCondition(l),
      notePublic: l.publicNote,
      notePrivate: l.personalNote,
      mark: l.externalId && /^bw-\d+$/.test(l.externalId) ? l.externalId : null,
      fields: {
        tierPrice: tierText(l.tiers.map((t) => [t.quantity, t.price])),
        bulk: l.bulkQty,
        sale: l.salePercent,
        retain: false,
        // BrickOwl has no stockroom: a lot kept off sale is kept as one, as uploads send it.
        stockroom: l.forSale ? null : 'A',
      },
    },
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
 * warehouse believes is listed. Differences become stock issues; lots the warehouse does not know
 * are recorded for a person to adopt or remove (recordUnknownLots); nothing is sent to the store.
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
  // The other way round: lots on the store that the warehouse does not know.
  const unknown = await recordUnknownLots(ctx, client, lots);
  await ctx.progress(
    `Checked ${lots.length} lots: ${differences.length} ${differences.length === 1 ? 'difference' : 'differences'}` +
      (unknown === 0
        ? ''
        : `, ${unknown} ${unknown === 1 ? 'lot' : 'lots'} the warehouse does not know`),
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
