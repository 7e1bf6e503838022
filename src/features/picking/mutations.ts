import {
  PickingMutation,
  type IssueReportArgs,
  type PickConfirmArgs,
} from '../../../contract/mutations/picking';
import { PickingStatus } from '../../../contract/orders';
import { enqueue, getDb, type WarehouseDb } from '../../offline';
import { pickerStateKey, writePickerState } from './local';

/**
 * The picker's writes. Each goes into the outbox together with its optimistic change of the
 * device's data (one transaction), so it works offline and reaches the server exactly once.
 */

const asNumber = (v: unknown) => Number(v ?? 0);

/** BEING_PICKED by this user: order.claim.v1. */
export async function claimOrder(orderId: number, userId: number, db: WarehouseDb = getDb()) {
  const entry = await enqueue(
    PickingMutation.claim,
    { order_id: orderId },
    (tx) =>
      tx.orders.update(orderId, {
        picking_status_id: PickingStatus.BEING_PICKED,
        picking_status_name: 'BEING_PICKED',
        claimed_by_user_id: userId,
      }),
    db,
  );
  await writePickerState(db, orderId, { claimId: entry.id });
  return entry;
}

/**
 * One confirmed pick (pick.confirm.v1): the stock at the location goes down and the item's
 * picked quantity (and the order's picked total) goes up, on this device at once.
 */
export function confirmPick(args: PickConfirmArgs, db: WarehouseDb = getDb()) {
  const q = args.quantity;
  return enqueue(
    PickingMutation.pick,
    args,
    async (tx) => {
      const item = await tx.orderItems.get(args.order_item_id);
      await tx.orderItems.update(args.order_item_id, {
        quantity_picked: asNumber(item?.quantity_picked) + q,
      });
      if (item) {
        await tx.locationContent
          .where('[location_id+item_id]')
          .equals([args.location_id, asNumber(item.item_id)])
          .modify((row) => {
            row.quantity = asNumber(row.quantity) - q;
          });
      }
      const order = await tx.orders.get(args.order_id);
      if (order) {
        await tx.orders.update(args.order_id, { picked_total: asNumber(order.picked_total) + q });
      }
    },
    db,
  );
}

/** Leaving the picker screen: PAUSED (order.pause.v1). */
export function pauseOrder(orderId: number, db: WarehouseDb = getDb()) {
  return enqueue(
    PickingMutation.pause,
    { order_id: orderId },
    (tx) =>
      tx.orders.update(orderId, {
        picking_status_id: PickingStatus.PAUSED,
        picking_status_name: 'PAUSED',
      }),
    db,
  );
}

/**
 * Done with the route (order.finish.v1): PICKED (4) when everything ordered was picked, else
 * PAUSED (3), as the server decides it. The round's state (skipped items, location) is forgotten.
 * Returns the picking status the device expects.
 */
export async function finishOrder(orderId: number, db: WarehouseDb = getDb()) {
  let status: number = PickingStatus.PAUSED;
  await enqueue(
    PickingMutation.finish,
    { order_id: orderId },
    async (tx) => {
      const items = await tx.orderItems.where('order_id').equals(orderId).toArray();
      const ordered = items.reduce((n, i) => n + asNumber(i.quantity_ordered), 0);
      const picked = items.reduce((n, i) => n + asNumber(i.quantity_picked), 0);
      status = picked >= ordered ? PickingStatus.PICKED : PickingStatus.PAUSED;
      await tx.orders.update(orderId, {
        picking_status_id: status,
        picking_status_name: status === PickingStatus.PICKED ? 'PICKED' : 'PAUSED',
      });
      await tx.meta.delete(pickerStateKey(orderId));
    },
    db,
  );
  return status;
}

/** An issue report to the warehouse manager, the order manager or both (issue.report.v1). */
export function reportIssue(args: IssueReportArgs, db: WarehouseDb = getDb()) {
  return enqueue(PickingMutation.issue, args, undefined, db);
}
