import { HTTPError } from 'ky';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  BatchTraysMessages as M,
  type TrayList,
  type TrayRow,
} from '../../../contract/batch-trays';
import {
  describeApiError,
  notifyError,
  notifyPending,
  notifySuccess,
  showApiError,
} from '../../ui/notify';
import { addCatalogTrays, type CatalogAddition } from '../catalog-modal';
import * as api from './api';
import { toEdit, withDraft, type Draft } from './grid-model';
import { hasQueuedSaves, noAnswer, queueSave } from './offline';

export const QUEUED_NOTICE =
  'No network: the accepted edits are kept on this device and sent when the network is back.';

/**
 * The batch's trays, the write claim and the pending edits. An edit first needs the claim ('ERROR:
 * someone else is probably already working on this batch' when refused); edits stay pending, apart
 * from the saved rows, until accepted (saved) or denied (dropped); the claim is given up when no
 * edit is left pending.
 */
export function useBatchTrays(ref: api.BatchRef) {
  const [list, setList] = useState<TrayList | null>(null);
  const [pending, setPending] = useState<Map<number, Draft>>(new Map());
  const [busy, setBusy] = useState(false);
  /** Accepted while offline: in the outbox, shown until the server's rows are read again. */
  const [queued, setQueued] = useState<Map<number, Draft>>(new Map());
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const listRef = useRef(list);
  listRef.current = list;
  /** Pending edits change through here, so the ref is right before the next render. */
  const keepPending = useCallback((next: Map<number, Draft>) => {
    pendingRef.current = next;
    setPending(next);
  }, []);
  const { projectId, batchId } = ref;

  useEffect(() => {
    let live = true;
    api
      .fetchTrays({ projectId, batchId })
      .then((l) => live && setList(l))
      .catch(showApiError);
    return () => {
      live = false;
    };
  }, [projectId, batchId]);

  // Back online: once the outbox has sent this batch's edits, read the saved rows again.
  useEffect(() => {
    if (queued.size === 0) return;
    const timer = setInterval(() => {
      void hasQueuedSaves({ projectId, batchId }).then(async (waiting) => {
        if (waiting) return;
        try {
          setList(await api.fetchTrays({ projectId, batchId }));
          setQueued(new Map());
        } catch {
          // still offline: try again at the next tick
        }
      });
    }, 2000);
    return () => clearInterval(timer);
  }, [queued.size, projectId, batchId]);

  /**
   * Claim and release run one after another, so a release still in flight never lands after a
   * new edit's claim (the edit would then go on without the claim). Each reads the latest list.
   */
  const claimQueue = useRef<Promise<unknown>>(Promise.resolve());
  const inTurn = useCallback(<T>(op: () => Promise<T>): Promise<T> => {
    const run = claimQueue.current.then(op, op);
    claimQueue.current = run.catch(() => undefined);
    return run;
  }, []);
  const showList = useCallback((next: TrayList) => {
    listRef.current = next;
    setList(next);
  }, []);

  /** Takes the claim unless held; false (after the message) when someone else holds it. */
  const ensureClaim = useCallback(
    (): Promise<boolean> =>
      inTurn(async () => {
        if (listRef.current?.claimed_by_me) return true;
        try {
          showList(await api.setClaim({ projectId, batchId }, true));
          return true;
        } catch (error) {
          if (error instanceof HTTPError && error.response.status === 409)
            notifyError(M.claimRefused);
          // No network: edit on; the saved edits take the claim when they reach the server.
          else if (noAnswer(error)) return true;
          else await showApiError(error);
          return false;
        }
      }),
    [inTurn, showList, projectId, batchId],
  );

  /** Gives up the claim once nothing is pending. */
  const releaseIfDone = useCallback(
    (next: Map<number, Draft>): Promise<void> =>
      inTurn(async () => {
        if (next.size > 0 || pendingRef.current.size > 0) return;
        try {
          showList(await api.setClaim({ projectId, batchId }, false));
        } catch (error) {
          if (!noAnswer(error)) await showApiError(error);
        }
      }),
    [inTurn, showList, projectId, batchId],
  );

  /** Keeps an edit apart from the saved row; an edit back to the saved value leaves nothing. */
  const edit = useCallback(
    (row: TrayRow, draft: Draft) => {
      const next = withDraft(pendingRef.current, row, draft);
      pendingRef.current = next;
      keepPending(next);
      if (next.size === 0) void releaseIfDone(next);
    },
    [keepPending, releaseIfDone],
  );

  /** A cell edit given up (Escape): with nothing pending the claim is released. */
  const cancelEdit = useCallback(() => {
    if (pendingRef.current.size === 0) void releaseIfDone(pendingRef.current);
  }, [releaseIfDone]);

  /** Saves the pending edits of `ids` (all when absent) in one request. */
  const accept = useCallback(
    async (ids?: number[]) => {
      const current = pendingRef.current;
      const chosen = ids ?? [...current.keys()];
      const drafts = chosen.flatMap((id) => {
        const d = current.get(id);
        return d ? [toEdit(d)] : [];
      });
      if (drafts.length === 0) return;
      setBusy(true);
      const next = new Map(pendingRef.current);
      for (const id of chosen) next.delete(id);
      try {
        setList(await api.saveTrays({ projectId, batchId }, drafts));
        keepPending(next);
        await releaseIfDone(next);
      } catch (error) {
        if (!noAnswer(error)) return void (await showApiError(error));
        try {
          await queueSave(
            { projectId, batchId },
            chosen.map((id) => current.get(id)!).filter(Boolean),
            listRef.current,
          );
        } catch (stored) {
          return void (await showApiError(stored));
        }
        setQueued(
          (q) =>
            new Map([
              ...q,
              ...chosen.flatMap((id) => (current.has(id) ? [[id, current.get(id)!] as const] : [])),
            ]),
        );
        keepPending(next);
        notifyPending(QUEUED_NOTICE);
      } finally {
        setBusy(false);
      }
    },
    [projectId, batchId, keepPending, releaseIfDone],
  );

  /** Drops the pending edits of `ids` (all when absent). */
  const deny = useCallback(
    async (ids?: number[]) => {
      const next = new Map(pendingRef.current);
      if (ids) for (const id of ids) next.delete(id);
      else next.clear();
      keepPending(next);
      await releaseIfDone(next);
    },
    [keepPending, releaseIfDone],
  );

  const toggleAccepted = useCallback(
    async (row: TrayRow) => {
      if (pendingRef.current.has(row.tray_id)) {
        notifyError(M.uncommitted);
        return;
      }
      try {
        setList(await api.setAccepted({ projectId, batchId }, row, row.accepted !== 1));
      } catch (error) {
        if (error instanceof HTTPError && error.response.status === 409) {
          // Someone holds the claim, or the tray changed since it was read: say which, show it now.
          const said = await describeApiError(error);
          notifyError(said.includes(M.claimRefused) ? M.claimRefused : said);
          setList(await api.fetchTrays({ projectId, batchId }).catch(() => listRef.current));
        } else await showApiError(error);
      }
    },
    [projectId, batchId],
  );

  /** Runs a change of chosen trays behind the claim; their pending edits go with them. */
  const change = useCallback(
    async (run: () => Promise<TrayList>): Promise<boolean> => {
      if (!(await ensureClaim())) return false;
      setBusy(true);
      try {
        const answer = await run();
        setList(answer);
        const present = new Set(answer.results.map((r) => r.tray_id));
        const next = new Map([...pendingRef.current].filter(([id]) => present.has(id)));
        keepPending(next);
        await releaseIfDone(next);
        return true;
      } catch (error) {
        await showApiError(error);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [ensureClaim, keepPending, releaseIfDone],
  );

  /**
   * New trays from the catalog at the end of the batch, then the rows read again (pending edits
   * stay). Needs no claim of its own: refused only while another user holds the batch.
   */
  const addFromCatalog = useCallback(
    async (items: CatalogAddition[]): Promise<boolean> => {
      if (items.length === 0) return false;
      setBusy(true);
      try {
        const added = await addCatalogTrays(batchId, items);
        setList(await api.fetchTrays({ projectId, batchId }));
        notifySuccess(added.length === 1 ? '1 tray added' : `${added.length} trays added`);
        return true;
      } catch (error) {
        if (error instanceof HTTPError && error.response.status === 409)
          notifyError(M.claimRefused);
        else await showApiError(error);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [projectId, batchId],
  );

  return {
    list,
    pending,
    queued,
    busy,
    ensureClaim,
    edit,
    cancelEdit,
    accept,
    deny,
    toggleAccepted,
    change,
    addFromCatalog,
  };
}
