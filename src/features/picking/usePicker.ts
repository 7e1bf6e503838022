import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { OrderMessages } from '../../../contract/orders';
import { mayPick } from '../orders';
import { getDb } from '../../offline';
import { codesMatch } from '../../scan';
import { notifyError, notifySuccess } from '../../ui/notify';
import { loadPickData, writePickerState } from './local';
import { claimOrder, confirmPick, finishOrder } from './mutations';
import { nextStop } from './route';
import { afterPick, quantityProblem, withSkipped } from './skip';

/** Claims in flight in this page (a double mount must not claim twice). */
const claiming = new Set<number>();

/**
 * The picker's screen state, all of it read from the device (useLiveQuery), so it survives a
 * reload and works offline: the order, the next stop of the route, whether its location was
 * scanned, and the actions.
 */
export function usePicker(orderId: number, userId: number | null | undefined) {
  const data = useLiveQuery(() => loadPickData(getDb(), orderId, userId), [orderId, userId]);

  const stop = useMemo(
    () =>
      data
        ? nextStop({
            items: data.items,
            stock: data.stock,
            route: data.route,
            from: data.state.locationId,
            skipped: data.state.skipped,
          })
        : null,
    [data],
  );
  const item = stop?.items[0] ?? null;
  const scanned = !!stop && data?.state.scannedLocationId === stop.location_id;
  const claim = data?.claim ?? 'none';
  const blocked = claim === 'rejected' || claim === 'taken';

  // Opening the picker claims an order nobody holds (spec 2 §4: Pick sets BEING_PICKED): once per
  // visit, decided when the order is first on the device (finishing must not claim it again).
  const decided = useRef(false);
  useEffect(() => {
    const order = data?.order;
    if (!order || decided.current) return;
    decided.current = true;
    if (claim !== 'none' || userId == null || !mayPick(order, userId)) return;
    if (claiming.has(orderId)) return;
    claiming.add(orderId);
    claimOrder(orderId, userId)
      .then(() => notifySuccess(OrderMessages.claimed))
      .finally(() => claiming.delete(orderId));
  }, [data, claim, orderId, userId]);

  const onScan = useCallback(
    (code: string) => {
      if (!stop || blocked) return;
      if (!codesMatch(code, stop.code)) {
        notifyError(OrderMessages.wrongLocation);
        return;
      }
      void writePickerState(getDb(), orderId, {
        locationId: stop.location_id,
        scannedLocationId: stop.location_id,
      });
    },
    [stop, blocked, orderId],
  );

  const skip = useCallback(async () => {
    if (!item || !data) return;
    notifyError(OrderMessages.skipped);
    await writePickerState(getDb(), orderId, {
      skipped: withSkipped(data.state.skipped, item.item_id),
    });
  }, [item, data, orderId]);

  const confirm = useCallback(
    async (quantity: number) => {
      if (!stop || !item || !scanned || blocked) return;
      const problem = quantityProblem(quantity, item.to_pick, item.stock);
      if (problem) {
        notifyError(problem);
        return;
      }
      if (quantity > 0) {
        await confirmPick({
          order_id: orderId,
          order_item_id: item.id,
          location_id: stop.location_id,
          quantity,
        });
      }
      if (afterPick(item.to_pick, item.stock, quantity) === 'skip') await skip();
    },
    [stop, item, scanned, blocked, orderId, skip],
  );

  const finish = useCallback(() => finishOrder(orderId), [orderId]);

  return { data, stop, item, scanned, claim, blocked, onScan, confirm, skip, finish };
}
