import { Button, Group, Loader, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { BackupRow } from '../../../contract/batches';
import type { BatchRow } from '../../../contract/projects';
import { api } from '../../api/client';
import { useSession } from '../../app/session';
import { notifySuccess, showApiError } from '../../ui/notify';
import { TitleWithWayBack } from '../../ui/TitleWithWayBack';
import { fetchBackups, resetFromBackup } from './api';
import { BackupCard } from './BackupCard';
import { useApiCall } from '../../ui/useApiCall';

/** How many trays the batch has now and how many the backup puts back. */
function resetCounts(backup: BackupRow, batches: BatchRow[]): string {
  let stored: number | null;
  try {
    const data: unknown = JSON.parse(backup.json);
    stored = Array.isArray(data) ? data.length : null;
  } catch {
    stored = null;
  }
  const now = batches.find((b) => b.batch_id === backup.batch_id)?.trays;
  const then = stored === null ? 'the trays the backup holds' : `${stored} trays`;
  return now === undefined
    ? `The batch gets back ${then}.`
    : `The batch has ${now} trays now and gets back ${then}.`;
}

/**
 * The project's batch backups (docs/projects.md): a multi-select of batch ids (none chosen:
 * every batch), a card per backup, newest first, and RESET for a digibrick_manager after a
 * confirmation.
 */
export default function BackupsPage() {
  const projectId = Number(useParams().projectid);
  const canReset = useSession((s) => s.flags.digibrick_manager);
  const [batches, setBatches] = useState<BatchRow[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [backups, setBackups] = useState<BackupRow[] | null>(null);
  const [resetting, setResetting] = useState<BackupRow | null>(null);
  const [busy, whileBusy] = useApiCall();

  useEffect(() => {
    api
      .get('v1/batches', { searchParams: { project_id: projectId } })
      .json<{ results: BatchRow[] }>()
      .then((list) => setBatches(list.results), showApiError);
  }, [projectId]);

  const load = useCallback(async () => {
    try {
      const ids = chosen.map(Number);
      setBackups((await fetchBackups(projectId, ids.length ? ids : undefined)).results);
    } catch (error) {
      await showApiError(error);
    }
  }, [projectId, chosen]);
  useEffect(() => {
    void load();
  }, [load]);

  async function reset(backup: BackupRow) {
    await whileBusy(async () => {
      await resetFromBackup(backup.backup_id);
      setResetting(null);
      await load();
      notifySuccess(`Batch ${backup.batch_name} was reset to backup ${backup.backup_id}`);
    });
  }

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <TitleWithWayBack
          title="Batch backups"
          back={{ to: `/projects/${projectId}`, label: 'Batches' }}
        />
        <MultiSelect
          label="Batch ids"
          placeholder={chosen.length ? undefined : 'All batches'}
          data={batches.map((b) => ({
            value: String(b.batch_id),
            label: `${b.batch_id} ${b.name}`,
          }))}
          value={chosen}
          onChange={setChosen}
          searchable
          w="100%"
          maw={380}
        />
      </Group>
      {backups === null ? (
        <Loader />
      ) : backups.length === 0 ? (
        <Text c="dimmed">There are no backups of these batches.</Text>
      ) : (
        backups.map((b) => (
          <BackupCard key={b.backup_id} backup={b} canReset={canReset} onReset={setResetting} />
        ))
      )}
      {resetting && (
        <Modal
          opened
          onClose={() => setResetting(null)}
          closeOnClickOutside={false}
          title={`RESET batch ${resetting.batch_name}`}
        >
          <Stack>
            <Text size="sm">
              The trays of batch {resetting.batch_name} go back to what backup {resetting.backup_id}{' '}
              of {new Date(resetting.date).toLocaleString()} stored; changes made since are lost.
            </Text>
            <Text size="sm">{resetCounts(resetting, batches)}</Text>
            <Text fw={500}>Are you sure you want to do that?</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setResetting(null)}>
                Cancel
              </Button>
              <Button color="red" loading={busy} onClick={() => void reset(resetting)}>
                RESET
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
