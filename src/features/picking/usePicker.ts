import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { OrderMessages } from '../../../contract/orders';
import { mayPick } from '../orders';
import { getDb } from '../../offline';
import { codesMatch } from '../../scan';
import { notifyLocalWriteError, saveLocally } from '../../ui/localWriteError';
import { notifyError, notifyPending, notifySuccess } from '../../ui/notify';
import { loadPickData, writePickerState } from './local';
import { claimOrder, confirmPick, finishOrder } from './mutations';
import { nextStop } from './route';
import { afterPick, quantityProblem, withSkipped } from './skip';

export const CLAIM_PENDING = 'Claim will be confirmed when you are back online';

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

  // Opening the picker claims an order nobody holds (Pick sets BEING_PICKED): once per
  // visit, decided when the order is first on the device (finishing must not claim it again).
  const decided = useRef(false);
  const claimedHere = useRef(false);
  useEffect(() => {
    const order = data?.order;
    if (!order || decided.current) return;
    decided.current = true;
    if (claim !== 'none' || userId == null || !mayPick(order, userId)) return;
    if (claiming.has(orderId)) return;
    claiming.add(orderId);
    claimedHere.current = true;
    claimOrder(orderId, userId)
      .then(
        () => {
          // Told as claimed only once the server confirms it (below); offline, say it waits.
          if (!navigator.onLine) notifyPending(CLAIM_PENDING);
        },
        (error: unknown) => {
          // Not claimed: the next visit of the screen tries again.
          notifyLocalWriteError(error, 'Taking this order');
        },
      )
      .finally(() => claiming.delete(orderId));
  }, [data, claim, orderId, userId]);

  // The claim is confirmed when the server has it: pending → held. The device may see the claim
  // made here go straight to held (queued and answered between two reads), so a claim made in
  // this visit is told when it is held, whether or not 'pending' was seen; once.
  const previousClaim = useRef(claim);
  const toldClaimed = useRef(false);
  useEffect(() => {
    const confirmed =
      claim === 'held' && (claimedHere.current || previousClaim.current === 'pending');
    if (confirmed && !toldClaimed.current) {
      toldClaimed.current = true;
      notifySuccess(OrderMessages.claimed);
    }
    previousClaim.current = claim;
  }, [claim]);

  const onScan = useCallback(
    (code: string) => {
      if (!stop || blocked) return;
      if (!codesMatch(code, stop.code)) {
        notifyError(OrderMessages.wrongLocation);
        return false; // a bad scan: the scanner beeps twice
      }
      void saveLocally(
        () =>
          writePickerState(getDb(), orderId, {
            locationId: stop.location_id,
            scannedLocationId: stop.location_id,
          }),
        'The scan of this location',
      );
    },
    [stop, blocked, orderId],
  );

  const skip = useCallback(async () => {
    if (!item || !data) return;
    const saved = await saveLocally(
      () =>
        writePickerState(getDb(), orderId, {
          skipped: withSkipped(data.state.skipped, item.item_id),
        }),
      'Skipping this item',
    );
    if (saved) notifyError(OrderMessages.skipped);
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
        const saved = await saveLocally(
          () =>
            confirmPick({
              order_id: orderId,
              order_item_id: item.id,
              location_id: stop.location_id,
              quantity,
            }),
          `This pick (${quantity} × ${item.colour_name} ${item.mold_name})`,
        );
        // Not saved: the counts stay as they were and the picker stays at this stop.
        if (!saved) return;
      }
      if (afterPick(item.to_pick, item.stock, quantity) === 'skip') await skip();
    },
    [stop, item, scanned, blocked, orderId, skip],
  );

  /** The picking status the device expects, or null when finishing could not be saved. */
  const finish = useCallback(async () => {
    try {
      return await finishOrder(orderId);
    } catch (error) {
      notifyLocalWriteError(error, 'Finishing this order');
      return null;
    }
  }, [orderId]);

  return { data, stop, item, scanned, claim, blocked, onScan, confirm, skip, finish };
}
