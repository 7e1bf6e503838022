import { PickingStatus } from './orders';

/** The fields of an order the "may pick" rule reads. */
export interface PickableOrder {
  pickable: number;
  picking_status_id: number;
  claimed_by_user_id: number | null;
}

/**
 * May this user press Pick on the order? It is ready for picking, not picked yet, and not being
 * picked by someone else (being picked by this user, it may be opened again). The server answers
 * it as an order's `allowed_to_pick` (for a user with the picker role); the device decides the
 * same offline. See docs/picking.md.
 */
export function mayPick(order: PickableOrder, userId: number | null | undefined): boolean {
  const status = Number(order.picking_status_id);
  if (Number(order.pickable) !== 1 || status === PickingStatus.PICKED) return false;
  return !(status === PickingStatus.BEING_PICKED && order.claimed_by_user_id !== userId);
}
