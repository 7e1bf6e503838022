import { Text } from '@mantine/core';
import { useCatalogStatus } from './hooks';

const day = (iso: string) => new Date(iso).toLocaleDateString();

/** One line for the sync drawer: the catalog's download progress, or since when the device has it. */
export function CatalogStatusLine() {
  const { phase, done, total, syncedAt } = useCatalogStatus((s) => s);
  let line: string;
  if (phase === 'syncing' && total > 0 && done < total) {
    line = `Catalog: ${done} of ${total} chunks…`;
  } else if (syncedAt) {
    line = `Catalog on this device (${day(syncedAt)})`;
  } else if (phase === 'error') {
    line = 'Catalog: not on this device yet; it downloads when the connection allows.';
  } else {
    line = 'Catalog: not on this device yet.';
  }
  return (
    <Text size="xs" c="dimmed" data-testid="catalog-status">
      {line}
    </Text>
  );
}
