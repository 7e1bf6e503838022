import { HTTPError } from 'ky';
import {
  BatchTraysMutation,
  type TrayList,
  type TraysSaveArgs,
} from '../../../contract/batch-trays';
import { enqueue, listOutbox, type WarehouseDb } from '../../offline';
import type { TraysSaveLocal } from '../../ui/outboxWords';
import type { BatchRef } from './api';
import { changedFields, toEdit, type Draft } from './grid-model';

/**
 * Accepted edits (docs/batch-trays.md) go into the device's outbox as one `trays.save.v1` entry,
 * online or not, sent in order (at once when the network is there) and applied once; the server
 * takes the claim first, and a batch someone else holds refuses the entry.
 */

/** True when a call failed without an answer (offline, timeout), not when the server refused. */
export const noAnswer = (error: unknown): boolean => !(error instanceof HTTPError);

/**
 * Queues the edits and forgets them as pending edits of `owner` in the same transaction, so they
 * are either pending or in the outbox, never both or neither; the batch's name and each tray's
 * number and changed fields are stored with the entry (never sent), so a refusal can be told in
 * the desk's words under sync problems.
 */
export function queueSave(ref: BatchRef, drafts: Draft[], list: TrayList | null, owner: string) {
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
  const forget = (db: WarehouseDb) =>
    db.trayEdits.bulkDelete(
      drafts.map((d) => [owner, ref.batchId, d.tray_id] as [string, number, number]),
    );
  return enqueue(BatchTraysMutation.save, args, forget, undefined, { local });
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
