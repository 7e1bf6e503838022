import { HTTPError } from 'ky';
import {
  BatchTraysMutation,
  type TrayList,
  type TraysSaveArgs,
} from '../../../contract/batch-trays';
import { enqueue, listOutbox } from '../../offline';
import type { TraysSaveLocal } from '../../ui/outboxWords';
import type { BatchRef } from './api';
import { changedFields, toEdit, type Draft } from './grid-model';

/**
 * Accepted edits while the network is away (docs/batch-trays.md): they go into the device's
 * outbox as one `trays.save.v1` entry, sent in order when the network is back; the server takes
 * the claim first, and a batch someone else holds refuses the entry into sync problems.
 */

/** True when a call failed without an answer (offline, timeout), not when the server refused. */
export const noAnswer = (error: unknown): boolean => !(error instanceof HTTPError);

/**
 * Queues the edits; the batch's name and each tray's number and changed fields are stored with
 * the entry (never sent), so a refusal can be told in the desk's words under sync problems.
 */
export function queueSave(ref: BatchRef, drafts: Draft[], list: TrayList | null) {
  const args: TraysSaveArgs = {
    project_id: ref.projectId,
    batch_id: ref.batchId,
    trays: drafts.map(toEdit),
  };
  const rows = new Map(list?.results.map((r) => [r.tray_id, r]));
  const local: TraysSaveLocal = {
    batch_name: list?.batch_name ?? '',
    trays: drafts.flatMap((d) => {
      const row = rows.get(d.tray_id);
      return row ? [{ tray_nr: row.tray_nr, changed: [...changedFields(row, d)] }] : [];
    }),
  };
  return enqueue(BatchTraysMutation.save, args, undefined, undefined, { local });
}

/** Whether this batch has edits in the outbox not yet answered. */
export async function hasQueuedSaves(ref: BatchRef): Promise<boolean> {
  const entries = await listOutbox();
  return entries.some(
    (e) =>
      e.name === BatchTraysMutation.save &&
      (e.state === 'pending' || e.state === 'sending') &&
      (e.args as TraysSaveArgs).batch_id === ref.batchId,
  );
}
