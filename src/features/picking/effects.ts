import {
  PickingMutation,
  type OrderClaimArgs,
  type OrderFinishArgs,
  type OrderPauseArgs,
  type PickConfirmArgs,
} from '../../../contract/mutations/picking';
import { PickingStatus } from '../../../contract/orders';
import { defineLocalEffect } from '../../offline';

/**
 * What the picker's writes do to the device's rows (see src/offline/effects.ts): applied when
 * the picker acts, and again on top of pulled rows while the write has not reached the server.
 */

const asNumber = (v: unknown) => Number(v ?? 0);

/** Stored with a claim: who claimed (the device may be shared). */
export interface ClaimLocal {
  user_id: number;
}

/** BEING_PICKED by the claiming user. */
defineLocalEffect<OrderClaimArgs>(PickingMutation.claim, async (store, args, entry) => {
  const userId = (entry.local as ClaimLocal | undefined)?.user_id ?? null;
  await store.update('orders', args.order_id, (order) => {
    order.picking_status_id = PickingStatus.BEING_PICKED;
    order.picking_status_name = 'BEING_PICKED';
    order.claimed_by_user_id = userId;
  });
});

/** Stock at the location −q; the item's picked quantity and the order's picked total +q. */
defineLocalEffect<PickConfirmArgs>(PickingMutation.pick, async (store, args) => {
  const q = args.quantity;
  const item = await store.get('orderItems', args.order_item_id);
  await store.update('orderItems', args.order_item_id, (row) => {
    row.quantity_picked = asNumber(row.quantity_picked) + q;
  });
  if (item) {
    const stock = await store.find('locationContent', '[location_id+item_id]', [
      args.location_id,
      asNumber(item.item_id),
    ]);
    for (const row of stock) {
      await store.update('locationContent', row.id as number, (r) => {
        r.quantity = asNumber(r.quantity) - q;
      });
    }
  }
  await store.update('orders', args.order_id, (order) => {
    order.picked_total = asNumber(order.picked_total) + q;
  });
});

/** PAUSED. */
defineLocalEffect<OrderPauseArgs>(PickingMutation.pause, async (store, args) => {
  await store.update('orders', args.order_id, (order) => {
    order.picking_status_id = PickingStatus.PAUSED;
    order.picking_status_name = 'PAUSED';
  });
});

/** PICKED when everything ordered was picked, else PAUSED — as the server decides it. */
defineLocalEffect<OrderFinishArgs>(PickingMutation.finish, async (store, args) => {
  const items = await store.find('orderItems', 'order_id', args.order_id);
  const ordered = items.reduce((n, i) => n + asNumber(i.quantity_ordered), 0);
  const picked = items.reduce((n, i) => n + asNumber(i.quantity_picked), 0);
  const status = picked >= ordered ? PickingStatus.PICKED : PickingStatus.PAUSED;
  await store.update('orders', args.order_id, (order) => {
    order.picking_status_id = status;
    order.picking_status_name = status === PickingStatus.PICKED ? 'PICKED' : 'PAUSED';
  });
});
