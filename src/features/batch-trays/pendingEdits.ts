import {
  BatchTraysMutation,
  type TrayList,
  type TraysSaveArgs,
} from '../../../contract/batch-trays';
import { getDb, listOutbox, type WarehouseDb } from '../../offline/engine';
import { UNSENT_STATES } from '../../offline/outbox';
import type { BatchRef } from './api';
import { changedFields, type Draft } from './grid-model';

/**
 * The editor's pending edits live on the device from the moment they are typed
 * (docs/batch-trays.md): one IndexedDB record per user, batch and tray, written before the grid
 * shows the edit, so a reload, a crash, a closed tab or a lost network loses none. The batch as it
 * was last read is kept too, so the editor opens without a network. Accept moves the edits into
 * the outbox in one transaction (offline.ts).
 */

/** Whose edits: `company:user`, as the device's owner is written. */
export const ownerOf = (user: { company_id: number; id: number } | null): string =>
  user ? `${user.company_id}:${user.id}` : '';

/** Writes run one after another, so the last edit of a tray is the one kept. */
let chain: Promise<unknown> = Promise.resolve();
function inOrder<T>(op: () => Promise<T>): Promise<T> {
  const run = chain.then(op, op);
  chain = run.catch(() => undefined);
  return run;
}

/** Stores the tray's pending edit (null: it has none any more). Throws when the device cannot. */
export function storeEdit(
  owner: string,
  batchId: number,
  trayId: number,
  draft: Draft | null,
  db: WarehouseDb = getDb(),
): Promise<unknown> {
  return inOrder<unknown>(() =>
    draft === null
      ? db.trayEdits.delete([owner, batchId, trayId])
      : db.trayEdits.put({
          owner,
          batch_id: batchId,
          tray_id: trayId,
          draft,
          at: new Date().toISOString(),
        }),
  );
}

/** Forgets the pending edits of these trays (all of the batch when absent). */
export function forgetEdits(
  owner: string,
  batchId: number,
  trayIds?: number[],
  db: WarehouseDb = getDb(),
): Promise<unknown> {
  return inOrder<unknown>(() =>
    trayIds
      ? db.trayEdits.bulkDelete(
          trayIds.map((id) => [owner, batchId, id] as [string, number, number]),
        )
      : db.trayEdits.where('[owner+batch_id]').equals([owner, batchId]).delete(),
  );
}

/** The user's stored edits of the batch. */
export async function storedEdits(
  owner: string,
  batchId: number,
  db: WarehouseDb = getDb(),
): Promise<Draft[]> {
  const rows = await db.trayEdits.where('[owner+batch_id]').equals([owner, batchId]).toArray();
  return rows.map((r) => r.draft as Draft);
}

/**
 * The stored edits laid over the saved rows: an edit of a tray no longer in the batch, or one that
 * equals the saved row now, is dropped (and forgotten on the device).
 */
export function restoreEdits(
  owner: string,
  batchId: number,
  list: TrayList,
  drafts: Draft[],
): Map<number, Draft> {
  const rows = new Map(list.results.map((r) => [r.tray_id, r]));
  const pending = new Map<number, Draft>();
  const gone: number[] = [];
  for (const d of drafts) {
    const row = rows.get(d.tray_id);
    if (row && changedFields(row, d).size > 0) pending.set(d.tray_id, d);
    else gone.push(d.tray_id);
  }
  if (gone.length) void forgetEdits(owner, batchId, gone).catch(() => undefined);
  return pending;
}

/** Keeps the batch as the server last answered it (for opening it without a network). */
export function keepList(owner: string, batchId: number, list: TrayList, db = getDb()) {
  return db.trayLists
    .put({ owner, batch_id: batchId, list, at: new Date().toISOString() })
    .catch(() => undefined);
}

/** The batch as this user last read it on this device, or null. */
export async function keptList(
  owner: string,
  batchId: number,
  db: WarehouseDb = getDb(),
): Promise<TrayList | null> {
  const row = await db.trayLists.get([owner, batchId]);
  return row ? (row.list as TrayList) : null;
}

/**
 * The batch's accepted edits still in the outbox (not yet sent, or stuck), by tray: shown with
 * "not sent yet" until the server has them, also after a reload.
 */
export async function outboxDrafts(ref: BatchRef, db?: WarehouseDb): Promise<Map<number, Draft>> {
  const out = new Map<number, Draft>();
  for (const e of await listOutbox(db)) {
    if (e.name !== BatchTraysMutation.save || !UNSENT_STATES.includes(e.state)) continue;
    const args = e.args as TraysSaveArgs;
    if (args.batch_id !== ref.batchId) continue;
    for (const t of args.trays) out.set(t.tray_id as number, t as Draft);
  }
  return out;
}
