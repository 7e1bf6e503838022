import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { SYNC_BATCH_PAGE_SIZE, type SyncBatchRow } from '../../../contract/sync-batches';
import { PagedTable, usePagedQuery } from '../../ui/PagedTable';
import { fetchSyncBatches } from './api';

const NO_QUERY = {};
const when = (iso: string) =>
  new Date(iso).toLocaleString('nl-NL', { dateStyle: 'short', timeStyle: 'short' });

/** Sync batch overview (docs/bricksyncer.md): the company's batches, 10 a page, newest first. */
export default function SyncBatchesPage() {
  const paged = usePagedQuery(NO_QUERY, fetchSyncBatches, SYNC_BATCH_PAGE_SIZE);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Sync batches</Title>
        <Button component={Link} to="/bricksyncer/bsx_batch">
          Import BSX batch
        </Button>
      </Group>
      <PagedTable<SyncBatchRow>
        paged={paged}
        loadingLabel="Loading sync batches"
        offline="The sync batches cannot be loaded while offline."
        empty={<Text c="dimmed">There are no sync batches yet.</Text>}
        minWidth={640}
        head={
          <>
            <Table.Th>Name</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Items</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Comments</Table.Th>
          </>
        }
        row={(b) => (
          <Table.Tr key={b.batch_id}>
            <Table.Td>
              <Anchor component={Link} to={`/bricksyncer/batch/${b.batch_id}`}>
                {b.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{when(b.date_of_creation)}</Table.Td>
            <Table.Td>{b.items}</Table.Td>
            <Table.Td>{b.status}</Table.Td>
            <Table.Td>{b.comments}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
