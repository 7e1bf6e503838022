import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import type { BatchIdsResponse, WarehouseTray } from '../../../contract/warehouse';
import { getDb } from '../../offline';
import { isUnreachable } from '../../api/errors';
import { fetchBatchIds, fetchTrays } from './api';
import { localTrays, type LocalTray } from './local';

/** Counts up on `online`: screens load again when the network is back. */
export function useOnlineTick(): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const again = () => setTick((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);
  return tick;
}

/**
 * The trays of the Tray Overview: the device's trays (batches being filled, with this device's
 * fills already applied) and, when the server answers, the server's list for the trays the device
 * does not hold (e.g. of batches already filled). The device's row wins for a tray it holds.
 */
export function useTrayList(batchId: number | null) {
  const local = useLiveQuery(() => localTrays(getDb(), batchId), [batchId]);
  const tick = useOnlineTick();
  const [server, setServer] = useState<WarehouseTray[] | null>(null);
  const [batchIds, setBatchIds] = useState<BatchIdsResponse | null>(null);

  useEffect(() => {
    let live = true;
    setServer(null);
    fetchTrays(batchId).then(
      (answer) => live && setServer(answer.results),
      (error: unknown) => {
        if (!isUnreachable(error)) console.warn('Tray list refresh failed', error);
      },
    );
    return () => {
      live = false;
    };
  }, [batchId, tick]);

  useEffect(() => {
    let live = true;
    fetchBatchIds().then(
      (answer) => live && setBatchIds(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [tick]);

  const trays = useMemo(() => mergeTrays(local, server), [local, server]);
  const ids = useMemo(() => {
    const known = new Set<number>((batchIds ?? []).map((b) => b.batch_id));
    for (const t of trays ?? []) known.add(t.batch_id);
    if (batchId !== null) known.add(batchId);
    return [...known].sort((a, b) => a - b);
  }, [batchIds, trays, batchId]);

  return { trays, batchIds: ids };
}

/** A row of the Tray Overview; `local` when the device holds the tray (it can be filled offline). */
export type TrayRow = WarehouseTray & { local: boolean };

export function mergeTrays(
  local: readonly LocalTray[] | undefined,
  server: readonly WarehouseTray[] | null,
): TrayRow[] | undefined {
  if (local === undefined) return undefined;
  const held = new Set(local.map((t) => t.tray_id));
  const rows: TrayRow[] = [
    ...local.map((t) => ({ ...t, local: true })),
    ...(server ?? []).filter((t) => !held.has(t.tray_id)).map((t) => ({ ...t, local: false })),
  ];
  return rows.sort((a, b) => a.batch_id - b.batch_id || a.tray_nr - b.tray_nr);
}
