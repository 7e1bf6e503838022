import { Badge, Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
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

/**
 * Leaving the editor with edits not accepted asks first: in-app navigation through a question,
 * closing or reloading the tab through the browser's own. The edits stay on this device either way.
 */
export function LeaveGuard({ pending }: { pending: number }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      pending > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (pending === 0) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [pending]);
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave the editor?"
    >
      <Text mb="md">
        {`${notAcceptedYet(pending)}. They stay on this device, but nobody else sees them until you accept them.`}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </Group>
    </Modal>
  );
}
