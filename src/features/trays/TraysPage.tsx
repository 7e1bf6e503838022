import {
  Button,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { TRAYS_PER_PAGE, WarehouseMessages } from '../../../contract/warehouse';
import { formatDate, pageCount, pageOf } from './format';
import { trayStatusLabel } from './status';
import { useFillsOnDevice } from './useFillsOnDevice';
import { useTrayList } from './useTrayList';

const VIEW_ALL = 'all';

/**
 * Tray Overview, path /trays[?batch_id=…]: the trays to fill, read from the device
 * (works offline) and refreshed from the server when it answers.
 */
export default function TraysPage() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('batch_id'));
  const batchId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const { trays, batchIds } = useTrayList(batchId);
  const fills = useFillsOnDevice();
  const [page, setPage] = useState(1);

  const total = trays?.length ?? 0;
  const pages = pageCount(total, TRAYS_PER_PAGE);
  const shown = trays ? pageOf(trays, Math.min(page, pages), TRAYS_PER_PAGE) : [];

  return (
    <Stack gap="md">
      <Title order={2}>Tray Overview</Title>
      <Select
        label="Batch id"
        maw={240}
        data={[
          { value: VIEW_ALL, label: 'View all' },
          ...batchIds.map((id) => ({ value: String(id), label: String(id) })),
        ]}
        value={batchId === null ? VIEW_ALL : String(batchId)}
        allowDeselect={false}
        onChange={(v) => {
          setPage(1);
          setParams(v && v !== VIEW_ALL ? { batch_id: v } : {});
        }}
      />
      {trays === undefined && <Loader aria-label="Loading trays" />}
      {trays?.length === 0 && <Text>{WarehouseMessages.emptyTrays}</Text>}
      {shown.length > 0 && (
        // Fits a 360 px phone: the creation date shows from tablet width on.
        <Table.ScrollContainer minWidth={0}>
          <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tray number</Table.Th>
                <Table.Th>Batch id</Table.Th>
                <Table.Th visibleFrom="sm">Created</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((t) => (
                <Table.Tr
                  key={t.tray_id}
                  data-testid="tray-row"
                  data-tray-id={t.tray_id}
                  data-local={t.local ? '1' : '0'}
                >
                  <Table.Td>{t.tray_nr}</Table.Td>
                  <Table.Td>{t.batch_id}</Table.Td>
                  <Table.Td visibleFrom="sm">{formatDate(t.date_of_creation)}</Table.Td>
                  <Table.Td>
                    <span data-testid="tray-status">{trayStatusLabel(t.status)}</span>
                    {/* Filled here, but the server does not have it (yet). */}
                    {fills.get(t.tray_id) === 'not-sent' && (
                      <Text size="xs" fw={600} c="yellow.9" data-testid="fill-not-sent">
                        Not sent yet
                      </Text>
                    )}
                    {fills.get(t.tray_id) === 'refused' && (
                      <Text size="xs" fw={600} c="red.8" data-testid="fill-refused">
                        Refused
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button component={Link} to={`/trays/${t.tray_id}`} variant="light">
                        Fill
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={setPage}
          aria-label="Pages"
        />
      )}
    </Stack>
  );
}
