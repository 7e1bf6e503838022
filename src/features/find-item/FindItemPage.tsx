import { Alert, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { copyDate, useDeviceCatalog } from '../../offline/catalog';
import { ItemThumb } from '../../ui/ItemThumb';
import { findItems, FOUND_MAX, type FoundItem } from './findItem';

/** Looks up as the user types, once they pause; Enter (a scanner's too) looks up at once. */
const PAUSE_MS = 250;

/**
 * Find an item, path /find_item: a picker or filler types or scans an item number or name and sees
 * the matches from the device's copy of the catalog (number, name, picture), with or without the
 * network. Nothing is asked of the server.
 */
export default function FindItemPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('q') ?? '';
  const [typed, setTyped] = useState(asked);
  const input = useRef<HTMLInputElement>(null);
  const device = useDeviceCatalog();
  const index = device.state === 'ready' ? device.catalog.index : null;
  const found = useMemo(() => (index ? findItems(index, asked) : []), [index, asked]);

  const askedRef = useRef(asked);
  askedRef.current = asked;
  const ask = useCallback(
    (text: string) => {
      const wanted = text.trim();
      if (wanted !== askedRef.current) setParams(wanted ? { q: wanted } : {}, { replace: true });
    },
    [setParams],
  );
  useEffect(() => {
    const timer = setTimeout(() => ask(typed), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, ask]);

  function submit(event: FormEvent) {
    event.preventDefault();
    ask(typed);
    // The next scan replaces what is there.
    input.current?.select();
  }

  return (
    <Stack gap="md" maw={560}>
      <Title order={2}>Find an item</Title>
      <form onSubmit={submit} role="search">
        <TextInput
          ref={input}
          label="Item number or name"
          placeholder="e.g. 3001 or brick 2 x 4"
          autoFocus
          autoComplete="off"
          enterKeyHint="search"
          size="md"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onFocus={(e) => e.currentTarget.select()}
        />
      </form>
      {device.state === 'opening' && (
        <Group gap="xs">
          <Loader size="sm" aria-label="Opening the catalog on this device" />
          <Text c="dimmed">Opening the catalog on this device…</Text>
        </Group>
      )}
      {device.state === 'none' && (
        <Alert color="orange" title="No catalog on this device yet">
          The catalog downloads by itself while the network is there. Then you can find items here,
          also without the network.
        </Alert>
      )}
      {device.state === 'ready' && (
        <Text size="sm" c="dimmed" data-testid="device-catalog-source">
          Searching this device&apos;s copy of the catalog ({copyDate(device.catalog.syncedAt)}).
        </Text>
      )}
      {index && asked && found.length === 0 && (
        <Text>
          Nothing found for &quot;{asked}&quot;. Check the number, or type part of the name.
        </Text>
      )}
      {found.length > 0 && (
        <Stack gap="xs" aria-label="Items found" role="list">
          {found.length >= FOUND_MAX && (
            <Text size="sm" c="dimmed">
              The first {FOUND_MAX} found: type more to narrow it down.
            </Text>
          )}
          {found.map((item) => (
            <FoundRow key={item.key} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function FoundRow({ item }: { item: FoundItem }) {
  return (
    <Paper withBorder p="xs" role="listitem" data-testid="found-item">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ItemThumb src={item.image || null} alt={item.name} size={56} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700}>
            {item.what} {item.number}
          </Text>
          <Text lh={1.3}>{item.name}</Text>
          {item.otherNumbers.length > 0 && (
            <Text size="sm" c="dimmed">
              {item.otherNumbers.join(' · ')}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
