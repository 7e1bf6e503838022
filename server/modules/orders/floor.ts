import { PickingStatus } from '../../../contract/orders';
import { recordTombstone } from '../../sync';
import type { Trx, WriteCtx } from '../../write/context';

/** An order is "on the floor" (pulled by devices) while pickable and not picked. */
export function isOnFloor(o: { pickable: number; picking_status_id: number }): boolean {
  return Number(o.pickable) === 1 && Number(o.picking_status_id) !== PickingStatus.PICKED;
}

/**
 * Keeps devices right when an order leaves or re-enters the floor collections: leaving records
 * tombstones for the order and its items; re-entering restamps the items (the order row itself
 * was just written with the same version).
 */
export async function floorTransition(
  trx: Trx,
  ctx: WriteCtx,
  orderId: number,
  wasOnFloor: boolean,
  nowOnFloor: boolean,
): Promise<void> {
  if (wasOnFloor === nowOnFloor) return;
  const version = await ctx.version();
  if (!nowOnFloor) {
    await recordTombstone(trx, ctx.companyId, 'orders', orderId, version);
    const items = await trx
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', orderId)
      .where('company_id', '=', ctx.companyId)
      .execute();
    for (const i of items) {
      await recordTombstone(trx, ctx.companyId, 'order_items', i.id, version);
    }
  } else {
    await trx
      .updateTable('order_items')
      .set({ version })
      .where('order_id', '=', orderId)
      .where('company_id', '=', ctx.companyId)
      .execute();
  }
}
