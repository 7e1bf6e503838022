import { TRAY_CLAIM_LEASE_SECONDS } from '../../../contract/batch-trays';
import { nowIso } from '../../db/dialect';

/**
 * The write claim on a batch's trays is a lease (docs/batch-trays.md): `write_permission_until`
 * is when it lapses unless renewed. Every claim, renewal and change by the holder moves it on by
 * the lease length; once it has passed, the claim holds nobody back and anyone may take it.
 */
let leaseSeconds = TRAY_CLAIM_LEASE_SECONDS;

/** The server's lease length (TRAY_CLAIM_LEASE_SECONDS); set once at start. */
export function setClaimLeaseSeconds(seconds: number): void {
  leaseSeconds = seconds;
}
export const claimLeaseSeconds = (): number => leaseSeconds;

/** When a claim taken or renewed now lapses. */
export const leaseEnd = (now = Date.now()): string =>
  new Date(now + leaseSeconds * 1000).toISOString();

export interface ClaimColumns {
  write_permission_user_id: number | null;
  write_permission_until?: string | null;
}

/** The user holding a live claim on the batch, or null (none, or lapsed). */
export function liveHolder(b: ClaimColumns, now = nowIso()): number | null {
  if (b.write_permission_user_id === null) return null;
  const until = b.write_permission_until;
  return until !== null && until !== undefined && String(until) >= now
    ? b.write_permission_user_id
    : null;
}

/** True while someone other than `userId` holds a live claim. */
export function heldByOther(b: ClaimColumns, userId: number, now = nowIso()): boolean {
  const holder = liveHolder(b, now);
  return holder !== null && holder !== userId;
}
