import {
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useState } from 'react';
import { getDb } from '../../offline';
import { useScan } from '../../scan';
import { notifyError } from '../../ui/notify';
import { localTree } from './local';
import { searchLocations, type LocationRow } from './locations';

interface Props {
  value: number | null;
  onChange: (locationId: number, crumb: string) => void;
  /** Scanning selects a location while true. */
  scanning: boolean;
}

/**
 * Choose a location from the device's location tree: search by code or name, browse from the top,
 * or scan a location code.
 */
export function LocationPicker({ value, onChange, scanning }: Props) {
  const tree = useLiveQuery(() => localTree(getDb()), []);
  const [search, setSearch] = useState('');
  const [parent, setParent] = useState<number | null>(null);

  const choose = useCallback(
    (l: LocationRow) => {
      if (!tree) return;
      onChange(l.location_id, tree.crumb(l.location_id));
      setParent(l.parent_id);
    },
    [tree, onChange],
  );
  const onScan = useCallback(
    (code: string) => {
      const hit = tree?.byCode(code);
      if (hit) return choose(hit);
      notifyError(`No location has the code ${code}.`);
      return false; // a bad scan: the scanner beeps twice
    },
    [tree, choose],
  );
  useScan(onScan, { enabled: scanning && !!tree });

  const matches = useMemo(() => (tree ? searchLocations(tree, search) : []), [tree, search]);
  if (!tree) return <Text c="dimmed">Loading locations…</Text>;
  if (tree.size === 0) return <Text>There are no locations on this device yet.</Text>;

  const list = search.trim() ? matches : (tree.children.get(parent) ?? []);
  return (
    <Stack gap="xs">
      <TextInput
        label="Search by code or name"
        placeholder="e.g. H1-A01"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-scan-ignore
      />
      {!search.trim() && (
        <Breadcrumbs separator=">">
          <Anchor component="button" type="button" onClick={() => setParent(null)}>
            Top
          </Anchor>
          {parent !== null &&
            tree.path(parent).map((n) => (
              <Anchor
                key={n.location_id}
                component="button"
                type="button"
                onClick={() => setParent(n.location_id)}
              >
                {n.name}
              </Anchor>
            ))}
        </Breadcrumbs>
      )}
      <ScrollArea.Autosize mah={320}>
        <Stack gap={4}>
          {list.length === 0 && <Text c="dimmed">No location matches.</Text>}
          {list.map((l) => (
            <Group
              key={l.location_id}
              justify="space-between"
              wrap="nowrap"
              data-testid="location-option"
            >
              <Stack gap={0}>
                <Text size="sm" fw={l.location_id === value ? 700 : 400}>
                  {search.trim() ? tree.crumb(l.location_id) : l.name}
                </Text>
                <Text size="xs" ff="monospace" c="dimmed">
                  {l.code}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                {!search.trim() && (tree.children.get(l.location_id)?.length ?? 0) > 0 && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setParent(l.location_id)}
                  >
                    Open
                  </Button>
                )}
                <Button
                  size="compact-sm"
                  variant={l.location_id === value ? 'filled' : 'light'}
                  onClick={() => choose(l)}
                >
                  Choose
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
