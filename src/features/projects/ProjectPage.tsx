import { Button, Group, Loader, MultiSelect, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  BATCH_STATUSES,
  DEFAULT_STATUS_FILTER,
  type BatchList,
  type BatchRow,
  type BatchStatus,
} from '../../../contract/projects';
import { useSession } from '../../app/session';
import { showApiError } from '../../ui/notify';
import { TitleWithWayBack } from '../../ui/TitleWithWayBack';
import { BackupModal } from './BackupModal';
import { BatchFormModal } from './BatchFormModal';
import { BatchTable } from './BatchTable';
import { declaimBatch, fetchBatches, fetchProjectName, setBatchStatus } from './batch-api';
import { DuplicateModal } from './DuplicateModal';
import { MergeModal } from './MergeModal';

type Open =
  | { kind: 'new' }
  | { kind: 'update'; batch: BatchRow }
  | { kind: 'backup'; batch: BatchRow }
  | { kind: 'merge' }
  | { kind: 'duplicate' };

/**
 * The Project screen (docs/projects.md): the project's batches filtered by status ('in
 * progress' at first), New batch, Merge, Duplicate, and per batch Update, Back up, its status
 * and claim; links to the batch's trays and the project's backups.
 */
export default function ProjectPage() {
  const projectId = Number(useParams().projectid);
  const manager = useSession((s) => s.flags.digibrick_manager);
  const [name, setName] = useState<string | null>(null);
  const [batches, setBatches] = useState<BatchRow[] | null>(null);
  const [statuses, setStatuses] = useState<string[]>([DEFAULT_STATUS_FILTER]);
  const [open, setOpen] = useState<Open | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      const [project, list] = await Promise.all([
        fetchProjectName(projectId),
        fetchBatches(projectId),
      ]);
      setName(project.project_name);
      setBatches(list.results);
    } catch (error) {
      await showApiError(error);
    }
  }, [projectId]);
  useEffect(() => {
    void load();
  }, [load]);

  async function run(batch: BatchRow, call: () => Promise<BatchList>) {
    setBusy(batch.batch_id);
    try {
      setBatches((await call()).results);
    } catch (error) {
      await showApiError(error);
    } finally {
      setBusy(null);
    }
  }
  const changeStatus = (b: BatchRow, status: BatchStatus) =>
    void run(b, () => setBatchStatus(projectId, b.batch_id, status));
  const declaim = (b: BatchRow) => void run(b, () => declaimBatch(projectId, b.batch_id));
  function saved(list: BatchList) {
    setBatches(list.results);
    setOpen(null);
  }

  const all = batches ?? [];
  const shown = all.filter((b) => statuses.includes(b.status));
  const modalProps = { projectId, batches: all, onClose: () => setOpen(null), onSaved: saved };
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <TitleWithWayBack title={name ?? 'Project'} back={{ to: '/projects', label: 'Projects' }} />
        <Button component={Link} to={`/backup/${projectId}`} variant="default">
          Backups
        </Button>
      </Group>
      <Group justify="space-between" align="flex-end">
        <MultiSelect
          label="Status"
          data={[...BATCH_STATUSES]}
          value={statuses}
          onChange={setStatuses}
          w="100%"
          maw={380}
        />
        <Group>
          <Button onClick={() => setOpen({ kind: 'new' })}>New batch</Button>
          <Button variant="default" onClick={() => setOpen({ kind: 'merge' })}>
            Merge batches
          </Button>
          <Button variant="default" onClick={() => setOpen({ kind: 'duplicate' })}>
            Duplicate batches
          </Button>
        </Group>
      </Group>
      {batches === null ? (
        <Loader />
      ) : shown.length === 0 ? (
        <Text c="dimmed">There are no batches with the chosen status.</Text>
      ) : (
        <BatchTable
          projectId={projectId}
          batches={shown}
          manager={manager}
          busy={busy}
          onStatus={changeStatus}
          onDeclaim={declaim}
          onUpdate={(batch) => setOpen({ kind: 'update', batch })}
          onBackup={(batch) => setOpen({ kind: 'backup', batch })}
        />
      )}
      {open?.kind === 'new' && <BatchFormModal {...modalProps} batch={null} />}
      {open?.kind === 'update' && <BatchFormModal {...modalProps} batch={open.batch} />}
      {open?.kind === 'merge' && <MergeModal {...modalProps} />}
      {open?.kind === 'duplicate' && <DuplicateModal {...modalProps} />}
      {open?.kind === 'backup' && <BackupModal batch={open.batch} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
