import { ISSUE_THANKS, OrderMessages, PickingStatus } from '../../../contract/orders';
import {
  PickingRejectCode as Code,
  type IssueReportArgs,
} from '../../../contract/mutations/picking';
import { nowIso } from '../../db/dialect';
import { changeOrder, type OrderChanges } from './floor';
import { isCompanyRow } from '../../write/company-row';
import { refuse, type Trx, type WriteCtx } from '../../write/context';
import { finishOrder, orderRow } from './picking';

export interface OrderChange {
  picker_issue?: string | null;
  has_problem?: number;
  picking_status_id?: number;
  pickable?: number;
}

/**
 * PUT /order: one field at a time (docs/picking.md). An order manager may set any of them; a picker
 * only finishes an order they hold (picking status 3 or 4, decided by the totals as in
 * order.finish). Making an order not pickable needs picking status 2 (unassigned).
 */
export async function updateOrder(
  trx: Trx,
  ctx: WriteCtx,
  orderId: number,
  change: OrderChange,
  isManager: boolean,
): Promise<void> {
  const version = await ctx.version();
  const o = await orderRow(trx, ctx, orderId);

  if (!isManager) {
    const status = change.picking_status_id;
    if (status !== PickingStatus.PAUSED && status !== PickingStatus.PICKED) {
      throw refuse(403, 'forbidden', 'Permission denied');
    }
    await finishOrder(trx, ctx, orderId);
    return;
  }

  const set: OrderChanges = {};
  if (change.picker_issue !== undefined) {
    const text = change.picker_issue?.trim() ?? '';
    set.picker_issue = text === '' ? null : text;
  }
  if (change.has_problem !== undefined) set.has_problem = change.has_problem === 1 ? 1 : 0;
  if (change.pickable !== undefined) {
    if (change.pickable === 0 && o.picking_status_id !== PickingStatus.UNASSIGNED) {
      throw refuse(409, 'conflict', OrderMessages.notPickableUnlessUnassigned);
    }
    set.pickable = change.pickable === 1 ? 1 : 0;
  }
  if (change.picking_status_id !== undefined) {
    set.picking_status_id = change.picking_status_id;
    if (change.picking_status_id === PickingStatus.UNASSIGNED) {
      set.claimed_by_user_id = null;
      set.claimed_at = null;
    }
  }
  await changeOrder(trx, ctx, version, o, set);
}

/**
 * An issue report to the warehouse manager (1), the order manager (2) or both (3). The location,
 * item and order, when given, must be the company's. Answers the thank-you text of the recipient.
 */
export async function reportIssue(
  trx: Trx,
  ctx: WriteCtx,
  args: IssueReportArgs,
): Promise<{ issue_id: number; message: string }> {
  const version = await ctx.version();
  const mine = async (
    table: 'locations' | 'items' | 'orders' | 'trays',
    id: number | null | undefined,
  ) => {
    if (id === null || id === undefined) return true;
    return isCompanyRow(trx, table, ctx.companyId, id);
  };
  if (!(await mine('locations', args.location_id))) {
    throw refuse(404, Code.locationNotFound, OrderMessages.locationNotFound);
  }
  if (!(await mine('items', args.item_id))) {
    throw refuse(404, Code.itemNotFound, OrderMessages.itemNotFound);
  }
  if (!(await mine('orders', args.order_id))) {
    throw refuse(404, Code.orderNotFound, OrderMessages.orderNotFound);
  }
  if (!(await mine('trays', args.tray_id))) {
    throw refuse(404, Code.trayNotFound, OrderMessages.trayNotFound);
  }
  const row = await trx
    .insertInto('issues')
    .values({
      company_id: ctx.companyId,
      location_id: args.location_id ?? null,
      item_id: args.item_id ?? null,
      order_id: args.order_id ?? null,
      note: args.note.trim(),
      manager_id: args.manager_id,
      creation_date: nowIso(),
      reporter_user_id: ctx.userId,
      tray_id: args.tray_id ?? null,
      solved_at: null,
      solved_by_user_id: null,
      version,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { issue_id: row.id, message: ISSUE_THANKS[args.manager_id] };
}
