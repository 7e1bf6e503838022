import { Button, Group, Text } from '@mantine/core';
import type { FlushResult } from './push';

/** How a "Send now" went, in the floor's words. */
export function sendResultText(result: FlushResult | undefined, online: boolean): string {
  if (!online || result?.status === 'offline') {
    return 'This device is offline: your changes are sent when the network is back.';
  }
  switch (result?.status) {
    case 'done':
      return 'Sent.';
    case 'waiting':
      return 'The server cannot be reached right now. The app keeps trying by itself; you can also tap Send now again.';
    case 'signed-out':
      return 'Your session has ended. Sign in again to send your changes.';
    case 'busy':
      return 'Your changes are being sent right now.';
    default:
      return 'Sending did not work. The app keeps trying by itself.';
  }
}

/**
 * How many changes made on this device the server does not have yet, stuck ones included:
 * "Everything sent", "3 not sent", "3 not sent (1 stuck)".
 */
export function notSentText(notSent: number, stuck: number): string {
  if (notSent === 0) return 'Everything sent';
  return stuck > 0 ? `${notSent} not sent (${stuck} stuck)` : `${notSent} not sent`;
}

interface Props {
  /** Waiting to be sent (stuck ones wait for Retry and are not sent by this). */
  pending: number;
  busy: boolean;
  /** What the last Send now came to, if it was tapped. */
  said: string | null;
  onSend: () => void;
}

/** The drawer's Send now: tries at once, past the wait after a failed attempt. */
export function SendNow({ pending, busy, said, onSend }: Props) {
  if (pending === 0 && !said) return null;
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      {pending > 0 && (
        <Button size="md" onClick={onSend} loading={busy} data-testid="send-now">
          Send now
        </Button>
      )}
      {said && (
        <Text size="sm" data-testid="send-result">
          {said}
        </Text>
      )}
    </Group>
  );
}
