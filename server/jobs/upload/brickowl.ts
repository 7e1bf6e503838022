import type { BrickOwlClient } from '../../marketplaces';
import type { BoNewLot } from '../../marketplaces/brickowl/types';
import { BRICKOWL_BATCH_SIZE, type BoBatchResult } from '../../marketplaces/brickowl/client';
import type { JobContext } from '../types';
import { mapToBrickOwl } from './brickowl-map';
import {
  BO_CONDITION,
  lotMark,
  markDone,
  markFailed,
  markPending,
  markSent,
  type UploadLot,
} from './lots';
import { settleBrickOwlSent } from './brickowl-marks';
import { mayHaveCreated, requeueLost } from './settle';

/**
 * BrickOwl's create takes no notes: a lot with notes is marked waiting, and the stock-sync step
 * that ends the upload sends them with an update.
 */
async function notesToFollow(ctx: JobContext, storeId: number, lot: UploadLot): Promise<void> {
  if (!lot.notePublic.trim() && !lot.notePrivate.trim()) return;
  await ctx.db
    .updateTable('store_items')
    .set((eb) => ({ needs_upload: 1, change_seq: eb('change_seq', '+', 1) }))
    .where('store_id', '=', storeId)
    .where('item_id', '=', lot.itemId)
    .execute();
}

/**
 * Uploads lots to a BrickOwl store: each lot mapped to BrickOwl's BOID and colour first (a lot that
 * cannot be mapped is reported on its own line, see brickowl-map.ts), then created 50 to a batch,
 * each with our mark as its external id. Lots marked `sent` by an earlier run are looked up by
 * that mark first and never sent twice. A batch whose answer was lost is looked up the same way,
 * and its lots that did not reach the store are sent again (up to 3 times in a run); a batch
 * refused as a whole (the key, a limit) created nothing and leaves its lots pending.
 */
export async function uploadToBrickOwl(
  ctx: JobContext,
  client: BrickOwlClient,
  storeId: number,
  lots: UploadLot[],
  report: () => Promise<void>,
): Promise<void> {
  const { db } = ctx;
  const companyId = ctx.job.company_id;
  const notes = (lot: UploadLot) => notesToFollow(ctx, storeId, lot);
  await settleBrickOwlSent(
    ctx,
    client,
    storeId,
    lots.filter((l) => l.state === 'sent'),
    notes,
  );

  const ready = (
    await mapToBrickOwl(
      ctx,
      client,
      lots.filter((l) => l.state === 'pending'),
    )
  ).map(({ lot, boid, colourId }) => ({
    lot,
    body: {
      boid,
      ...(colourId === undefined ? {} : { color_id: colourId }),
      quantity: lot.quantity,
      price: lot.price / 1000,
      condition: BO_CONDITION[lot.condition],
      external_id: lotMark(lot.jobItemId),
    } satisfies BoNewLot,
  }));
  await report();
  const queue = ready.map((r) => ({ ...r, lost: 0 }));
  while (queue.length > 0 && !ctx.signal.aborted) {
    const chunk = queue.splice(0, BRICKOWL_BATCH_SIZE);
    const sent = chunk.map((c) => c.lot);
    await markSent(db, sent);
    let results: BoBatchResult<string>[];
    try {
      results = await client.createLots(chunk.map((c) => c.body));
    } catch (err) {
      if (!mayHaveCreated(err)) {
        await markPending(db, sent); // refused as a whole (the key, a limit): nothing was created
        throw err;
      }
      // The answer was lost: each lot is looked up by its mark; those not there are sent again.
      ctx.afterStep();
      await settleBrickOwlSent(ctx, client, storeId, sent, notes);
      requeueLost(chunk, queue, () => err);
      await report();
      continue;
    }
    ctx.afterStep();
    for (const [j, result] of results.entries()) {
      const { lot } = chunk[j];
      if (result.ok) {
        await markDone(db, companyId, storeId, lot, result.data);
        await notes(lot);
      } else await markFailed(db, lot, `BrickOwl refused the lot: ${result.error}`);
    }
    await report();
    ctx.afterStep();
  }
}
