import { Badge } from '@mantine/core';
import type { OrderOutbox } from './outboxByOrder';

/**
 * The order card's sync state: "not sent yet" while this device holds changes the server has not
 * confirmed, "Refused" once the server refused one. Confirmed changes leave nothing to show.
 */
export function OrderSyncBadge({ outbox }: { outbox: OrderOutbox | undefined }) {
  if (!outbox) return null;
  if (outbox.refused > 0) {
    return (
      <Badge color="red" variant="light" data-testid="order-sync-refused">
        Refused: see Sync problems
      </Badge>
    );
  }
  if (outbox.unsent > 0) {
    return (
      <Badge color="yellow" variant="light" data-testid="order-sync-pending">
        {outbox.unsent === 1 ? '1 change not sent yet' : `${outbox.unsent} changes not sent yet`}
      </Badge>
    );
  }
  return null;
}
