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
  UnstyledButton,
} from '@mantine/core';
import { IconAlertTriangle, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { getDb, type OutboxEntry } from './db';
import { dismiss, listRejected, retry } from './outbox';
import { timeAgo } from './relativeTime';
import { useSyncStatus } from './useSyncStatus';

/** Re-render every half minute so "Last sync … ago" stays true. */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function Problem({ entry }: { entry: OutboxEntry }) {
  const [busy, setBusy] = useState(false);
  const act = (fn: (localId: number) => Promise<unknown>) => async () => {
    setBusy(true);
    try {
      await fn(entry.localId!);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="sm" data-testid="sync-problem">
      <Text fw={600}>{entry.message}</Text>
      <Text size="xs" c="dimmed">
        {entry.name} · {new Date(entry.createdAt).toLocaleString('nl-NL')} · {entry.code}
      </Text>
      <Group mt="xs" gap="xs">
        <Button size="xs" variant="default" disabled={busy} onClick={act(dismiss)}>
          Dismiss
        </Button>
        <Button size="xs" disabled={busy} onClick={act(retry)}>
          Retry
        </Button>
      </Group>
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
  const now = useNow();
  const [opened, setOpened] = useState(false);
  const problems = rejected?.length ?? rejectedCount;
  const lastSync = lastSyncAt ? `Last sync ${timeAgo(lastSyncAt, now)}` : 'Never synced';

  return (
    <>
      <UnstyledButton onClick={() => setOpened(true)} aria-label="Sync status">
        <Group gap={6} wrap="nowrap">
          {online ? (
            <IconWifi size={18} aria-label="Online" />
          ) : (
            <IconWifiOff size={18} color="var(--mantine-color-red-6)" aria-label="Offline" />
          )}
          {syncing && <Loader size={12} aria-label="Syncing" />}
          {pending > 0 && (
            <Badge color="yellow" variant="light">
              {pending} unsent
            </Badge>
          )}
          {problems > 0 && (
            <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} />}>
              {problems}
            </Badge>
          )}
          <Text size="xs" c="dimmed" visibleFrom="xs">
            {lastSync}
          </Text>
        </Group>
      </UnstyledButton>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        title="Sync problems"
        position="right"
      >
        <Stack gap="sm">
          <Text size="sm">
            {online ? 'Online' : 'Offline'} · {pending} unsent · {lastSync}
          </Text>
          {pull && (
            <Text size="sm" c="dimmed">
              Downloading {pull.collection}: {pull.rows} rows
            </Text>
          )}
          {signedOut && (
            <Alert color="orange">
              Your session has ended. Sign in again to send your changes.
            </Alert>
          )}
          {rejected?.length === 0 && <Text c="dimmed">No sync problems.</Text>}
          {rejected?.map((entry) => (
            <Problem key={entry.localId} entry={entry} />
          ))}
        </Stack>
      </Drawer>
    </>
  );
}
