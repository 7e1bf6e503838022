import { nowIso } from '../../db/dialect';
import type { StoreClient } from '../store-client';
import type { JobContext } from '../types';
import { lowerToSellable } from './available';
import {
  markLanded,
  markSending,
  markSendingLanded,
  removeStoreItem,
  reportProblem,
  storeChanges,
  type StoreChange,
} from './items';
import { lotOps, type LotOps, type LotStep, type StepResult } from './lot-ops';

const STAGE = 'Sending stock changes';
type Outcome = 'done' | 'failed';

/**
 * Sends a store's changes: first lowers what it offers to what can still be sold, then sends
 * each changed item to its lot (price, notes, tiers, bulk, sale, retain, stockroom, and the
 * quantity as a change; a lot whose quantity falls to 0 is taken off the store unless it is
 * retained), as many together as the marketplace takes.
 * A change whose answer was lost is checked on the store first and never sent twice. `record`
 * keeps one job item per change, for the screens.
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
  const count = async (change: StoreChange, outcome: Outcome) => {
    tally[outcome] += 1;
    if (record) await recordItem(ctx, client.storeId, change, outcome);
  };
  await ctx.progress(STAGE, 0, changes.length);
  let group: LotStep[] = [];
  const flush = async () => {
    const steps = group;
    group = [];
    if (steps.length === 0) return;
    for (const step of steps)
      if (step.remove || step.delta !== 0) await markSending(db, step.change);
    const results = await ops.apply(steps); // throws: the steps stay `sending`, checked next time
    ctx.afterStep();
    for (const [i, step] of steps.entries()) {
      await count(step.change, await settle(ctx, client, step, results[i]));
    }
    await ctx.progress(STAGE, tally.done + tally.failed, changes.length);
  };
  for (const change of changes) {
    if (ctx.signal.aborted) return tally;
    const step = await prepare(ctx, ops, client, change);
    if (typeof step === 'string') await count(change, step);
    else group.push(step);
    if (group.length >= ops.groupSize) await flush();
  }
  if (!ctx.signal.aborted) await flush();
  await ctx.progress(STAGE, tally.done + tally.failed, changes.length);
  return tally;
}

/** The step a change needs, or its outcome when nothing is to be sent. */
async function prepare(
  ctx: JobContext,
  ops: LotOps,
  client: StoreClient,
  change: StoreChange,
): Promise<LotStep | Outcome> {
  const { db } = ctx;
  const lotId = change.lotId;
  if (lotId === null) {
    if (change.quantity > 0) {
      return problem(
        ctx,
        client,
        change,
        'This item is not on the store: upload it in a sync batch',
      );
    }
    await removeStoreItem(db, change);
    return 'done';
  }
  // A retained lot is sent down to 0 rather than deleted, so 0 is checked like any quantity.
  if (change.sending !== null && (change.sending > 0 || change.retain)) {
    // The answer to the last change was lost: the lot tells whether it landed.
    const held = await ops.quantityOf(lotId);
    if (held === null) return lotGone(ctx, client, change);
    if (held === change.sending) {
      // Landed. The item's current state is sent below all the same: it may have changed since
      // (price and notes are sent whole, so sending them again does no harm).
      await markSendingLanded(db, change);
    } else if (held !== change.listed) {
      const text = `The store's lot ${lotId} holds ${held}, not ${change.sending} as sent (or ${change.listed} before): check it, then set the quantity in Edit prices`;
      return problem(ctx, client, change, text, held);
    }
    // Otherwise not landed: sent again.
  }
  // A retained lot stays on the store at 0 (BrickLink's retain; BrickOwl keeps a lot at 0 too).
  const remove = change.quantity === 0 && !change.retain;
  return { lotId, change, remove, delta: remove ? 0 : change.quantity - change.listed };
}

async function settle(
  ctx: JobContext,
  client: StoreClient,
  step: LotStep,
  result: StepResult,
): Promise<Outcome> {
  if (result.ok) {
    if (step.remove) await removeStoreItem(ctx.db, step.change);
    else await markLanded(ctx.db, step.change, step.delta);
    return 'done';
  }
  if (result.gone) return lotGone(ctx, client, step.change);
  const name = client.platform === 'BRICKLINK' ? 'BrickLink' : 'BrickOwl';
  return problem(ctx, client, step.change, `${name} refused the change: ${result.error}`);
}

async function problem(
  ctx: JobContext,
  client: StoreClient,
  change: StoreChange,
  text: string,
  listed?: number,
): Promise<Outcome> {
  change.error = text;
  await reportProblem(ctx.db, ctx.job.company_id, client.storeId, change, text, listed);
  return 'failed';
}

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
  const text = `The lot ${change.lotId} is no longer on the store: upload the item again in a sync batch`;
  await problem(ctx, client, change, text);
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
