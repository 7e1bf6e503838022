import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { CATALOG_PAGE_SIZE, type CatalogTab } from '../../../contract/catalog';
import { copyDate, useDeviceCatalog } from '../../offline/catalog';
import { CatalogTable } from './CatalogTable';
import { DEVICE_MATCHES_MAX, searchDeviceCatalog } from './deviceBrowse';
import { Pager } from './Pager';

export interface DeviceQuery {
  tab: CatalogTab;
  search: string;
  page: number;
  /** A category, theme or year is chosen (the device's copy cannot filter by them). */
  filtered: boolean;
}

/**
 * The catalog browser when the server cannot be reached: the search runs on the device's copy of
 * the catalog, listed as the server's results are, under a line saying where they come from.
 * Without a copy on the device the page says the catalog needs the network.
 */
export function DeviceCatalogResults({
  query,
  onPage,
  reload,
}: {
  query: DeviceQuery;
  onPage: (page: number) => void;
  reload: () => void;
}) {
  const device = useDeviceCatalog();
  const index = device.state === 'ready' ? device.catalog.index : null;
  const matches = useMemo(
    () => (index ? searchDeviceCatalog(index, query.tab, query.search) : null),
    [index, query.tab, query.search],
  );
  if (device.state === 'opening') {
    return (
      <Group gap="xs">
        <Loader size="sm" aria-label="Opening this device's copy of the catalog" />
        <Text c="dimmed">No network: opening this device&apos;s copy of the catalog</Text>
      </Group>
    );
  }
  if (device.state === 'none') {
    return (
      <Alert color="orange" title="Offline">
        The catalog needs the network: this device has no copy of it yet. The copy downloads by
        itself while the network is there.
        <Button mt="sm" variant="default" display="block" onClick={reload}>
          Try again
        </Button>
      </Alert>
    );
  }
  const source = `No network: results from this device's copy of the catalog (${copyDate(device.catalog.syncedAt)}).`;
  let body: ReactNode;
  if (!matches) {
    body = (
      <Text>Instructions and boxes are not in this device&apos;s copy: they need the network.</Text>
    );
  } else if (!query.search.trim()) {
    body = <Text>Type a name or number in Search to look it up in this copy.</Text>;
  } else if (matches.rows.length === 0) {
    body = <Text>There are no items</Text>;
  } else {
    const count = matches.rows.length;
    const first = query.page * CATALOG_PAGE_SIZE;
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {matches.capped
            ? `The first ${DEVICE_MATCHES_MAX.toLocaleString('nl-NL')} found; type more of the name to narrow it down`
            : `${count.toLocaleString('nl-NL')} found`}
        </Text>
        <CatalogTable
          rows={matches.rows.slice(first, first + CATALOG_PAGE_SIZE)}
          showType={query.tab === 'overview'}
        />
        <Pager page={query.page} count={count} size={CATALOG_PAGE_SIZE} onChange={onPage} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="device-catalog-results">
      <Group gap="sm" justify="space-between">
        <Text size="sm" fw={600} data-testid="device-catalog-source">
          {source}
        </Text>
        <Button variant="default" size="xs" onClick={reload}>
          Try the network again
        </Button>
      </Group>
      {query.filtered && (
        <Text size="sm" c="dimmed">
          Category, theme and year need the network: these are all matches of the search.
        </Text>
      )}
      {body}
    </Stack>
  );
}
