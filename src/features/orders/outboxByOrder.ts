import { PickingMutation } from '../../../contract/mutations/picking';
import { listOutbox, type OutboxEntry, type WarehouseDb } from '../../offline';

/** What this device's outbox holds for one order. */
export interface OrderOutbox {
  /** Claims, picks and finishes saved here that the server has not confirmed yet. */
  unsent: number;
  /** Picks (pieces) among them. */
  unsentPicks: number;
  /** Changes the server refused (listed under Sync problems). */
  refused: number;
}

/** Floor writes of an order whose state the order card shows. */
const ORDER_WRITES = new Set<string>([
  PickingMutation.claim,
  PickingMutation.pick,
  PickingMutation.finish,
  PickingMutation.pause,
]);

const UNSENT = new Set<OutboxEntry['state']>(['pending', 'sending', 'stuck']);

function orderIdOf(entry: OutboxEntry): number | null {
  const id = (entry.args as { order_id?: unknown } | null)?.order_id;
  return typeof id === 'number' ? id : null;
}

/** The outbox per order (orders without entries are absent). Works offline, for a live query. */
export async function outboxByOrder(db: WarehouseDb): Promise<Map<number, OrderOutbox>> {
  const byOrder = new Map<number, OrderOutbox>();
  for (const entry of await listOutbox(db)) {
    const orderId = orderIdOf(entry);
    if (orderId === null || !ORDER_WRITES.has(entry.name)) continue;
    const unsent = UNSENT.has(entry.state);
    if (!unsent && entry.state !== 'rejected') continue;
    const row = byOrder.get(orderId) ?? { unsent: 0, unsentPicks: 0, refused: 0 };
    if (unsent) {
      row.unsent += 1;
      if (entry.name === PickingMutation.pick) row.unsentPicks += 1;
    } else row.refused += 1;
    byOrder.set(orderId, row);
  }
  return byOrder;
}
