import { useCallback, useEffect, useState } from 'react';
import type { Order, OrderItemWithLocations } from '../../../contract/orders';
import { getDb } from '../../offline';
import { notifyRefusal } from '../../ui/refusalWords';
import { isUnreachable } from '../../api/errors';
import { fetchOrder, fetchOrderItems } from './api';
import { localOrder, localOrderItems, mayPick, type LocalOrderItem } from './local';

export interface OrderDetail {
  order: Order;
  items: (LocalOrderItem | OrderItemWithLocations)[];
  /** 'device': the server could not be reached; this is the copy on this device (read-only). */
  source: 'server' | 'device';
}

/**
 * One order with its items: from the server, or — when it cannot be reached — from the device's
 * copy (an order on the floor is on the device), so a picker can still open it offline.
 */
export function useOrderDetail(orderId: number, userId: number | null | undefined) {
  const [detail, setDetail] = useState<OrderDetail | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'missing' | 'failed'>('loading');

  const load = useCallback(async () => {
    try {
      const [order, items] = await Promise.all([fetchOrder(orderId), fetchOrderItems(orderId)]);
      setDetail({ order, items, source: 'server' });
      setState('ready');
    } catch (error) {
      if (!isUnreachable(error)) {
        setState('failed');
        await notifyRefusal(error);
        return;
      }
      const db = getDb();
      const order = await localOrder(db, orderId);
      if (!order) {
        setState('missing');
        return;
      }
      const items = await localOrderItems(db, orderId);
      setDetail({
        order: {
          ...order,
          buyer_name: order.buyer_name ?? null,
          claimed_by_name: order.claimed_by_name ?? null,
          allowed_to_pick: mayPick(order, userId),
        },
        items,
        source: 'device',
      });
      setState('ready');
    }
  }, [orderId, userId]);

  useEffect(() => {
    void load();
  }, [load]);

  return { detail, state, reload: load, setDetail };
}
