import type { OnDevicePicks, OnDeviceReport, OnDeviceResponse } from '../../../contract/on-device';
import { PickingStatus } from '../../../contract/orders';
import { api } from '../../api/client';
import type { WarehouseDb } from '../../offline';
import { getDeviceId } from '../../offline/meta';
import type { LocalOrder } from './local';
import { outboxByOrder } from './outboxByOrder';

/**
 * Picks still on a device. The picker's device tells the server, per order it holds (or claims),
 * how many picks it has not sent yet; the order manager's screens show the last report. The server
 * only knows what the device last told it, so the text says when that was.
 */

/** This device's report: every order the user holds here, with its picks not sent yet. */
export async function pendingReport(
  db: WarehouseDb,
  userId: number | null | undefined,
): Promise<OnDeviceReport['orders']> {
  if (userId == null) return [];
  const outbox = await outboxByOrder(db);
  const orders: LocalOrder[] = await db.orders.toArray();
  return orders
    .filter(
      (o) =>
        (Number(o.picking_status_id) === PickingStatus.BEING_PICKED &&
          o.claimed_by_user_id === userId) ||
        (outbox.get(o.order_id)?.unsentPicks ?? 0) > 0,
    )
    .map((o) => ({ order_id: o.order_id, pending_picks: outbox.get(o.order_id)?.unsentPicks ?? 0 }))
    .sort((a, b) => a.order_id - b.order_id);
}

export async function sendPendingReport(db: WarehouseDb, orders: OnDeviceReport['orders']) {
  const device_id = await getDeviceId(db);
  await api.post('v1/sync/pending', { json: { device_id, orders } satisfies OnDeviceReport });
}

/** The order manager's view: picks devices last told as not sent (all orders, or one). */
export function fetchOnDevice(orderId?: number) {
  const searchParams = orderId === undefined ? undefined : { order_id: orderId };
  return api
    .get('v1/order/on_device', { searchParams })
    .json<OnDeviceResponse>()
    .then((r) => r.results);
}

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** "3 picks still on Anna's device (last told at 10:42)". */
export function onDeviceText(row: OnDevicePicks): string {
  const picks = row.pending_picks === 1 ? '1 pick' : `${row.pending_picks} picks`;
  const whose = row.user_name ? `${row.user_name}'s device` : 'the picker’s device';
  return `${picks} still on ${whose} (last told at ${clock(row.reported_at)})`;
}
