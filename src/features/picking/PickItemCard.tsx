import { Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ItemFacts, OrderProgress, type LocalOrderItem } from '../orders';
import type { StopItem } from './route';
import { suggestedQuantity } from './skip';
import { Fact } from '../../ui/Fact';
import { ThumbBar } from '../../ui/ThumbBar';

interface Props {
  item: StopItem<LocalOrderItem>;
  /** The location was scanned: Confirm is open. */
  scanned: boolean;
  disabled: boolean;
  count: number;
  /** Picked of this item on this device, not yet confirmed by the server. */
  pendingPicked: number;
  onConfirm: (quantity: number) => Promise<void>;
  onSkip: () => Promise<void>;
}

/**
 * One item at the current location: progress, picture, colour, mould, condition, stock here,
 * ordered in total, to pick, the quantity (0 to what is left) and Confirm / Skip.
 *
 * Made for one thumb on a phone: the quantity is prefilled, and after the scan the focus goes to
 * Confirm, not to the quantity, so no on-screen keyboard covers the buttons (Enter still
 * confirms); changing the quantity is a deliberate tap. Skip is secondary, set apart, and asks
 * before it skips.
 */
export function PickItemCard(props: Props) {
  const { item, scanned, disabled, count, pendingPicked, onConfirm, onSkip } = props;
  const [quantity, setQuantity] = useState<number>(suggestedQuantity(item.to_pick, item.stock));
  const [busy, setBusy] = useState(false);
  const [askSkip, setAskSkip] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const formId = `pick-${item.id}`;

  // After the scan, Confirm is ready for a tap or Enter.
  useEffect(() => {
    if (scanned && !disabled && !askSkip) confirmButton.current?.focus();
  }, [scanned, disabled, askSkip]);

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
    // Enter in the quantity field confirms, but never while the skip question is open.
    if (!scanned || disabled || busy || askSkip) return;
    void run(() => onConfirm(quantity));
  }

  return (
    <Paper withBorder p="md" data-testid="pick-item">
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          {count === 1 ? '1 item to pick here' : `${count} items to pick here`}
        </Text>
        {pendingPicked > 0 && (
          <Badge color="yellow" variant="light" data-testid="pick-pending">
            {pendingPicked} picked, pending
          </Badge>
        )}
      </Group>
      <OrderProgress picked={item.quantity_picked} ordered={item.quantity_ordered} />
      <Stack gap="md" mt="md">
        <ItemFacts item={item} imageSize={96} />
        <SimpleGrid cols={3}>
          <Fact label="Stock here" value={item.stock} testId="stock-here" />
          <Fact label="Ordered in total" value={item.quantity_ordered} testId="ordered" />
          <Fact label="To pick" value={item.to_pick} testId="to-pick" />
        </SimpleGrid>
        <form id={formId} onSubmit={submit}>
          <NumberInput
            label="Quantity"
            size="lg"
            inputMode="numeric"
            min={0}
            max={item.to_pick}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            value={quantity}
            onChange={(v) => setQuantity(typeof v === 'number' ? v : Number(v) || 0)}
            disabled={disabled}
          />
        </form>
        {!askSkip && (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="gray"
              disabled={disabled || busy}
              onClick={() => setAskSkip(true)}
            >
              Skip item
            </Button>
          </Group>
        )}
      </Stack>
      {/*
        At the thumb: stays at the bottom of the screen while the card is on it. While the skip
        question is open it takes Confirm's place, so a tap meant for it can never confirm.
      */}
      <ThumbBar>
        {askSkip ? (
          <div data-testid="skip-ask">
            <Text size="sm" mb="xs">
              Skip this item? It stays unpicked and the route goes on without it.
            </Text>
            <Group grow wrap="nowrap">
              <Button
                // The safe answer has the focus: Enter or a scanner's Enter keeps picking.
                autoFocus
                variant="default"
                size="lg"
                h={56}
                onClick={() => setAskSkip(false)}
              >
                Keep picking
              </Button>
              <Button
                color="orange"
                size="lg"
                h={56}
                disabled={disabled || busy}
                onClick={() => {
                  setAskSkip(false);
                  void run(onSkip);
                }}
              >
                Yes, skip
              </Button>
            </Group>
          </div>
        ) : (
          <>
            {!scanned && (
              <Text size="sm" c="orange.8" mb={4}>
                Scan the location before you confirm.
              </Text>
            )}
            <Button
              ref={confirmButton}
              type="submit"
              form={formId}
              size="xl"
              h={64}
              fullWidth
              disabled={!scanned || disabled || busy}
            >
              Confirm
            </Button>
          </>
        )}
      </ThumbBar>
    </Paper>
  );
}
