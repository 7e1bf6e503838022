import type { BrickOwlClient } from '../../marketplaces';
import type { BoNewLot } from '../../marketplaces/brickowl/types';
import { BRICKOWL_BATCH_SIZE } from '../../marketplaces/brickowl/client';
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
 * that mark first and never sent twice.
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
  const missing: UploadLot[] = [];
  for (const lot of lots.filter((l) => l.state === 'sent')) {
    const [found] = await client.listInventory({ externalId: lotMark(lot.jobItemId) });
    if (found) {
      await markDone(db, companyId, storeId, lot, String(found.lot_id));
      await notesToFollow(ctx, storeId, lot);
    } else missing.push(lot);
  }
  await markPending(db, missing);

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
  for (let i = 0; i < ready.length && !ctx.signal.aborted; i += BRICKOWL_BATCH_SIZE) {
    const chunk = ready.slice(i, i + BRICKOWL_BATCH_SIZE);
    await markSent(
      db,
      chunk.map((c) => c.lot),
    );
    const results = await client.createLots(chunk.map((c) => c.body));
    ctx.afterStep();
    for (const [j, result] of results.entries()) {
      const { lot } = chunk[j];
      if (result.ok) {
        await markDone(db, companyId, storeId, lot, result.data);
        await notesToFollow(ctx, storeId, lot);
      } else await markFailed(db, lot, `BrickOwl refused the lot: ${result.error}`);
    }
    await report();
    ctx.afterStep();
  }
}
