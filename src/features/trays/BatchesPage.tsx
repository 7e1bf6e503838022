import { Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { hasAnyRole } from '../../../contract/permissions';
import {
  BATCH_SORT_FLAGS,
  BATCHES_PER_PAGE,
  type BatchSortFlag,
  type WarehouseBatch,
} from '../../../contract/warehouse';
import { useSession } from '../../app/session';
import { PagedTable, SortSelect, usePagedQuery } from '../../ui/PagedTable';
import { fetchBatches } from './api';
import { formatDate } from './format';
import { batchProgress, batchStatusLabel } from './status';
import { StoreBatchModal } from './StoreBatchModal';

const SORT_LABELS: Record<BatchSortFlag, string> = {
  order_by_last_modified: 'Last modified',
  order_by_creation: 'Creation date',
  order_by_total_trays: 'Total trays',
  order_by_status: 'Status',
};

const FIRST_QUERY: { sort: BatchSortFlag } = { sort: 'order_by_last_modified' };

function fetchPage(query: { sort: BatchSortFlag }, page: number) {
  return fetchBatches(query.sort, page);
}

function BatchProgress({ b }: { b: WarehouseBatch }) {
  const p = batchProgress(b.filled_count, b.total_count);
  return (
    <Progress
      value={p.percent}
      color={p.complete ? 'teal' : 'blue'}
      size="lg"
      miw={100}
      aria-label={`Filled ${p.label}`}
    />
  );
}

/** Batches Overview, path /fill_orders: an online desk screen with server paging. */
export default function BatchesPage() {
  const permissions = useSession((s) => s.permissions);
  const canStore = hasAnyRole(permissions, ['order_manager']);
  const paged = usePagedQuery(FIRST_QUERY, fetchPage, BATCHES_PER_PAGE);
  const [storing, setStoring] = useState<WarehouseBatch | null>(null);

  return (
    <Stack gap="md">
      <Title order={2}>Batches Overview</Title>
      <SortSelect
        maw={260}
        flags={BATCH_SORT_FLAGS}
        labels={SORT_LABELS}
        value={paged.query.sort}
        onChange={(sort) => paged.setQuery({ sort })}
      />
      <PagedTable
        paged={paged}
        loadingLabel="Loading batches"
        offline={<Text>The Batches Overview needs the network: the server cannot be reached.</Text>}
        empty={<Text>There are no batches.</Text>}
        minWidth={1100}
        head={
          <>
            <Table.Th>Name</Table.Th>
            <Table.Th>Batch id</Table.Th>
            <Table.Th>Project id</Table.Th>
            <Table.Th>Trays filled|total</Table.Th>
            <Table.Th>Progress</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last edit</Table.Th>
            <Table.Th>Comments</Table.Th>
            <Table.Th />
          </>
        }
        row={(b) => (
          <Table.Tr key={b.batch_id} data-testid="batch-row">
            <Table.Td>{b.name}</Table.Td>
            <Table.Td>{b.batch_id}</Table.Td>
            <Table.Td>{b.project_id}</Table.Td>
            <Table.Td data-testid="batch-filled">
              {batchProgress(b.filled_count, b.total_count).label}
            </Table.Td>
            <Table.Td>
              <BatchProgress b={b} />
            </Table.Td>
            <Table.Td>{batchStatusLabel(b.status)}</Table.Td>
            <Table.Td>{formatDate(b.date_of_creation)}</Table.Td>
            <Table.Td>{formatDate(b.date_of_last_edit)}</Table.Td>
            <Table.Td>{b.comments}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap" justify="flex-end">
                <Button component={Link} to={`/trays?batch_id=${b.batch_id}`} variant="light">
                  View
                </Button>
                {canStore && (
                  <Button variant="default" onClick={() => setStoring(b)}>
                    Store
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <StoreBatchModal
        batch={storing}
        onClose={() => setStoring(null)}
        onStored={() => {
          setStoring(null);
          paged.reload();
        }}
      />
    </Stack>
  );
}
