import type { Completeness, ConditionName } from '../../db/schema-domain';
import { BrickOwlError, type BrickOwlClient } from '../../marketplaces';
import type { BoCondition, BoLotFields, BoNewLot } from '../../marketplaces/brickowl/types';
import { BRICKOWL_BATCH_SIZE, type BoBatchResult } from '../../marketplaces/brickowl/client';
import { nowIso } from '../../db/dialect';
import type { JobContext } from '../types';
import { boLotFields } from './lot-fields';
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
 * BrickOwl's condition for a lot, as BrickSync sends it: a set goes with a set condition by its
 * completeness — sealed (or unknown) new → news, complete → newc / usedc, incomplete → newi /
 * usedi, and a used set of unknown completeness → usedc; every other item goes new or with its used
 * grade (usedn, usedg, useda).
 */
export function brickowlCondition(
  condition: ConditionName,
  typeCode: string,
  completeness: Completeness | null,
): BoCondition {
  if (typeCode !== 'S') return BO_CONDITION[condition];
  const used = condition !== 'NEW';
  if (completeness === 'COMPLETE') return used ? 'usedc' : 'newc';
  if (completeness === 'INCOMPLETE') return used ? 'usedi' : 'newi';
  return used ? 'usedc' : 'news';
}

/** The lot's store item waits: the stock-sync step that ends the upload sends it whole. */
async function toFollow(ctx: JobContext, storeId: number, lot: UploadLot): Promise<void> {
  await ctx.db
    .updateTable('store_items')
    .set((eb) => ({ needs_upload: 1, change_seq: eb('change_seq', '+', 1) }))
    .where('store_id', '=', storeId)
    .where('item_id', '=', lot.itemId)
    .execute();
}

/**
 * BrickOwl's create takes no notes: a lot with notes is marked waiting, and the stock-sync step
 * that ends the upload sends them with an update.
 */
async function notesToFollow(ctx: JobContext, storeId: number, lot: UploadLot): Promise<void> {
  if (!lot.notePublic.trim() && !lot.notePrivate.trim()) return;
  await toFollow(ctx, storeId, lot);
}

/**
 * A created lot whose fields (sale, bulk, tiers, off sale) did not land with the update after its
 * create, or whose create's answer was lost: a stockroom lot is taken off sale at once (BrickOwl
 * has no stockroom; it must not stay on public sale), and the store item waits so the stock-sync
 * step sends every field. When even that update is refused, a person is told.
 */
async function fieldsToFollow(
  ctx: JobContext,
  client: BrickOwlClient,
  storeId: number,
  lot: UploadLot,
  lotId: string,
  why: string | null,
): Promise<void> {
  if (!boLotFields(lot, false)) return;
  await toFollow(ctx, storeId, lot);
  if (lot.stockroom === null) return;
  try {
    await client.updateLot({ lot_id: lotId, for_sale: 0 });
    return;
  } catch (err) {
    why = err instanceof Error ? err.message : String(err);
  }
  await ctx.db
    .insertInto('stock_item_errors')
    .values({
      company_id: ctx.job.company_id,
      store_id: storeId,
      store_item_id: null,
      item_id: lot.itemId,
      description: `Lot ${lotId} is in stockroom ${lot.stockroom} but BrickOwl did not take it off sale (${why ?? 'no answer'}): take it off sale on BrickOwl`,
      created_at: nowIso(),
      resolved_at: null,
    })
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
  // A lot found by its mark: whether the update after its create landed is not known.
  const notes = async (lot: UploadLot, lotId: string) => {
    await notesToFollow(ctx, storeId, lot);
    await fieldsToFollow(ctx, client, storeId, lot, lotId, null);
  };
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
      condition: brickowlCondition(lot.condition, lot.typeCode, lot.completeness),
      external_id: lotMark(lot.jobItemId),
    } satisfies BoNewLot,
    then: boLotFields(lot, false) satisfies BoLotFields | undefined,
  }));
  await report();
  const queue = ready.map((r) => ({ ...r, lost: 0 }));
  while (queue.length > 0 && !ctx.signal.aborted) {
    const chunk = queue.splice(0, BRICKOWL_BATCH_SIZE);
    const sent = chunk.map((c) => c.lot);
    await markSent(db, sent);
    let results: { created: BoBatchResult<string>; then?: BoBatchResult<unknown> }[];
    try {
      results = await client.createLotsWithUpdates(
        chunk.map((c) => ({ lot: c.body, then: c.then })),
      );
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
    // A create BrickOwl failed while acting on (5xx) may have made the lot: looked up by its mark.
    const unsure: typeof chunk = [];
    let failure: BrickOwlError | undefined;
    for (const [j, { created: result, then }] of results.entries()) {
      const { lot } = chunk[j];
      if (result.ok) {
        await markDone(db, companyId, storeId, lot, result.data);
        await notesToFollow(ctx, storeId, lot);
        if (then && !then.ok) {
          await fieldsToFollow(ctx, client, storeId, lot, result.data, then.error);
        }
      } else if (result.status >= 500) {
        unsure.push(chunk[j]);
        failure = new BrickOwlError(
          `HTTP_${result.status}`,
          `BrickOwl failed while creating lot ${lotMark(lot.jobItemId)}: ${result.error}`,
          result.status,
          true,
        );
      } else await markFailed(db, lot, `BrickOwl refused the lot: ${result.error}`);
    }
    if (unsure.length > 0) {
      await settleBrickOwlSent(
        ctx,
        client,
        storeId,
        unsure.map((c) => c.lot),
        notes,
      );
      requeueLost(unsure, queue, () => failure);
    }
    await report();
    ctx.afterStep();
  }
}
