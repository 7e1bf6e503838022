import { Badge, Breadcrumbs, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { BREADCRUMB_SEPARATOR } from '../../../contract/orders';
import type { LocalOrderItem } from '../orders';
import { ScanBar } from '../../scan';
import { PickItemCard } from './PickItemCard';
import type { Stop, StopItem } from './route';

interface Props {
  stop: Stop<LocalOrderItem>;
  item: StopItem<LocalOrderItem>;
  scanned: boolean;
  disabled: boolean;
  pendingPicked: number;
  onConfirm: (quantity: number) => Promise<void>;
  onSkip: () => Promise<void>;
}

/** The current stop: where to go (breadcrumb and code), the scan, and the item to pick there. */
export function StopPanel(props: Props) {
  const { stop, item, scanned, disabled, pendingPicked, onConfirm, onSkip } = props;
  // A new location to scan: take the focus out of the quantity or Confirm, so the scanner's keys
  // are a scan and a stray Enter confirms nothing.
  useEffect(() => {
    if (scanned) return;
    const active = document.activeElement;
    if (
      active instanceof HTMLElement &&
      (active.tagName === 'INPUT' || active.tagName === 'BUTTON')
    ) {
      active.blur();
    }
  }, [scanned, stop.location_id]);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" bg={scanned ? 'teal.0' : 'yellow.0'}>
        <Breadcrumbs separator="›" separatorMargin={4} styles={{ root: { flexWrap: 'wrap' } }}>
          {stop.location_name.split(BREADCRUMB_SEPARATOR).map((name, i) => (
            <Text key={`${i}-${name}`} size="sm">
              {name}
            </Text>
          ))}
        </Breadcrumbs>
        <Group justify="space-between" mt="xs" gap="xs">
          <Text
            fw={800}
            ff="monospace"
            data-testid="location-code"
            style={{ whiteSpace: 'nowrap', fontSize: 'clamp(1rem, 6vw, 1.5rem)' }}
          >
            {stop.code}
          </Text>
          {scanned ? (
            <Badge color="teal" size="lg" style={{ flexShrink: 0 }}>
              Location scanned
            </Badge>
          ) : (
            <Badge color="yellow" size="lg" style={{ flexShrink: 0 }}>
              Scan the location
            </Badge>
          )}
        </Group>
        {!scanned && (
          <Stack mt="sm" gap={0}>
            <ScanBar disabled={disabled} />
          </Stack>
        )}
      </Paper>
      <PickItemCard
        key={`${item.id}:${item.to_pick}:${item.stock}`}
        item={item}
        scanned={scanned}
        disabled={disabled}
        count={stop.items.length}
        pendingPicked={pendingPicked}
        onConfirm={onConfirm}
        onSkip={onSkip}
      />
    </Stack>
  );
}
