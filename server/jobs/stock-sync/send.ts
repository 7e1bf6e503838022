import { nowIso } from '../../db/dialect';
import type { StoreClient } from '../store-client';
import type { JobContext } from '../types';
import { refusedForGood } from '../upload/bricklink';
import { lowerToSellable } from './available';
import {
  markLanded,
  markSending,
  removeStoreItem,
  reportProblem,
  storeChanges,
  type StoreChange,
} from './items';
import { lotOps, type LotOps } from './lot-ops';

const STAGE = 'Sending stock changes';
type Outcome = 'done' | 'failed';

/**
 * Sends a store's changes: first lowers what it offers to what can still be sold, then sends
 * each changed item to its lot (price, notes, tiers, bulk, and the quantity as a change; a lot
 * whose quantity falls to 0 is taken off the store). A change whose answer was lost is checked on
 * the store first and never sent twice. `record` keeps one job item per change, for the screens.
 */
export async function sendStoreChanges(
  ctx: JobContext,
  client: StoreClient,
  record: boolean,
): Promise<{ done: number; failed: number }> {
  const { db, job } = ctx;
  await lowerToSellable(db, job.company_id, client.storeId);
  const changes = await storeChanges(db, job.company_id, client.storeId);
  const ops = lotOps(client);
  const tally = { done: 0, failed: 0 };
  await ctx.progress(STAGE, 0, changes.length);
  for (const change of changes) {
    if (ctx.signal.aborted) break;
    const outcome = await sendOne(ctx, ops, client, change);
    tally[outcome] += 1;
    if (record) await recordItem(ctx, client.storeId, change, outcome);
    await ctx.progress(STAGE, tally.done + tally.failed, changes.length);
  }
  return tally;
}

async function sendOne(
  ctx: JobContext,
  ops: LotOps,
  client: StoreClient,
  change: StoreChange,
): Promise<Outcome> {
  const { db, job } = ctx;
  const problem = async (text: string, listed?: number): Promise<Outcome> => {
    change.error = text;
    await reportProblem(db, job.company_id, client.storeId, change, text, listed);
    return 'failed';
  };
  const lotId = change.lotId;
  if (lotId === null) {
    if (change.quantity > 0)
      return problem('This item is not on the store: upload it in a sync batch');
    await removeStoreItem(db, change);
    return 'done';
  }
  if (change.sending !== null && change.sending > 0) {
    // The answer to the last change was lost: the lot tells whether it landed.
    const held = await ops.quantityOf(lotId);
    if (held === null) return lotGone(ctx, client, change);
    if (held === change.sending) {
      await markLanded(db, change, change.sending - change.listed);
      return 'done';
    }
    if (held !== change.listed) {
      return problem(
        `The store's lot ${lotId} holds ${held}, not ${change.sending} as sent (or ${change.listed} before): check it, then set the quantity in Edit prices`,
        held,
      );
    }
    // Not landed: sent again below.
  }
  if (change.quantity === 0) {
    await markSending(db, change);
    await ops.remove(lotId);
    ctx.afterStep();
    await removeStoreItem(db, change);
    return 'done';
  }
  const delta = change.quantity - change.listed;
  if (delta !== 0) await markSending(db, change);
  try {
    await ops.update(lotId, change, delta);
  } catch (err) {
    if (!refusedForGood(err)) throw err; // left `sending`: checked on the store next time
    if (err.status === 404 || err.code === 'RESOURCE_NOT_FOUND')
      return lotGone(ctx, client, change);
    return problem(`${platformName(client)} refused the change: ${err.message}`);
  }
  ctx.afterStep();
  await markLanded(db, change, delta);
  return 'done';
}

const platformName = (client: StoreClient) =>
  client.platform === 'BRICKLINK' ? 'BrickLink' : 'BrickOwl';

/** The lot is no longer on the store (sold out, or taken off by hand): so is the store item. */
async function lotGone(
  ctx: JobContext,
  client: StoreClient,
  change: StoreChange,
): Promise<Outcome> {
  if (change.quantity === 0) {
    await removeStoreItem(ctx.db, change);
    return 'done';
  }
  change.error = `The lot ${change.lotId} is no longer on the store: upload the item again in a sync batch`;
  await reportProblem(ctx.db, ctx.job.company_id, client.storeId, change, change.error);
  await removeStoreItem(ctx.db, change);
  return 'failed';
}

async function recordItem(
  ctx: JobContext,
  storeId: number,
  change: StoreChange,
  outcome: Outcome,
): Promise<void> {
  await ctx.db
    .insertInto('job_items')
    .values({
      job_id: ctx.job.id,
      company_id: ctx.job.company_id,
      store_id: storeId,
      sync_batch_item_id: null,
      item_id: change.itemId,
      state: outcome,
      marketplace_lot_id: change.lotId,
      error: outcome === 'failed' ? (change.error ?? null) : null,
      updated_at: nowIso(),
    })
    .execute();
}
