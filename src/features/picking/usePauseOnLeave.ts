import { useEffect, useRef } from 'react';
import { saveLocally } from '../../ui/localWriteError';
import { pauseOrder } from './mutations';

/** Pauses scheduled by an unmount, cancelled by a mount of the same order right after it. */
const scheduled = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Leaving the picker screen pauses the order (spec 2 §4: PAUSED), through the outbox. A reload
 * does not leave (the order stays ours and the screen continues); a re-mount right away (React's
 * development double mount) does not either.
 */
export function usePauseOnLeave(orderId: number, shouldPause: () => boolean) {
  const check = useRef(shouldPause);
  useEffect(() => {
    check.current = shouldPause;
  });

  useEffect(() => {
    const pending = scheduled.get(orderId);
    if (pending !== undefined) {
      clearTimeout(pending);
      scheduled.delete(orderId);
    }
    return () => {
      const shouldPauseNow = check.current();
      scheduled.set(
        orderId,
        setTimeout(() => {
          scheduled.delete(orderId);
          if (shouldPauseNow) void saveLocally(() => pauseOrder(orderId), 'Pausing the order');
        }, 0),
      );
    };
  }, [orderId]);
}
