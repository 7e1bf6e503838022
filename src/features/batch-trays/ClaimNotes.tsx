import { Badge } from '@mantine/core';
import type { ClaimState } from '../../../contract/batch-trays';

/** A time of today as the reader's clock shows it; another day gets its date too. */
export function localTime(iso: string): string {
  const d = new Date(iso);
  const today = new Date().toDateString() === d.toDateString();
  return today
    ? d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Who holds the batch's claim and since when (local time). */
export function ClaimBadge({ claim }: { claim: ClaimState }) {
  if (!claim.claimed) return null;
  const since = claim.claim_since ? ` since ${localTime(claim.claim_since)}` : '';
  const who = claim.claimed_by_me ? 'You are' : `${claim.claim_holder ?? 'Someone'} is`;
  return (
    <Badge color={claim.claimed_by_me ? 'green' : 'orange'} tt="none">
      {`${who} editing this batch${since}`}
    </Badge>
  );
}

/** "n edits not accepted yet": the edits kept on this device that others do not see yet. */
export const notAcceptedYet = (n: number) =>
  n === 1 ? '1 edit not accepted yet' : `${n} edits not accepted yet`;
