import { Alert, Button, Group, Modal, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDatabaseExclamation } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import {
  askToKeepData,
  formatBytes,
  NEARLY_FULL,
  readStorage,
  storageAlarm,
  storageTrouble,
  type StorageInfo,
} from './deviceStorage';
import { onEnqueue } from './outbox';

/** How often the storage is read again while the app is open. */
const READ_EVERY_MS = 60_000;

/**
 * What the browser tells about this device's storage: read at once, when the number of unsent
 * changes moves, and every minute.
 */
export function useDeviceStorage(unsent: number): StorageInfo | null {
  const [info, setInfo] = useState<StorageInfo | null>(null);
  useEffect(() => {
    let live = true;
    const read = () => void readStorage().then((got) => live && setInfo(got));
    read();
    const timer = setInterval(read, READ_EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [unsent]);
  return info;
}

/** A write saved on the device again: the storage has room. */
export function useStorageAlarmReset() {
  useEffect(() => onEnqueue(() => storageAlarm.setState({ writeFailed: false })), []);
}

const NEARLY_FULL_TITLE = 'Storage nearly full';
const FULL_TITLE = 'Storage full';
const FULL_TEXT =
  'New picks and fills may not be saved on this device. Free some space on the device (photos, videos, apps you do not need).';
const AT_RISK_TITLE = 'Unsent changes at risk';

function atRiskText(unsent: number) {
  const changes = unsent === 1 ? '1 change' : `${unsent} changes`;
  return `This browser may delete the app’s data when the device runs low on space, ${changes} not sent yet included. Send them now, or install the app on the home screen so the browser keeps its data.`;
}

/**
 * Storage trouble in the header, on every screen: a device nearly full (or a write refused for
 * want of space), or unsent changes the browser may delete. A tap tells what to do.
 */
export function StorageWarning({ unsent, onSendNow }: { unsent: number; onSendNow: () => void }) {
  const info = useDeviceStorage(unsent);
  const writeFailed = useStore(storageAlarm, (s) => s.writeFailed);
  useStorageAlarmReset();
  const [opened, setOpened] = useState(false);
  const [kept, setKept] = useState<boolean | null>(null);
  const trouble = storageTrouble(info, unsent, writeFailed);
  if (!trouble) return null;
  const full = trouble !== 'at-risk';
  const title =
    trouble === 'full' ? FULL_TITLE : trouble === 'nearly-full' ? NEARLY_FULL_TITLE : AT_RISK_TITLE;
  return (
    <>
      <UnstyledButton
        onClick={() => setOpened(true)}
        aria-label={title}
        data-testid="storage-warning"
        c={full ? 'red.7' : 'orange.8'}
        style={{ display: 'flex', alignItems: 'center', minHeight: 40, minWidth: 40 }}
      >
        <IconDatabaseExclamation size={22} />
      </UnstyledButton>
      <Modal opened={opened} onClose={() => setOpened(false)} title={title}>
        <Stack gap="sm">
          <Text>{full ? FULL_TEXT : atRiskText(unsent)}</Text>
          {full && unsent > 0 && (
            <Text size="sm">Everything saved on this device is kept and will be sent.</Text>
          )}
          {kept === false && (
            <Text size="sm" c="orange.8">
              The browser did not agree to keep the data. Install the app on the home screen, or
              send your changes soon.
            </Text>
          )}
          <Group justify="flex-end">
            {!full && (
              <Button variant="default" onClick={() => void askToKeepData().then(setKept)}>
                Keep data on this device
              </Button>
            )}
            {unsent > 0 && (
              <Button
                onClick={() => {
                  onSendNow();
                  setOpened(false);
                }}
              >
                Send now
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * How much of this device's storage the app uses, how much it may use, and whether the browser
 * keeps the app's data when the device runs low on space (persistent storage).
 */
export function DeviceStorage({ unsent }: { unsent: number }) {
  const info = useDeviceStorage(unsent);
  if (!info) return null;

  const { usage, quota, persisted } = info;
  const share = usage !== undefined && quota !== undefined ? usage / quota : undefined;
  let used = 'This browser does not tell how much storage the app uses.';
  if (usage !== undefined && quota !== undefined) {
    used = `${formatBytes(usage)} used of ${formatBytes(quota)} available (${Math.min(100, Math.round((share ?? 0) * 100))}%)`;
  } else if (usage !== undefined) {
    used = `${formatBytes(usage)} used; this browser does not tell how much is available.`;
  }
  const keeps =
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
        {keeps}
      </Text>
      {share !== undefined && share >= NEARLY_FULL && (
        <Alert color="red" mt="xs" title={NEARLY_FULL_TITLE}>
          {FULL_TEXT}
        </Alert>
      )}
    </Paper>
  );
}
