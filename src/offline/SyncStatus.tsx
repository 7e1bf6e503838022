import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { groupEntries } from '../ui/outboxWords';
import {
  hideRefusalNotices,
  PutBackList,
  RefusalWatcher,
  useProblemRows,
  type ProblemRow,
} from '../ui/RefusalNotices';
import { CatalogStatusLine } from './catalog/CatalogStatusLine';
import { getDb } from './db';
import { dismiss, listRejected, retry } from './outbox';
import { timeAgo } from './relativeTime';
import { useSyncStatus } from './useSyncStatus';

/** What a downloading collection is called on the floor. */
const COLLECTION_WORDS: Record<string, string> = {
  orders: 'orders',
  order_items: 'order items',
  locations: 'locations',
  location_content: 'stock',
  trays: 'trays',
};

/** Re-render every half minute so "Last sync … ago" stays true. */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function Problem({ row }: { row: ProblemRow }) {
  const { entry, words } = row;
  const [busy, setBusy] = useState(false);
  const act = (fn: (localId: number) => Promise<unknown>) => async () => {
    setBusy(true);
    try {
      await fn(entry.localId!);
    } finally {
      setBusy(false);
    }
  };
  const stuck = entry.state === 'stuck';
  return (
    <Paper withBorder p="sm" data-testid="sync-problem">
      <Badge color={stuck ? 'orange' : 'red'} variant="light" mb={4}>
        {words.status}
      </Badge>
      <Text fw={600}>{words.what}</Text>
      <Text size="sm">{words.reason}</Text>
      {stuck && (
        <Text size="sm">
          Tried {entry.faults ?? entry.attempts} times; the changes after it went on.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {words.todo}
      </Text>
      {words.putBack && <PutBackList lines={[words.putBack]} />}
      <Text size="xs" c="dimmed">
        Made {new Date(entry.createdAt).toLocaleString('nl-NL')}
      </Text>
      <Group mt="xs" gap="xs">
        <Button size="sm" variant="default" disabled={busy} onClick={act(dismiss)}>
          Dismiss
        </Button>
        {words.canRetry && (
          <Button size="sm" disabled={busy} onClick={act(retry)}>
            Retry
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** What the browser tells about this site's storage; a field is missing when the browser cannot tell. */
interface StorageInfo {
  usage?: number;
  quota?: number;
  persisted?: boolean;
}

async function readStorage(): Promise<StorageInfo> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  const info: StorageInfo = {};
  try {
    if (storage?.estimate) {
      const { usage, quota } = await storage.estimate();
      if (typeof usage === 'number') info.usage = usage;
      if (typeof quota === 'number' && quota > 0) info.quota = quota;
    }
  } catch {
    // Not told: shown as unknown.
  }
  try {
    if (storage?.persisted) info.persisted = await storage.persisted();
  } catch {
    // Not told: shown as unknown.
  }
  return info;
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** Share of the quota in use from which the drawer warns that the device is nearly full. */
const NEARLY_FULL = 0.9;

/**
 * How much of this device's storage the app uses, how much it may use, and whether the browser
 * keeps the app's data when the device runs low on space (persistent storage). Read again when
 * the number of unsent changes moves.
 */
function DeviceStorage({ pending }: { pending: number }) {
  const [info, setInfo] = useState<StorageInfo | null>(null);
  useEffect(() => {
    let live = true;
    void readStorage().then((read) => live && setInfo(read));
    return () => {
      live = false;
    };
  }, [pending]);
  if (!info) return null;

  const { usage, quota, persisted } = info;
  const share = usage !== undefined && quota !== undefined ? usage / quota : undefined;
  let used = 'This browser does not tell how much storage the app uses.';
  if (usage !== undefined && quota !== undefined) {
    used = `${formatBytes(usage)} used of ${formatBytes(quota)} available (${Math.min(100, Math.round((share ?? 0) * 100))}%)`;
  } else if (usage !== undefined) {
    used = `${formatBytes(usage)} used; this browser does not tell how much is available.`;
  }
  const kept =
    persisted === undefined
      ? 'This browser does not tell whether it keeps the app’s data when space runs low.'
      : persisted
        ? 'Persistent: the browser keeps the app’s data, also when space runs low.'
        : 'Not persistent: when the device runs low on space the browser may delete the app’s data, unsent changes included. Send them when you can.';

  return (
    <Paper withBorder p="sm" data-testid="device-storage">
      <Text size="sm" fw={600}>
        Storage on this device
      </Text>
      <Text size="sm">{used}</Text>
      <Text size="sm" c={persisted === false ? 'orange.8' : undefined}>
        {kept}
      </Text>
      {share !== undefined && share >= NEARLY_FULL && (
        <Alert color="red" mt="xs" title="Storage nearly full">
          New picks and fills may not be saved on this device. Free some space on the device
          (photos, videos, apps you do not need).
        </Alert>
      )}
    </Paper>
  );
}

/**
 * The always-visible sync badge for the header: online/offline, unsent count, last sync time and
 * sync problems. Clicking it opens the "Sync problems" panel.
 */
export function SyncStatus() {
  const online = useSyncStatus((s) => s.online);
  const syncing = useSyncStatus((s) => s.syncing);
  const pending = useSyncStatus((s) => s.pendingCount);
  const rejectedCount = useSyncStatus((s) => s.rejectedCount);
  const lastSyncAt = useSyncStatus((s) => s.lastSyncAt);
  const signedOut = useSyncStatus((s) => s.signedOut);
  const pull = useSyncStatus((s) => s.pull);
  const rejected = useLiveQuery(() => listRejected(getDb()), []);
  const rows = useProblemRows(rejected);
  const now = useNow();
  const [opened, setOpened] = useState(false);
  const problems = rejected?.length ?? rejectedCount;
  const lastSync = lastSyncAt ? `Last sync ${timeAgo(lastSyncAt, now)}` : 'Never synced';

  return (
    <>
      <RefusalWatcher />
      <UnstyledButton
        onClick={() => {
          hideRefusalNotices();
          setOpened(true);
        }}
        aria-label="Sync status"
      >
        {/* Two short lines, so online/offline, unsent, problems and last sync fit a phone. */}
        <Stack gap={0} align="flex-end">
          <Group gap={4} wrap="nowrap">
            {online ? (
              <IconWifi size={18} aria-label="Online" />
            ) : (
              <IconWifiOff size={18} color="var(--mantine-color-red-6)" aria-label="Offline" />
            )}
            {syncing && <Loader size={12} aria-label="Syncing" />}
            {pending > 0 && (
              <Badge color="yellow" variant="light" size="sm">
                {pending} unsent
              </Badge>
            )}
            {problems > 0 && (
              <Badge
                color="red"
                variant="light"
                size="sm"
                leftSection={<IconAlertTriangle size={12} />}
              >
                {problems}
              </Badge>
            )}
          </Group>
          <Text
            c="dimmed"
            fz={10}
            lh={1.3}
            style={{ whiteSpace: 'nowrap' }}
            data-testid="last-sync"
          >
            {lastSync}
          </Text>
        </Stack>
      </UnstyledButton>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        title="Sync problems"
        position="right"
        size="min(100vw, 440px)"
      >
        <Stack gap="sm">
          <Text size="sm">
            {online ? 'Online' : 'Offline'} · {pending} unsent · {lastSync}
          </Text>
          {pull && (
            <Text size="sm" c="dimmed">
              Downloading {COLLECTION_WORDS[pull.collection] ?? 'data'}: {pull.rows} rows
            </Text>
          )}
          {signedOut && (
            <Alert color="orange">
              Your session has ended. Sign in again to send your changes.
            </Alert>
          )}
          {rejected?.length === 0 && <Text c="dimmed">No sync problems.</Text>}
          {rows &&
            groupEntries(rows).map((group) => (
              <Stack key={group.key} gap="xs" data-testid="sync-problem-group">
                <Title order={4} size="h5">
                  {group.group}
                </Title>
                {group.rows.map((row) => (
                  <Problem key={row.entry.localId} row={row} />
                ))}
              </Stack>
            ))}
          <DeviceStorage pending={pending} />
          <CatalogStatusLine />
        </Stack>
      </Drawer>
    </>
  );
}
