import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { getDb } from '../../offline';
import { pendingReport, sendPendingReport } from './onDevice';

type Orders = Parameters<typeof sendPendingReport>[1];

/** The last report that reached the server from this page (shared by every screen). */
let lastSent: string | null = null;
/**
 * Reports go out one after the other, so the server keeps the newest: a report of 3 waiting picks
 * still in flight must never land after the report of 0 that followed it.
 */
let queue: Promise<void> = Promise.resolve();

const SETTLE_MS = 800;
const RESEND_MS = 30_000;

function report(key: string, again: boolean) {
  queue = queue.then(async () => {
    if (!navigator.onLine || (!again && lastSent === key)) return;
    try {
      await sendPendingReport(getDb(), JSON.parse(key) as Orders);
      lastSent = key;
    } catch {
      // Offline or refused: the next change, reconnect or tick tries again.
    }
  });
}

/**
 * While a picker's screen is open, tell the server which picks are still on this device: shortly
 * after the count changes (a pick and its confirmation in quick succession make one report), when
 * the network comes back, and every half minute while picks wait. A report that cannot be sent is
 * sent again later; it never holds up the floor.
 */
export function useOnDeviceReport(userId: number | null | undefined, enabled: boolean) {
  const orders = useLiveQuery(() => pendingReport(getDb(), userId), [userId]);
  const key = enabled && orders ? JSON.stringify(orders) : null;
  const waiting = !!orders?.some((o) => o.pending_picks > 0);

  useEffect(() => {
    if (key === null) return;
    const settle = setTimeout(() => report(key, false), SETTLE_MS);
    const onOnline = () => report(key, true);
    window.addEventListener('online', onOnline);
    const timer = waiting ? setInterval(() => report(key, true), RESEND_MS) : null;
    return () => {
      clearTimeout(settle);
      window.removeEventListener('online', onOnline);
      if (timer) clearInterval(timer);
    };
  }, [key, waiting]);
}
