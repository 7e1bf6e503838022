import { useEffect, useRef } from 'react';
import { ClaimState, TRAY_CLAIM_LEASE_SECONDS, type TrayList } from '../../../contract/batch-trays';
import { api } from '../../api/client';
import type { BatchRef } from './api';

/**
 * Keeps the editor's claim alive while it is in use (docs/batch-trays.md): the claim is a lease
 * the server lets lapse after a few idle minutes. While this user holds it, every third of the
 * lease the editor renews it, but only when someone typed or clicked in it since the last renewal;
 * a closed tab or an editor left alone lets it lapse, and then anyone may take the batch. The
 * renewal's answer (someone took a lapsed claim over, a manager declaimed it) updates the heading.
 */
export function useClaimLease(
  ref: BatchRef,
  list: TrayList | null,
  show: (claim: ClaimState) => void,
): void {
  const mine = list?.claimed_by_me === true;
  const leaseMs = (list?.claim_lease_seconds ?? TRAY_CLAIM_LEASE_SECONDS) * 1000;
  const lastUse = useRef(0);
  const lastRenew = useRef(0);
  const { projectId, batchId } = ref;

  useEffect(() => {
    if (!mine) return;
    lastRenew.current = Date.now();
    let live = true;
    const renew = async () => {
      lastRenew.current = Date.now();
      try {
        const answer = await api
          .post('v1/trays/claim/renew', {
            searchParams: { project_id: projectId, batch_id: batchId },
            json: {},
          })
          .json();
        if (live) show(ClaimState.parse(answer));
      } catch {
        // No answer (offline): the edits are safe on the device; the next use tries again.
      }
    };
    const used = () => {
      lastUse.current = Date.now();
      // Back after a pause: renew at once rather than at the next tick.
      if (Date.now() - lastRenew.current > leaseMs / 3) void renew();
    };
    const tick = setInterval(() => {
      if (lastUse.current > lastRenew.current) void renew();
    }, leaseMs / 3);
    window.addEventListener('keydown', used, true);
    window.addEventListener('pointerdown', used, true);
    return () => {
      live = false;
      clearInterval(tick);
      window.removeEventListener('keydown', used, true);
      window.removeEventListener('pointerdown', used, true);
    };
  }, [mine, leaseMs, projectId, batchId, show]);
}
