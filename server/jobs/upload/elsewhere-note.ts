import { StockElsewhereMessages } from '../../../contract/sync-batches';
import { nowIso } from '../../db/dialect';
import { joinItemLooks } from '../../db/item-joins';
import type { JobContext } from '../types';

/** How many lots the log line names. */
const NAMED = 10;

/**
 * Tells in the company's marketplace log (the Logs screen) which lots this upload put on the store
 * as stock kept elsewhere: lots of items the warehouse held none of in its locations, which the
 * stock sync lowers by what is sold rather than to the warehouse's stock. Nothing when there are
 * none; never fails the upload.
 */
export async function noteStockElsewhere(ctx: JobContext, syncBatchId: number): Promise<void> {
  const { db, job } = ctx;
  try {
    const rows = await db
      .selectFrom('job_items as j')
      .innerJoin('store_items as si', (join) =>
        join.onRef('si.store_id', '=', 'j.store_id').onRef('si.item_id', '=', 'j.item_id'),
      )
      .$call(joinItemLooks('j.item_id'))
      .select(['m.bl_mold_id', 'm.name as mould', 'c.name as colour', 'i.condition'])
      .distinct()
      .where('j.job_id', '=', job.id)
      .where('j.state', '=', 'done')
      .where('si.stock_elsewhere', '=', 1)
      .orderBy('m.bl_mold_id')
      .execute();
    if (rows.length === 0) return;
    const store = await db
      .selectFrom('stores')
      .select('name')
      .where('id', '=', job.store_id)
      .executeTakeFirst();
    const words = rows.map((r) =>
      [r.bl_mold_id, r.mould, 'in', r.colour, `(${r.condition.toLowerCase().replace('_', ' ')})`]
        .filter(Boolean)
        .join(' '),
    );
    const message = [
      `Upload of sync batch ${syncBatchId}${store ? ` to '${store.name}'` : ''}:`,
      StockElsewhereMessages.none(words.slice(0, NAMED), words.length),
      StockElsewhereMessages.uploaded,
    ].join(' ');
    await db
      .insertInto('log_entries')
      .values({
        company_id: job.company_id,
        created_at: nowIso(),
        level: 'info',
        message,
        store_id: job.store_id,
        context: JSON.stringify({ job_id: job.id, kind: job.kind, stock_elsewhere: rows.length }),
      })
      .execute();
  } catch {
    // The log is a record for people; the upload stands without it.
  }
}
