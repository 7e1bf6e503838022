import {
  IssueReportArgs,
  OrderClaimArgs,
  OrderFinishArgs,
  OrderPauseArgs,
  PickConfirmArgs,
  PickingMutation,
} from '../../../contract/mutations/picking';
import { defineMutation, type MutationContext } from '../../sync';
import type { WriteCtx } from './context';
import { claimOrder, confirmPick, finishOrder, pauseOrder } from './picking';
import { reportIssue } from './service';

/**
 * The picker's outbox mutations (DESIGN "Push"): the same rules as the REST routes, each applied
 * once in the push's transaction; refusals become rejections with their code and message.
 */
const writeCtx = (ctx: MutationContext): WriteCtx => ({
  companyId: ctx.companyId,
  userId: ctx.user.id,
  version: ctx.version,
});

export const orderClaim = defineMutation({
  name: PickingMutation.claim,
  roles: ['picker'],
  args: OrderClaimArgs,
  apply: (trx, ctx, args) => claimOrder(trx, writeCtx(ctx), args.order_id),
});

export const orderPause = defineMutation({
  name: PickingMutation.pause,
  roles: ['picker'],
  args: OrderPauseArgs,
  apply: (trx, ctx, args) => pauseOrder(trx, writeCtx(ctx), args.order_id),
});

export const orderFinish = defineMutation({
  name: PickingMutation.finish,
  roles: ['picker'],
  args: OrderFinishArgs,
  apply: async (trx, ctx, args) => {
    await finishOrder(trx, writeCtx(ctx), args.order_id);
  },
});

export const pickConfirm = defineMutation({
  name: PickingMutation.pick,
  roles: ['picker'],
  args: PickConfirmArgs,
  apply: (trx, ctx, args) => confirmPick(trx, writeCtx(ctx), args),
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
