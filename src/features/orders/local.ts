import { mayPick } from '../../../contract/picking-rules';
import type { LocalOrder, WarehouseDb } from '../../offline';

export type { LocalOrder, LocalOrderItem } from '../../offline';
/** May this user press Pick (the server's allowed_to_pick, decided on the device). */
export { mayPick };

const byAge = (a: LocalOrder, b: LocalOrder) =>
  a.created_at.localeCompare(b.created_at) || a.order_id - b.order_id;

/** The Picker Orders list: what this user may pick now, oldest first (works offline). */
export async function pickerOrders(db: WarehouseDb, userId: number | null | undefined) {
  const rows = await db.orders.toArray();
  return rows.filter((o) => mayPick(o, userId)).sort(byAge);
}

export async function localOrder(db: WarehouseDb, orderId: number) {
  return db.orders.get(orderId);
}

export async function localOrderItems(db: WarehouseDb, orderId: number) {
  const rows = await db.orderItems.where('order_id').equals(orderId).toArray();
  return rows.sort((a, b) => a.id - b.id);
}
