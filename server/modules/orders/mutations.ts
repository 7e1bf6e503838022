import {
  IssueReportArgs,
  OrderClaimArgs,
  OrderFinishArgs,
  OrderPauseArgs,
  PickConfirmArgs,
  PickingMutation,
} from '../../../contract/mutations/picking';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { defineMutation, restampRows, type MutationContext } from '../../sync';
import { writeCtx, type Trx, type WriteCtx } from '../../write/context';
import { restampRefused } from '../../write/restamp';
import { claimOrder, confirmPick, finishOrder, pauseOrder } from './picking';
import { confirmPicks } from './picking-many';
import { reportIssue } from './service';

/**
 * The picker's outbox mutations (docs/offline.md): the same rules as the REST routes, each applied
 * once in the push's transaction; refusals become rejections with their code and message.
 */
/** After a refusal: the order the device changed optimistically is sent to it again. */
async function restampOrder(
  trx: Transaction<Database>,
  ctx: MutationContext,
  args: { order_id: number },
) {
  await restampRows(trx, 'orders', ctx.companyId, [args.order_id], await ctx.version());
}

/** A picker's step on one order (claim, pause, finish); after a refusal the order is sent again. */
function orderStep<Args extends { order_id: number }>(
  name: string,
  args: z.ZodType<Args>,
  step: (trx: Trx, ctx: WriteCtx, orderId: number) => Promise<unknown>,
) {
  return defineMutation({
    name,
    roles: ['picker'],
    args,
    apply: async (trx, ctx, a) => {
      await step(trx, writeCtx(ctx), a.order_id);
    },
    restamp: restampOrder,
  });
}

export const orderClaim = orderStep(PickingMutation.claim, OrderClaimArgs, claimOrder);
export const orderPause = orderStep(PickingMutation.pause, OrderPauseArgs, pauseOrder);
export const orderFinish = orderStep(PickingMutation.finish, OrderFinishArgs, finishOrder);

export const pickConfirm = defineMutation({
  name: PickingMutation.pick,
  roles: ['picker'],
  args: PickConfirmArgs,
  apply: (trx, ctx, args) => confirmPick(trx, writeCtx(ctx), args),
  applyMany: confirmPicks,
  /** The device lowered its stock and raised its picked count: send both (and the order) again. */
  restamp: (trx, ctx, args) =>
    restampRefused(trx, ctx, { table: 'order_items', id: args.order_item_id }, args.location_id, [
      { table: 'order_items', id: args.order_item_id },
      { table: 'orders', id: args.order_id },
    ]),
});

export const issueReport = defineMutation({
  name: PickingMutation.issue,
  roles: ['picker', 'order_manager', 'warehouse_manager'],
  args: IssueReportArgs,
  apply: async (trx, ctx, args) => {
    await reportIssue(trx, writeCtx(ctx), args);
  },
});

export const PICKING_MUTATIONS = [orderClaim, orderPause, orderFinish, pickConfirm, issueReport];
