import { MarketplaceError, type BrickLinkClient } from '../../marketplaces';
import { BRICKLINK_CREATE_CHUNK, blPrice } from '../../marketplaces/bricklink/client';
import type { BlNewInventory } from '../../marketplaces/bricklink/types';
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
import { blLotFields } from './lot-fields';
import { LOST_TRIES, mayHaveCreated, requeueLost, settleByMark } from './settle';

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
    ...blLotFields(lot),
  };
}

/** The store's lots by our mark at the end of their remarks (a mark seen twice maps to every lot). */
async function lotsByMark(client: BrickLinkClient): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const lot of await client.listInventories()) {
    const mark = /\[(bw-\d+)\]\s*$/.exec(lot.remarks ?? '')?.[1];
    if (mark) found.set(mark, [...(found.get(mark) ?? []), String(lot.inventory_id)]);
  }
  return found;
}

/** Settles `sent` lots against one listing of the store (see settleByMark). */
async function settleSent(
  ctx: JobContext,
  client: BrickLinkClient,
  storeId: number,
  lots: UploadLot[],
): Promise<void> {
  if (lots.length === 0) return;
  const marks = await lotsByMark(client);
  await settleByMark(ctx, storeId, lots, (mark) => marks.get(mark) ?? []);
}

interface Ready {
  lot: UploadLot;
  body: BlNewInventory;
  /** Creates of this lot whose answer was lost and that did not reach the store. */
  lost: number;
}

/**
 * Uploads lots to a BrickLink store 100 to a call. Lots `sent` by an earlier run are first looked
 * up by their mark. Each chunk is marked sent, created, and read back by listing the store
 * (BrickLink answers a create of several lots with no ids). A create whose answer was lost is
 * read back the same way, and its lots that did not reach the store are sent again (up to 3 times
 * in a run, then the run stops and the job tries later). A chunk refused as a whole created
 * nothing: its lots go back to pending; refused for a bad lot, it is sent again one lot at a time
 * so each lot gets its own result; refused for the credentials or a limit, the job stops there.
 */
export async function uploadToBrickLink(
  ctx: JobContext,
  client: BrickLinkClient,
  storeId: number,
  lots: UploadLot[],
  report: () => Promise<void>,
): Promise<void> {
  const { db } = ctx;
  await settleSent(
    ctx,
    client,
    storeId,
    lots.filter((l) => l.state === 'sent'),
  );
  const queue: Ready[] = [];
  for (const lot of lots.filter((l) => l.state === 'pending')) {
    const body = blLot(lot);
    if (typeof body === 'string') await markFailed(db, lot, body);
    else queue.push({ lot, body, lost: 0 });
  }
  await report();
  while (queue.length > 0 && !ctx.signal.aborted) {
    keepReserve(client);
    const chunk = queue.splice(0, BRICKLINK_CREATE_CHUNK);
    const sent = chunk.map((c) => c.lot);
    await markSent(db, sent);
    let lost: unknown = null;
    try {
      await client.createInventories(chunk.map((c) => c.body));
    } catch (err) {
      if (!mayHaveCreated(err)) {
        await markPending(db, sent); // refused as a whole: nothing was created
        if (!refusedForGood(err)) throw err;
        await oneByOne(ctx, client, storeId, chunk);
        await report();
        continue;
      }
      lost = err; // the answer was lost: the listing tells which lots were created
    }
    ctx.afterStep();
    await settleSent(ctx, client, storeId, sent);
    requeueLost(chunk, queue, () => lost ?? notListed());
    await report();
    ctx.afterStep();
  }
}

const notListed = () =>
  new MarketplaceError(
    'bricklink',
    'NOT_LISTED',
    'BrickLink accepted lots it does not list; the upload tries them again later',
    502,
    true,
  );

/** Lots of a refused chunk, one a call: each gets its own result. */
async function oneByOne(
  ctx: JobContext,
  client: BrickLinkClient,
  storeId: number,
  chunk: Ready[],
): Promise<void> {
  for (const ready of chunk) {
    const { lot, body } = ready;
    while (lot.state === 'pending' && !ctx.signal.aborted) {
      await markSent(ctx.db, [lot]);
      try {
        const created = await client.createInventory(body);
        await markDone(ctx.db, ctx.job.company_id, storeId, lot, String(created.inventory_id));
      } catch (err) {
        if (mayHaveCreated(err)) {
          await settleSent(ctx, client, storeId, [lot]);
          if (lot.state === 'pending' && ++ready.lost >= LOST_TRIES) throw err;
        } else if (refusedForGood(err)) await markFailed(ctx.db, lot, err.message);
        else {
          await markPending(ctx.db, [lot]);
          throw err;
        }
      }
      ctx.afterStep();
    }
    if (ctx.signal.aborted) return;
  }
}

/**
 * BrickLink refused the lots themselves (a bad item, colour or price): nothing was created, and
 * another try would be refused again. Not for refused credentials or a signature, a limit, or a
 * call that may have created the lots.
 */
export function refusedForGood(err: unknown): err is MarketplaceError {
  return (
    err instanceof MarketplaceError &&
    !err.retryable &&
    !mayHaveCreated(err) &&
    err.status !== 401 &&
    err.status !== 403 &&
    err.code !== 'BAD_OAUTH_REQUEST'
  );
}
