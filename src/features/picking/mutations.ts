import {
  PickingMutation,
  type IssueReportArgs,
  type PickConfirmArgs,
} from '../../../contract/mutations/picking';
import { PickingStatus } from '../../../contract/orders';
import { enqueue, getDb, type WarehouseDb } from '../../offline';
// The local effects of these mutations register on import.
import type { ClaimLocal } from './effects';
import './effects';
import { pickerStateKey, writePickerState } from './local';

/**
 * The picker's writes. Each goes into the outbox together with its local effect on the device's
 * data (./effects.ts, one transaction), so it works offline and reaches the server exactly once.
 * Each throws when the device cannot store it: the caller must not show it as done.
 */

/** BEING_PICKED by this user: order.claim.v1. */
export function claimOrder(orderId: number, userId: number, db: WarehouseDb = getDb()) {
  const local: ClaimLocal = { user_id: userId };
  // The picker's round remembers its claim in the same transaction as the claim itself.
  return enqueue(
    PickingMutation.claim,
    { order_id: orderId },
    (tx, entry) => writePickerState(tx, orderId, { claimId: entry.id }),
    db,
    { local },
  );
}

/**
 * One confirmed pick (pick.confirm.v1): the stock at the location goes down and the item's
 * picked quantity (and the order's picked total) goes up, on this device at once.
 */
export function confirmPick(args: PickConfirmArgs, db: WarehouseDb = getDb()) {
  return enqueue(PickingMutation.pick, args, undefined, db);
}

/** Leaving the picker screen: PAUSED (order.pause.v1). */
export function pauseOrder(orderId: number, db: WarehouseDb = getDb()) {
  return enqueue(PickingMutation.pause, { order_id: orderId }, undefined, db);
}

/**
 * Done with the route (order.finish.v1): PICKED (4) when everything ordered was picked, else
 * PAUSED (3), as the server decides it. The round's state (skipped items, location) is forgotten.
 * Returns the picking status the device expects.
 */
export async function finishOrder(orderId: number, db: WarehouseDb = getDb()) {
  await enqueue(
    PickingMutation.finish,
    { order_id: orderId },
    (tx) => tx.meta.delete(pickerStateKey(orderId)),
    db,
  );
  const order = await db.orders.get(orderId);
  return order?.picking_status_id === PickingStatus.PICKED
    ? PickingStatus.PICKED
    : PickingStatus.PAUSED;
}

/** An issue report to the warehouse manager, the order manager or both (issue.report.v1). */
export function reportIssue(args: IssueReportArgs, db: WarehouseDb = getDb()) {
  return enqueue(PickingMutation.issue, args, undefined, db);
}
