import { useLiveQuery } from 'dexie-react-hooks';
import { FillingMutation } from '../../../contract/mutations/filling';
import { getDb, type OutboxEntry } from '../../offline';

/** A fill this device made that the server has not confirmed: still to send, or refused. */
export type FillOnDevice = 'not-sent' | 'refused';

/** Per tray id, this device's fills the server does not have (live). */
export function fillsOnDevice(entries: readonly OutboxEntry[]): Map<number, FillOnDevice> {
  const fills = new Map<number, FillOnDevice>();
  for (const e of entries) {
    const trayId = (e.args as { tray_id?: number } | null)?.tray_id;
    if (typeof trayId !== 'number') continue;
    fills.set(trayId, e.state === 'rejected' ? 'refused' : 'not-sent');
  }
  return fills;
}

export function useFillsOnDevice(): Map<number, FillOnDevice> {
  const entries = useLiveQuery(
    () => getDb().outbox.where('name').equals(FillingMutation.fill).toArray(),
    [],
  );
  return fillsOnDevice(entries ?? []);
}
