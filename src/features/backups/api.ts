import type { BackupList } from '../../../contract/batches';
import { api } from '../../api/client';

/** The project's backups, newest first (all batches, or those of `batchIds`). */
export function fetchBackups(projectId: number, batchIds?: number[]): Promise<BackupList> {
  const params = new URLSearchParams({ project_id: String(projectId) });
  for (const id of batchIds ?? []) params.append('batch_id', String(id));
  return api.get('v1/backup', { searchParams: params }).json();
}

/** RESET: the batch's trays go back to what the backup stored (digibrick_manager). */
export function resetFromBackup(backupId: number): Promise<BackupList> {
  return api.post('v1/backup', { searchParams: { backup_id: backupId } }).json();
}
