import { useEffect, useRef } from 'react';
import { saveLocally } from '../../ui/localWriteError';
import { tellWhenServerHasIt } from '../../ui/pendingWords';
import { pauseOrder } from './mutations';

export const PAUSED_FOR_OTHERS = 'You left the order: it is paused, and other pickers can take it.';

/** Pauses scheduled by an unmount, cancelled by a mount of the same order right after it. */
const scheduled = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Leaving the picker screen pauses the order (PAUSED), through the outbox, and says so: the
 * order is now free for other pickers. A reload
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
          if (!shouldPauseNow) return;
          const sent: { id?: string } = {};
          void saveLocally(
            async () => (sent.id = (await pauseOrder(orderId)).id),
            'Pausing the order',
          ).then((saved) => {
            // Told as free for others once the server has the pause.
            if (saved && sent.id) void tellWhenServerHasIt(sent.id, PAUSED_FOR_OTHERS, 'pause');
          });
        }, 0),
      );
    };
  }, [orderId]);
}
