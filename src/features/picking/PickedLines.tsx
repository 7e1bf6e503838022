import { Badge, Group, Stack, Text } from '@mantine/core';
import type { LocalOrderItem } from '../orders';
import { itemLabel } from '../../ui/outboxWords';

interface Props {
  items: readonly LocalOrderItem[];
  /** Item variant ids skipped on this round. */
  skipped: readonly number[];
  /** Picked quantity per order item not yet confirmed by the server. */
  unsentPicked: Readonly<Record<number, number>>;
}

const labelOf = (item: LocalOrderItem) =>
  itemLabel({ name: item.mold_name, colour: item.colour_name, condition: item.condition_name });

/**
 * The round at the end of the route: the items skipped (named, with what is still missing) and
 * the picked lines, each with a pending badge until the server confirms its picks.
 */
export function PickedLines({ items, skipped, unsentPicked }: Props) {
  const skippedItems = items.filter(
    (i) => skipped.includes(i.item_id) && i.quantity_picked < i.quantity_ordered,
  );
  const picked = items.filter((i) => i.quantity_picked > 0);
  return (
    <Stack gap="xs">
      {skippedItems.length > 0 && (
        <Stack gap={4} data-testid="skipped-items">
          <Text fw={600}>Skipped</Text>
          {skippedItems.map((i) => (
            <Text key={i.id} size="sm">
              {labelOf(i)}: {i.quantity_ordered - i.quantity_picked} of {i.quantity_ordered} not
              picked
            </Text>
          ))}
        </Stack>
      )}
      {picked.length > 0 && (
        <Stack gap={4} data-testid="picked-lines">
          <Text fw={600}>Picked</Text>
          {picked.map((i) => (
            <Group key={i.id} gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" style={{ minWidth: 0 }}>
                {i.quantity_picked} × {labelOf(i)}
              </Text>
              {/* The badge keeps its whole word; the item's name wraps instead. */}
              {unsentPicked[i.id] ? (
                <Badge color="yellow" variant="light" data-testid="pick-pending" flex="none">
                  Pending
                </Badge>
              ) : (
                <Badge color="teal" variant="light" flex="none">
                  Confirmed
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
