import { Stack, Title } from '@mantine/core';
import { ChangeTable } from './ChangeTable';

/** Changes (docs/catalog.md): the catalog's change log, 25 rows a page with 5 page links. */
export default function ChangelogPage() {
  return (
    <Stack gap="md">
      <Title order={2}>Changes</Title>
      <ChangeTable />
    </Stack>
  );
}
