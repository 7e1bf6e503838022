import { Button, Group, Text } from '@mantine/core';
import { SetToAverage, type PricedLot } from './SetToAverage';
import type { usePriceGuides } from './usePriceGuides';

interface Props<K> {
  /** Every lot on the screen (whose guides "Show price guide" loads). */
  lots: PricedLot<K>[];
  /** The keys of the selected lots. */
  selected: ReadonlySet<K>;
  guides: ReturnType<typeof usePriceGuides<K>>;
  onApply: Parameters<typeof SetToAverage<K>>[0]['onApply'];
  /** The lots' currency (a batch's), EUR unless given. */
  currency?: string;
}

/** A pricing screen's price-guide actions: show the guides, set the selected lots to the average. */
export function PriceGuideBar<K>({ lots, selected, guides, onApply, currency }: Props<K>) {
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        loading={guides.loading}
        onClick={() => void guides.load(lots)}
      >
        Show price guide
      </Button>
      <SetToAverage
        lots={lots.filter((l) => selected.has(l.key))}
        load={guides.load}
        onApply={onApply}
        currency={currency}
      />
      <Text size="sm" c="dimmed">
        {selected.size} selected
      </Text>
    </Group>
  );
}
