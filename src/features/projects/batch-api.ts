import type { BackupList, DuplicateBody } from '../../../contract/batches';
import type { BatchCreate, BatchList, BatchStatus, BatchUpdate } from '../../../contract/projects';
import { api } from '../../api/client';

/** The Project screen's calls (docs/projects.md); batch calls answer the project's batches. */

export function fetchProjectName(projectId: number): Promise<{ project_name: string }> {
  return api.get('v1/projects/name', { searchParams: { project_id: projectId } }).json();
}

export function fetchBatches(projectId: number): Promise<BatchList> {
  return api.get('v1/batches', { searchParams: { project_id: projectId } }).json();
}

/** A change to the batches of project `projectId`, `json` its body; answers the project's batches. */
function changeBatches(
  method: 'put' | 'post',
  path: string,
  projectId: number,
  json: unknown,
): Promise<BatchList> {
  return api[method](path, { searchParams: { project_id: projectId }, json }).json();
}

export function createBatch(projectId: number, form: BatchCreate): Promise<BatchList> {
  return changeBatches('put', 'v1/batches', projectId, form);
}

export function updateBatch(projectId: number, form: BatchUpdate): Promise<BatchList> {
  return changeBatches('post', 'v1/batches', projectId, form);
}

export function setBatchStatus(
  projectId: number,
  batchId: number,
  status: BatchStatus,
): Promise<BatchList> {
  return changeBatches('post', 'v1/batches/status', projectId, { batch_id: batchId, status });
}

export function declaimBatch(projectId: number, batchId: number): Promise<BatchList> {
  return api
    .post('v1/batch/declaim', { searchParams: { project_id: projectId, batch_id: batchId } })
    .json();
}

export function mergeBatches(
  projectId: number,
  parentId: number,
  childs: number[],
): Promise<BatchList> {
  return changeBatches('post', 'v1/batches/merge', projectId, { parent_id: parentId, childs });
}

export function duplicateBatches(projectId: number, copies: DuplicateBody): Promise<BatchList> {
  return changeBatches('put', 'v1/batches/duplicate', projectId, copies);
}

export function backUpBatch(batchId: number, comments: string): Promise<BackupList> {
  return api.put('v1/backup', { searchParams: { batch_id: batchId }, json: { comments } }).json();
}
