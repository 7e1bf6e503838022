import { nowIso } from '../../db/dialect';
import { MarketplaceError } from '../../marketplaces';
import type { StoreClient } from '../store-client';
import type { JobContext } from '../types';
import { keepReserve, refusedForGood } from '../upload/bricklink';

/** The store has no such lot (any more): what a removal wanted. */
const gone = (err: unknown) =>
  err instanceof MarketplaceError &&
  (err.status === 404 ||
    err.code === 'RESOURCE_NOT_FOUND' ||
    /not found|no such lot|invalid lot/i.test(err.message));

async function deleteLot(client: StoreClient, lotId: string): Promise<void> {
  if (client.platform === 'BRICKLINK') {
    keepReserve(client.bricklink);
    await client.bricklink.deleteInventory(Number(lotId));
  } else {
    await client.brickowl.deleteLot({ lot_id: lotId });
  }
}

/**
 * Deletes from the store the lots a person chose to remove (store_unknown_lots `removing`, from
 * the stock check's lots the warehouse does not know). A lot a store item holds by now is the
 * warehouse's and is left on the store. A lot already gone counts as removed. A refusal puts the
 * lot back as open with the marketplace's text; a lost answer or a limit throws (the job waits,
 * and the next run deletes it again: deleting twice does no harm).
 */
export async function removeUnknownLots(
  ctx: JobContext,
  client: StoreClient,
): Promise<{ done: number; failed: number }> {
  const { db, job } = ctx;
  const tally = { done: 0, failed: 0 };
  const lots = await db
    .selectFrom('store_unknown_lots')
    .select(['id', 'external_lot_id'])
    .where('company_id', '=', job.company_id)
    .where('store_id', '=', client.storeId)
    .where('status', '=', 'removing')
    .orderBy('id')
    .execute();
  for (const lot of lots) {
    if (ctx.signal.aborted) break;
    const held = await db
      .selectFrom('store_items')
      .select('id')
      .where('store_id', '=', client.storeId)
      .where('external_lot_id', '=', lot.external_lot_id)
      .executeTakeFirst();
    if (held) {
      await db.deleteFrom('store_unknown_lots').where('id', '=', lot.id).execute();
      continue;
    }
    try {
      await deleteLot(client, lot.external_lot_id);
    } catch (err) {
      if (!gone(err)) {
        if (!refusedForGood(err)) throw err;
        const market = client.platform === 'BRICKLINK' ? 'BrickLink' : 'BrickOwl';
        await db
          .updateTable('store_unknown_lots')
          .set({ status: 'open', error: `${market} refused to remove it: ${err.message}` })
          .where('id', '=', lot.id)
          .where('status', '=', 'removing')
          .execute();
        tally.failed += 1;
        continue;
      }
    }
    ctx.afterStep();
    await db
      .updateTable('store_unknown_lots')
      .set({ status: 'removed', error: null, resolved_at: nowIso() })
      .where('id', '=', lot.id)
      .where('status', '=', 'removing')
      .execute();
    tally.done += 1;
  }
  return tally;
}
