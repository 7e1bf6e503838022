import { PickingStatus } from '../../../contract/orders';
import { nowIso } from '../../db/dialect';
import type { OrdersTable } from '../../db/schema-domain';
import { recordTombstones } from '../../sync';
import type { Trx, WriteCtx } from '../../write/context';

/** An order is "on the floor" (pulled by devices) while pickable and not picked. */
export function isOnFloor(o: { pickable: number; picking_status_id: number }): boolean {
  return Number(o.pickable) === 1 && Number(o.picking_status_id) !== PickingStatus.PICKED;
}

/** Fields of an order a rule may change. */
export type OrderChanges = Partial<
  Pick<OrdersTable, 'picker_issue' | 'claimed_by_user_id' | 'claimed_at'>
> & {
  has_problem?: 0 | 1;
  pickable?: 0 | 1;
  picking_status_id?: number;
};

/**
 * Writes an order's changed fields (stamped with the version, updated now) and, when that takes
 * the order onto or off the floor, keeps the devices right (floorTransition).
 */
export async function changeOrder(
  trx: Trx,
  ctx: WriteCtx,
  version: number,
  before: { id: number; pickable: number; picking_status_id: number },
  set: OrderChanges,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ ...set, updated_at: nowIso(), version })
    .where('id', '=', before.id)
    .where('company_id', '=', ctx.companyId)
    .execute();
  await floorTransition(
    trx,
    ctx,
    before.id,
    isOnFloor(before),
    isOnFloor({
      pickable: set.pickable ?? before.pickable,
      picking_status_id: set.picking_status_id ?? before.picking_status_id,
    }),
  );
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
    await tombstoneOrders(trx, ctx.companyId, [orderId], version);
  } else {
    await trx
      .updateTable('order_items')
      .set({ version })
      .where('order_id', '=', orderId)
      .where('company_id', '=', ctx.companyId)
      .execute();
  }
}

/** Records tombstones for the orders and their items, so devices drop them from the floor. */
export async function tombstoneOrders(
  trx: Trx,
  companyId: number,
  orderIds: number[],
  version: number,
): Promise<void> {
  const items = await trx
    .selectFrom('order_items')
    .select('id')
    .where('company_id', '=', companyId)
    .where('order_id', 'in', orderIds)
    .execute();
  await recordTombstones(trx, companyId, 'orders', orderIds, version);
  const itemIds = items.map((i) => i.id);
  await recordTombstones(trx, companyId, 'order_items', itemIds, version);
}
