import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { getDb } from '../../offline';
import { pendingReport, sendPendingReport } from './onDevice';

/** The last report that reached the server from this page (shared by every screen). */
let lastSent: string | null = null;

const RESEND_MS = 30_000;

/**
 * While a picker's screen is open, tell the server which picks are still on this device: when the
 * count changes, when the network comes back, and every half minute while picks wait. A report
 * that cannot be sent is simply sent again later; it never holds up the floor.
 */
export function useOnDeviceReport(userId: number | null | undefined, enabled: boolean) {
  const orders = useLiveQuery(() => pendingReport(getDb(), userId), [userId]);
  const key = enabled && orders ? JSON.stringify(orders) : null;
  const waiting = !!orders?.some((o) => o.pending_picks > 0);

  useEffect(() => {
    if (key === null) return;
    let stopped = false;
    const send = (again = false) => {
      if (stopped || !navigator.onLine || (!again && lastSent === key)) return;
      sendPendingReport(getDb(), JSON.parse(key) as Parameters<typeof sendPendingReport>[1]).then(
        () => {
          lastSent = key;
        },
        () => {
          // Offline or refused: the next change, reconnect or tick tries again.
        },
      );
    };
    send();
    const onOnline = () => send(true);
    window.addEventListener('online', onOnline);
    const timer = waiting ? setInterval(() => send(true), RESEND_MS) : null;
    return () => {
      stopped = true;
      window.removeEventListener('online', onOnline);
      if (timer) clearInterval(timer);
    };
  }, [key, waiting]);
}
