import {
  ActionIcon,
  Badge,
  Button,
  Group,
  MultiSelect,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconInfoCircle } from '@tabler/icons-react';
import { Fragment, useCallback, useEffect, useState } from 'react';
import {
  CONTROLLER_PAGE_SIZE,
  ControllerMessages,
  STATUS_GROUPS,
  stageLabel,
  statusGroup,
  type ControllerListResponse,
  type ControllerPreview,
  type ControllerRun,
  type StatusGroup,
} from '../../../contract/controllers';
import { showApiError } from '../../ui/notify';
import { fetchControllers, fetchPreview, startController } from './api';
import { ImportPreview } from './ImportPreview';
import { LoadingLine } from '../../ui/LoadingLine';

/** How often the list is read again while a run is busy. */
export const POLL_MS = 2000;

const FILTER = [
  { value: 'completed', label: 'Completed' },
  { value: 'busy', label: 'Busy' },
  { value: 'failed', label: 'Failed' },
];
const COLOUR: Record<StatusGroup, string> = { completed: 'green', busy: 'orange', failed: 'red' };

function when(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** Rows the busy stage has read so far, e.g. 'parts: 12,000 rows'. */
function progressText(run: ControllerRun): string {
  const files = Object.entries(run.progress ?? {});
  if (files.length === 0) return '';
  const [file, counts] = files[files.length - 1];
  return `${file}: ${counts.read.toLocaleString('en')} rows`;
}

/**
 * Controllers (/brickbase/controllers, admin): the catalog import runs, filtered by status group,
 * 25 a page; 'New controller' first compares the dump with the catalog and shows what the import
 * will change (ImportPreview), asks, then starts a run. While a run is busy the list is read
 * again every 2 s, so its stage and the end show without a reload.
 */
export default function ControllersPage() {
  const [statuses, setStatuses] = useState<StatusGroup[]>([...STATUS_GROUPS]);
  const [page, setPage] = useState(0);
  const [list, setList] = useState<ControllerListResponse | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [tick, setTick] = useState(0);

  const load = useCallback(async () => {
    if (statuses.length === 0) {
      setList({ count: 0, results: [] });
      return;
    }
    try {
      setList(await fetchControllers(statuses, page, CONTROLLER_PAGE_SIZE));
    } catch (error) {
      await showApiError(error);
    }
  }, [statuses, page]);

  useEffect(() => {
    void load();
  }, [load, tick]);

  const busy = list?.results.some((r) => statusGroup(r.status) === 'busy') ?? false;
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setTick((t) => t + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [busy, list]);

  async function start() {
    setStarting(true);
    try {
      await startController();
      setPage(0);
      setTick((t) => t + 1);
    } catch (error) {
      await showApiError(error);
    } finally {
      setStarting(false);
    }
  }

  /** Compares the dump with the catalog first, then shows what will change and asks. */
  async function confirmStart() {
    setPreviewing(true);
    let preview: ControllerPreview;
    try {
      preview = await fetchPreview();
    } catch (error) {
      await showApiError(error);
      return;
    } finally {
      setPreviewing(false);
    }
    modals.openConfirmModal({
      title: ControllerMessages.newController,
      size: 'lg',
      children: (
        <Stack gap="md">
          <ImportPreview preview={preview} />
          <Text size="sm">{ControllerMessages.confirm}</Text>
        </Stack>
      ),
      labels: { confirm: 'Yes', cancel: 'No' },
      onConfirm: () => void start(),
    });
  }

  const pages = Math.max(1, Math.ceil((list?.count ?? 0) / CONTROLLER_PAGE_SIZE));
  return (
    <Stack gap="md">
      <Title order={2}>{ControllerMessages.heading}</Title>
      <Text>{ControllerMessages.intro}</Text>
      <Group align="flex-end" justify="space-between">
        <MultiSelect
          label="Status"
          data={FILTER}
          value={statuses}
          onChange={(v) => {
            setStatuses(v as StatusGroup[]);
            setPage(0);
          }}
          w="100%"
          maw={360}
        />
        <Button onClick={() => void confirmStart()} loading={starting || previewing}>
          {ControllerMessages.newController}
        </Button>
      </Group>
      {list === null ? (
        <LoadingLine what="controllers" />
      ) : list.results.length === 0 ? (
        <Text>{ControllerMessages.empty}</Text>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <Table.Th>Started by</Table.Th>
              <Table.Th>Created at</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.results.map((run) => (
              <Fragment key={run.id}>
                <Table.Tr data-status={run.status}>
                  <Table.Td>
                    <Group gap="xs">
                      <Badge color={COLOUR[statusGroup(run.status)]} title={stageLabel(run.status)}>
                        {run.status}
                      </Badge>
                      {statusGroup(run.status) === 'busy' && (
                        <Text size="xs" c="dimmed">
                          {[stageLabel(run.status), progressText(run)].filter(Boolean).join(' · ')}
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{run.created_by?.name ?? ''}</Table.Td>
                  <Table.Td>{when(run.created_at)}</Table.Td>
                  <Table.Td>
                    {run.error && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label="Show the error"
                        aria-expanded={open === run.id}
                        onClick={() => setOpen(open === run.id ? null : run.id)}
                      >
                        <IconInfoCircle size={18} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
                {run.error && open === run.id && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text size="sm" c="red" style={{ whiteSpace: 'pre-line' }}>
                        {run.error}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page + 1}
          onChange={(p) => setPage(p - 1)}
          siblings={2}
          boundaries={0}
        />
      )}
    </Stack>
  );
}
