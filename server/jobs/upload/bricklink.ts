import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { MarketplaceError, type BrickLinkClient } from '../../marketplaces';
import { BRICKLINK_CREATE_CHUNK, blPrice } from '../../marketplaces/bricklink/client';
import type { BlInventory, BlNewInventory } from '../../marketplaces/bricklink/types';
import type { JobContext } from '../types';
import {
  BL_COMPLETENESS,
  BL_TYPES,
  lotMark,
  markDone,
  markFailed,
  markPending,
  markSent,
  type UploadLot,
} from './lots';

/** BrickLink calls of the day an upload leaves for order intake (a chunk takes 2). */
export const ORDER_INTAKE_RESERVE = 500;

/** Uploads stop (and wait for the next day) before they eat into order intake's reserve. */
export function keepReserve(client: BrickLinkClient): void {
  if (client.budget.remaining > ORDER_INTAKE_RESERVE + 1) return;
  const now = new Date();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  throw new MarketplaceError(
    'bricklink',
    'BUDGET_EXHAUSTED',
    `The store's BrickLink calls for today are used up except the ${ORDER_INTAKE_RESERVE} kept for order intake; the upload goes on at 00:00 UTC`,
    429,
    true,
    midnight - now.getTime(),
  );
}

/** The lot as BrickLink takes it, or the reason it cannot be sent. */
function blLot(lot: UploadLot): BlNewInventory | string {
  const type = BL_TYPES[lot.typeCode];
  if (!lot.blItemNo || !type) return 'The item has no BrickLink item number';
  if (lot.blColourId === null) return 'The colour has no BrickLink colour id';
  const remarks = [lot.notePrivate.trim(), `[${lotMark(lot.jobItemId)}]`].filter(Boolean);
  return {
    item: { no: lot.blItemNo, type },
    color_id: lot.blColourId,
    quantity: lot.quantity,
    new_or_used: lot.condition === 'NEW' ? 'N' : 'U',
    ...(type === 'SET' && lot.completeness
      ? { completeness: BL_COMPLETENESS[lot.completeness] }
      : {}),
    unit_price: blPrice(lot.price / 1000),
    description: lot.notePublic,
    remarks: remarks.join(' '),
  };
}

/** The store's lots by our mark in their remarks (a mark seen twice maps to every lot). */
async function lotsByMark(client: BrickLinkClient): Promise<Map<string, BlInventory[]>> {
  const found = new Map<string, BlInventory[]>();
  for (const lot of await client.listInventories()) {
    const mark = /\[(bw-\d+)\]\s*$/.exec(lot.remarks ?? '')?.[1];
    if (mark) found.set(mark, [...(found.get(mark) ?? []), lot]);
  }
  return found;
}

/**
 * Settles lots marked `sent` against what the store holds: a lot found once is done; a lot not
 * found was never created and goes back to pending; a lot found twice is left for a person.
 */
async function settle(
  db: Kysely<Database>,
  ctx: JobContext,
  storeId: number,
  lots: UploadLot[],
  marks: Map<string, BlInventory[]>,
): Promise<void> {
  const missing: UploadLot[] = [];
  for (const lot of lots) {
    const seen = marks.get(lotMark(lot.jobItemId)) ?? [];
    if (seen.length === 1)
      await markDone(db, ctx.job.company_id, storeId, lot, String(seen[0].inventory_id));
    else if (seen.length === 0) missing.push(lot);
    else {
      const text = `The store holds ${seen.length} lots marked ${lotMark(lot.jobItemId)} (lots ${seen
        .map((l) => l.inventory_id)
        .join(', ')}): keep one`;
      await markFailed(db, lot, text);
      await db
        .insertInto('stock_item_errors')
        .values({
          company_id: ctx.job.company_id,
          store_id: storeId,
          store_item_id: null,
          item_id: lot.itemId,
          description: text,
          created_at: nowIso(),
          resolved_at: null,
        })
        .execute();
    }
  }
  await markPending(db, missing);
}

/**
 * Uploads lots to a BrickLink store 100 to a call. Each chunk is marked sent, created, and read
 * back by listing the store (BrickLink answers a create of several lots with no ids). A chunk that
 * BrickLink refuses as a whole is sent again one lot at a time, so each lot gets its own result.
 */
export async function uploadToBrickLink(
  ctx: JobContext,
  client: BrickLinkClient,
  storeId: number,
  lots: UploadLot[],
  report: () => Promise<void>,
): Promise<void> {
  const { db } = ctx;
  const sent = lots.filter((l) => l.state === 'sent');
  if (sent.length > 0) await settle(db, ctx, storeId, sent, await lotsByMark(client));
  const pending: { lot: UploadLot; body: BlNewInventory }[] = [];
  for (const lot of lots.filter((l) => l.state === 'pending')) {
    const body = blLot(lot);
    if (typeof body === 'string') await markFailed(db, lot, body);
    else pending.push({ lot, body });
  }
  await report();
  for (let i = 0; i < pending.length && !ctx.signal.aborted; i += BRICKLINK_CREATE_CHUNK) {
    keepReserve(client);
    const chunk = pending.slice(i, i + BRICKLINK_CREATE_CHUNK);
    await markSent(
      db,
      chunk.map((c) => c.lot),
    );
    try {
      await client.createInventories(chunk.map((c) => c.body));
    } catch (err) {
      if (!refusedForGood(err)) throw err; // the chunk stays sent: the next run checks it
      await markPending(
        db,
        chunk.map((c) => c.lot),
      );
      await oneByOne(ctx, client, storeId, chunk);
      await report();
      continue;
    }
    ctx.afterStep();
    await settle(
      db,
      ctx,
      storeId,
      chunk.map((c) => c.lot),
      await lotsByMark(client),
    );
    await report();
    ctx.afterStep();
  }
}

async function oneByOne(
  ctx: JobContext,
  client: BrickLinkClient,
  storeId: number,
  chunk: { lot: UploadLot; body: BlNewInventory }[],
): Promise<void> {
  for (const { lot, body } of chunk) {
    if (ctx.signal.aborted) return;
    await markSent(ctx.db, [lot]);
    try {
      const created = await client.createInventory(body);
      await markDone(ctx.db, ctx.job.company_id, storeId, lot, String(created.inventory_id));
    } catch (err) {
      if (!refusedForGood(err)) throw err;
      await markFailed(ctx.db, lot, err.message);
    }
    ctx.afterStep();
  }
}

/**
 * BrickLink refused the lots themselves (a bad item, colour or price): nothing was created. Not
 * for a refused signature, a limit or a 5xx (which may have created the lots).
 */
export function refusedForGood(err: unknown): err is MarketplaceError {
  return (
    err instanceof MarketplaceError &&
    !err.retryable &&
    err.status < 500 &&
    err.status !== 401 &&
    err.code !== 'BAD_OAUTH_REQUEST' &&
    err.code !== 'NETWORK'
  );
}
