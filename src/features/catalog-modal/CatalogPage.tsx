import { Stack, Title } from '@mantine/core';
import { CatalogBrowser } from './CatalogBrowser';

/** /catalog: the digitizing desk's catalog on its own, browsing only (adding is disabled). */
export default function CatalogPage() {
  return (
    <Stack gap="md">
      <Title order={2}>Catalog</Title>
      <CatalogBrowser />
    </Stack>
  );
}
