import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ItemFacts, OrderProgress, type LocalOrderItem } from '../orders';
import type { StopItem } from './route';
import { suggestedQuantity } from './skip';
import { Fact } from '../../ui/Fact';

interface Props {
  item: StopItem<LocalOrderItem>;
  /** The location was scanned: Confirm is open. */
  scanned: boolean;
  disabled: boolean;
  count: number;
  onConfirm: (quantity: number) => Promise<void>;
  onSkip: () => Promise<void>;
}

/**
 * One item at the current location (spec 2 §2.9): progress, picture, colour, mould, condition,
 * stock here, ordered in total, to pick, the quantity (0 to what is left) and Confirm / Skip.
 * Enter in the quantity confirms.
 */
export function PickItemCard({ item, scanned, disabled, count, onConfirm, onSkip }: Props) {
  const [quantity, setQuantity] = useState<number>(suggestedQuantity(item.to_pick, item.stock));
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // After the scan, the quantity is ready for Enter.
  useEffect(() => {
    if (scanned && !disabled) input.current?.focus();
  }, [scanned, disabled]);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!scanned || disabled || busy) return;
    void run(() => onConfirm(quantity));
  }

  return (
    <Paper withBorder p="md" data-testid="pick-item">
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          {count === 1 ? '1 item to pick here' : `${count} items to pick here`}
        </Text>
      </Group>
      <OrderProgress picked={item.quantity_picked} ordered={item.quantity_ordered} />
      <Stack gap="md" mt="md">
        <ItemFacts item={item} imageSize={96} />
        <SimpleGrid cols={3}>
          <Fact label="Stock here" value={item.stock} testId="stock-here" />
          <Fact label="Ordered in total" value={item.quantity_ordered} testId="ordered" />
          <Fact label="To pick" value={item.to_pick} testId="to-pick" />
        </SimpleGrid>
        <form onSubmit={submit}>
          <Stack gap="sm">
            <NumberInput
              ref={input}
              label="Quantity"
              size="xl"
              min={0}
              max={item.to_pick}
              clampBehavior="strict"
              allowDecimal={false}
              allowNegative={false}
              value={quantity}
              onChange={(v) => setQuantity(typeof v === 'number' ? v : Number(v) || 0)}
              disabled={disabled}
            />
            <Group grow>
              <Button type="submit" size="xl" disabled={!scanned || disabled || busy}>
                Confirm
              </Button>
              <Button
                size="xl"
                variant="default"
                disabled={disabled || busy}
                onClick={() => void run(onSkip)}
              >
                Skip
              </Button>
            </Group>
            {!scanned && (
              <Text size="sm" c="orange.8">
                Scan the location before you confirm.
              </Text>
            )}
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
