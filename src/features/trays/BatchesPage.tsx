import {
  Alert,
  Button,
  Group,
  Loader,
  Pagination,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { hasAnyRole } from '../../../contract/permissions';
import {
  BATCH_SORT_FLAGS,
  BATCHES_PER_PAGE,
  type BatchListResponse,
  type BatchSortFlag,
  type WarehouseBatch,
} from '../../../contract/warehouse';
import { useSession } from '../../app/session';
import { showApiError } from '../../ui/notify';
import { isUnreachable } from '../../api/errors';
import { fetchBatches } from './api';
import { formatDate, pageCount } from './format';
import { batchProgress } from './status';
import { StoreBatchModal } from './StoreBatchModal';
import { useOnlineTick } from './useTrayList';

const SORT_LABELS: Record<BatchSortFlag, string> = {
  order_by_last_modified: 'Last modified',
  order_by_creation: 'Creation date',
  order_by_total_trays: 'Total trays',
  order_by_status: 'Status',
};

type Load = { state: 'loading' } | { state: 'offline' } | { state: 'failed' } | BatchListResponse;

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

/** Batches Overview (spec 2 §2.10), path /fill_orders: an online desk screen with server paging. */
export default function BatchesPage() {
  const permissions = useSession((s) => s.permissions);
  const canStore = hasAnyRole(permissions, ['order_manager']);
  const [sort, setSort] = useState<BatchSortFlag>('order_by_last_modified');
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const tick = useOnlineTick();
  const [data, setData] = useState<Load>({ state: 'loading' });
  const [storing, setStoring] = useState<WarehouseBatch | null>(null);

  useEffect(() => {
    let live = true;
    setData({ state: 'loading' });
    fetchBatches(sort, page).then(
      (answer) => live && setData(answer),
      async (error: unknown) => {
        if (!live) return;
        if (isUnreachable(error)) return setData({ state: 'offline' });
        setData({ state: 'failed' });
        await showApiError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [sort, page, attempt, tick]);

  const pages = 'results' in data ? pageCount(data.count, BATCHES_PER_PAGE) : 1;

  return (
    <Stack gap="md">
      <Title order={2}>Batches Overview</Title>
      <Select
        label="Sort by"
        maw={260}
        data={BATCH_SORT_FLAGS.map((f) => ({ value: f, label: SORT_LABELS[f] }))}
        value={sort}
        allowDeselect={false}
        onChange={(v) => {
          if (!v) return;
          setSort(v as BatchSortFlag);
          setPage(1);
        }}
      />
      {'state' in data && data.state === 'loading' && <Loader aria-label="Loading batches" />}
      {'state' in data && data.state === 'offline' && (
        <Alert color="orange" title="Offline">
          <Text>The Batches Overview needs the network: the server cannot be reached.</Text>
          <Button mt="sm" variant="default" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </Alert>
      )}
      {'results' in data && data.results.length === 0 && <Text>There are no batches.</Text>}
      {'results' in data && data.results.length > 0 && (
        <Table.ScrollContainer minWidth={1100}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
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
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.results.map((b) => (
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
                  <Table.Td>{b.status}</Table.Td>
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
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {'results' in data && pages > 1 && (
        <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />
      )}
      <StoreBatchModal
        batch={storing}
        onClose={() => setStoring(null)}
        onStored={() => {
          setStoring(null);
          setAttempt((n) => n + 1);
        }}
      />
    </Stack>
  );
}
