import { HTTPError } from 'ky';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  BatchTraysMessages as M,
  type ClaimState,
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
import { useSession } from '../../app/session';
import { refreshSession } from '../../api/client';
import { dismiss, flush, getDb, kyTransport } from '../../offline';
import { serverAnswer, type ServerAnswer } from '../../offline/serverAnswer';
import { addCatalogTrays, type CatalogAddition } from '../catalog-modal';
import * as api from './api';
import { withDraft, type Draft } from './grid-model';
import { hasQueuedSaves, noAnswer, queueSave } from './offline';
import {
  forgetEdits,
  keepList,
  keptList,
  outboxDrafts,
  ownerOf,
  restoreEdits,
  storedEdits,
  storeEdit,
} from './pendingEdits';

export const QUEUED_NOTICE =
  'No network: the accepted edits are kept on this device and sent when the network is back.';
/** The device could not store an edit: it is not shown, as it would not survive a reload. */
export const NOT_STORED = 'This device could not store the edit (is its storage full?)';
/** How long Accept waits for the answer while another context sends the outbox. */
const ACCEPT_WAIT_MS = 15_000;

/**
 * Sends the outbox at once (the person asked for it, so past any wait after a failed attempt) and
 * tells what the server made of the entry. A push that got no answer, or no network, is told at
 * once; only while another context is sending does it wait for the answer (up to ACCEPT_WAIT_MS).
 */
async function sendNow(entryId: string): Promise<ServerAnswer> {
  if (!navigator.onLine) return 'waiting';
  const sent = await flush({
    ...kyTransport(api.client),
    refreshSession,
    ignoreBackoff: true,
  }).catch(() => undefined);
  return serverAnswer(entryId, sent?.status === 'busy' ? ACCEPT_WAIT_MS : 0);
}

/**
 * The batch's trays, the write claim and the pending edits. An edit first needs the claim ('ERROR:
 * someone else is probably already working on this batch' when refused); edits stay pending, apart
 * from the saved rows, until accepted (saved through the outbox) or denied (dropped); each is
 * stored on the device before it is shown (pendingEdits.ts); the claim is given up when no edit is
 * left pending.
 */
export function useBatchTrays(ref: api.BatchRef) {
  const owner = ownerOf(useSession((s) => s.user));
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

  // Open: the saved rows (or, without a network, the batch as last read here), the edits stored
  // on this device laid over them, and accepted edits still in the outbox.
  useEffect(() => {
    let live = true;
    void (async () => {
      const [drafts, queuedNow] = await Promise.all([
        storedEdits(owner, batchId).catch(() => []),
        outboxDrafts({ projectId, batchId }).catch(() => new Map<number, Draft>()),
      ]);
      let l: TrayList | null;
      try {
        l = await api.fetchTrays({ projectId, batchId });
      } catch (error) {
        if (!noAnswer(error)) return void (live && (await showApiError(error)));
        l = await keptList(owner, batchId).catch(() => null);
        if (!l) return void (live && (await showApiError(error)));
      }
      if (!live) return;
      keepPending(restoreEdits(owner, batchId, l, drafts));
      setQueued(queuedNow);
      setList(l);
    })();
    return () => {
      live = false;
    };
  }, [owner, projectId, batchId, keepPending]);

  // The batch as last read, kept on the device so the editor opens without a network.
  useEffect(() => {
    if (list && owner) void keepList(owner, batchId, list);
  }, [list, owner, batchId]);

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

  /**
   * Keeps an edit apart from the saved row; an edit back to the saved value leaves nothing. It is
   * stored on the device first and shown after; when the device cannot store it, it is not shown.
   */
  const edit = useCallback(
    async (row: TrayRow, draft: Draft) => {
      const wanted = withDraft(pendingRef.current, row, draft).get(row.tray_id) ?? null;
      try {
        await storeEdit(owner, batchId, row.tray_id, wanted);
      } catch {
        return notifyError(NOT_STORED);
      }
      const next = withDraft(pendingRef.current, row, draft);
      keepPending(next);
      if (next.size === 0) void releaseIfDone(next);
    },
    [owner, batchId, keepPending, releaseIfDone],
  );

  /** A cell edit given up (Escape): with nothing pending the claim is released. */
  const cancelEdit = useCallback(() => {
    if (pendingRef.current.size === 0) void releaseIfDone(pendingRef.current);
  }, [releaseIfDone]);

  /**
   * Saves the pending edits of `ids` (all when absent) as one outbox entry (`trays.save`): moved
   * from the device's pending edits into the outbox in one transaction, sent at once when there is
   * a network, applied once. Refused: the edits are pending again and the refusal is told.
   */
  const accept = useCallback(
    async (ids?: number[]) => {
      const current = pendingRef.current;
      const drafts = (ids ?? [...current.keys()]).flatMap((id) => {
        const d = current.get(id);
        return d ? [d] : [];
      });
      if (drafts.length === 0) return;
      setBusy(true);
      try {
        let entryId: string;
        try {
          entryId = (await queueSave({ projectId, batchId }, drafts, listRef.current, owner)).id;
        } catch (stored) {
          return void (await showApiError(stored));
        }
        const next = new Map(pendingRef.current);
        for (const d of drafts) next.delete(d.tray_id);
        keepPending(next);
        setQueued((q) => new Map([...q, ...drafts.map((d) => [d.tray_id, d] as const)]));
        const answer = await sendNow(entryId);
        const unqueue = () =>
          setQueued((q) => new Map([...q].filter(([id]) => !drafts.some((d) => d.tray_id === id))));
        if (answer === 'confirmed') {
          try {
            setList(await api.fetchTrays({ projectId, batchId }));
            unqueue();
          } catch {
            // The rows are read again once the network answers (the queued check below).
          }
          await releaseIfDone(pendingRef.current);
        } else if (answer === 'refused') {
          const db = getDb();
          const entry = await db.outbox.where('id').equals(entryId).first();
          if (entry?.localId !== undefined) await dismiss(entry.localId);
          // Pending again, unless edited once more meanwhile.
          const back = drafts.filter((d) => !pendingRef.current.has(d.tray_id));
          await Promise.all(back.map((d) => storeEdit(owner, batchId, d.tray_id, d)));
          keepPending(
            new Map([...pendingRef.current, ...back.map((d) => [d.tray_id, d] as const)]),
          );
          unqueue();
          notifyError(entry?.message ?? M.claimRefused);
        } else notifyPending(QUEUED_NOTICE);
      } finally {
        setBusy(false);
      }
    },
    [owner, projectId, batchId, keepPending, releaseIfDone],
  );

  /** Drops the pending edits of `ids` (all when absent). */
  const deny = useCallback(
    async (ids?: number[]) => {
      const next = new Map(pendingRef.current);
      if (ids) for (const id of ids) next.delete(id);
      else next.clear();
      await forgetEdits(owner, batchId, ids).catch(() => undefined);
      keepPending(next);
      await releaseIfDone(next);
    },
    [owner, batchId, keepPending, releaseIfDone],
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
        const gone = [...pendingRef.current.keys()].filter((id) => !present.has(id));
        if (gone.length) await forgetEdits(owner, batchId, gone).catch(() => undefined);
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
    [owner, batchId, ensureClaim, keepPending, releaseIfDone],
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

  /** The claim as the renewal answered it (useClaimLease.ts): the rows stay as they are. */
  const showClaim = useCallback(
    (claim: ClaimState) => setList((l) => (l ? { ...l, ...claim } : l)),
    [],
  );

  return {
    list,
    showClaim,
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
