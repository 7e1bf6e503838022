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
import { DeviceStorage, StorageWarning } from './DeviceStorage';
import type { FlushResult } from './push';
import { notSentText, SendNow, sendResultText } from './SendNow';
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
import { canWorkOffline } from './offlineAbility';
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

/** The header's second line where the app cannot keep working offline (docs/offline.md). */
export const ONLINE_ONLY = 'Online only';

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

/**
 * The always-visible sync badge for the header: online/offline, unsent count, last sync time and
 * sync problems. Clicking it opens the "Sync problems" panel.
 */
export function SyncStatus() {
  const online = useSyncStatus((s) => s.online);
  const syncing = useSyncStatus((s) => s.syncing);
  const pending = useSyncStatus((s) => s.pendingCount);
  const stuck = useSyncStatus((s) => s.stuckCount);
  const sendNow = useSyncStatus((s) => s.sendNow);
  const rejectedCount = useSyncStatus((s) => s.rejectedCount);
  const lastSyncAt = useSyncStatus((s) => s.lastSyncAt);
  const signedOut = useSyncStatus((s) => s.signedOut);
  const pull = useSyncStatus((s) => s.pull);
  const rejected = useLiveQuery(() => listRejected(getDb()), []);
  const rows = useProblemRows(rejected);
  const now = useNow();
  const [opened, setOpened] = useState(false);
  const problems = rejected?.length ?? rejectedCount;
  // A device that cannot work offline is not calmed with a sync time: it works online only.
  const onlineOnly = !canWorkOffline();
  const lastSync = onlineOnly
    ? ONLINE_ONLY
    : lastSyncAt
      ? `Last sync ${timeAgo(lastSyncAt, now)}`
      : 'Never synced';
  // Stuck changes have not reached the server either: they count as not sent.
  const notSent = pending + stuck;
  const [sending, setSending] = useState(false);
  const [said, setSaid] = useState<string | null>(null);

  /** Try at once, past the wait after a failed attempt, and say how it went. */
  function send() {
    if (!sendNow || sending) return;
    setSending(true);
    setSaid(null);
    void sendNow()
      .then((result: FlushResult | undefined) => setSaid(sendResultText(result, navigator.onLine)))
      .finally(() => setSending(false));
  }

  return (
    <>
      <RefusalWatcher />
      <StorageWarning unsent={notSent} onSendNow={send} />
      <UnstyledButton
        onClick={() => {
          hideRefusalNotices();
          setSaid(null);
          setOpened(true);
          // A tap on the unsent count also tries to send at once.
          if (pending > 0) send();
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
            {notSent > 0 && (
              <Badge color="yellow" variant="light" size="sm">
                {notSent} unsent
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
            c={onlineOnly ? 'red.8' : 'dimmed'}
            fw={onlineOnly ? 700 : undefined}
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
          <Text size="sm" data-testid="sync-summary">
            {online ? 'Online' : 'Offline'} · {notSentText(notSent, stuck)} · {lastSync}
          </Text>
          <SendNow pending={pending} busy={sending} said={said} onSend={send} />
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
          <DeviceStorage unsent={notSent} />
          <CatalogStatusLine />
        </Stack>
      </Drawer>
    </>
  );
}
