import { nowIso } from '../../db/dialect';
import { MarketplaceError } from '../../marketplaces';
import type { JobContext } from '../types';
import { lotMark, markDone, markPending, type UploadLot } from './lots';

/**
 * Whether a create that failed may still have reached the store: its answer was lost (the
 * connection broke), the marketplace failed while acting (5xx) or answered something unreadable.
 * Its lots are then looked up by their mark. Any other refusal (refused credentials or signature,
 * a limit, our own daily budget, a bad lot) created nothing: its lots are simply not sent.
 */
export function mayHaveCreated(err: unknown): boolean {
  if (!(err instanceof MarketplaceError)) return true;
  if (err.code === 'BUDGET_EXHAUSTED') return false;
  return err.code === 'NETWORK' || err.code === 'BAD_RESPONSE' || err.status >= 500;
}

/** How often a lot whose create was lost and is not on the store is sent again in one run. */
export const LOST_TRIES = 3;

/**
 * After a create whose answer was lost has been settled: the lots of `chunk` it did not create
 * (pending again) go back on `queue`, unless one was lost LOST_TRIES times: then the run stops
 * with `stop()`, and the job tries later.
 */
export function requeueLost<T extends { lot: UploadLot; lost: number }>(
  chunk: T[],
  queue: T[],
  stop: () => unknown,
): void {
  const missing = chunk.filter((c) => c.lot.state === 'pending');
  for (const c of missing) c.lost += 1;
  if (missing.some((c) => c.lost >= LOST_TRIES)) throw stop();
  queue.push(...missing);
}

/**
 * Settles lots marked `sent` against the store's lots that carry their marks: a lot found once is
 * done (recorded with its lot id, `onDone` then runs); a lot not found was never created and goes
 * back to pending (it may be sent); a lot found more than once is failed for a person with a stock
 * error naming the lots, and keeps the first lot's id so no later upload creates it again.
 */
export async function settleByMark(
  ctx: JobContext,
  storeId: number,
  lots: UploadLot[],
  found: (mark: string) => string[],
  onDone?: (lot: UploadLot, lotId: string) => Promise<void>,
): Promise<void> {
  const { db, job } = ctx;
  const missing: UploadLot[] = [];
  for (const lot of lots) {
    const seen = found(lotMark(lot.jobItemId));
    if (seen.length === 1) {
      await markDone(db, job.company_id, storeId, lot, seen[0]);
      await onDone?.(lot, seen[0]);
    } else if (seen.length === 0) missing.push(lot);
    else await foundTwice(ctx, storeId, lot, seen);
  }
  await markPending(db, missing);
}

async function foundTwice(
  ctx: JobContext,
  storeId: number,
  lot: UploadLot,
  seen: string[],
): Promise<void> {
  const { db, job } = ctx;
  const now = nowIso();
  const text = `The store holds ${seen.length} lots marked ${lotMark(lot.jobItemId)} (lots ${seen.join(', ')}): keep one`;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('job_items')
      .set({ state: 'failed', error: text, marketplace_lot_id: seen[0], updated_at: now })
      .where('id', '=', lot.jobItemId)
      .execute();
    await trx
      .insertInto('stock_item_errors')
      .values({
        company_id: job.company_id,
        store_id: storeId,
        store_item_id: null,
        item_id: lot.itemId,
        description: text,
        created_at: now,
        resolved_at: null,
      })
      .execute();
  });
  lot.state = 'failed';
}
