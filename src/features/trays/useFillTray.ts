import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { getDb, type OutboxEntry } from '../../offline';
import { isUnreachable } from '../../api/errors';
import { fetchTray, isNotFound } from './api';
import { fillEntryOf, localFillView, settleLocalStock, type FillView } from './local';
import { useOnlineTick } from './useTrayList';

export type FillLoad =
  | { state: 'loading' }
  | { state: 'ready'; view: FillView; local: boolean }
  | { state: 'not-here' }
  | { state: 'not-found' }
  | { state: 'failed' };

/**
 * The Fill tray screen's data: from the device when it holds the tray (so it works offline),
 * otherwise from the server. Also this device's fill of the tray, if one is unsent or refused.
 */
export function useFillTray(trayId: number): { load: FillLoad; entry: OutboxEntry | undefined } {
  const local = useLiveQuery(
    async () => ({ view: await localFillView(getDb(), trayId) }),
    [trayId],
  );
  const entry = useLiveQuery(() => fillEntryOf(getDb(), trayId), [trayId]);
  const tick = useOnlineTick();
  const [remote, setRemote] = useState<FillLoad>({ state: 'loading' });
  const needsServer = local !== undefined && local.view === undefined;

  useEffect(() => {
    // Housekeeping of stand-in stock rows: when it cannot be written now, the next visit does it.
    settleLocalStock(getDb()).catch((error: unknown) => console.warn(error));
  }, [trayId]);

  useEffect(() => {
    if (!needsServer) return;
    let live = true;
    setRemote({ state: 'loading' });
    fetchTray(trayId).then(
      (view) => live && setRemote({ state: 'ready', view, local: false }),
      (error: unknown) => {
        if (!live) return;
        if (isUnreachable(error)) setRemote({ state: 'not-here' });
        else if (isNotFound(error)) setRemote({ state: 'not-found' });
        else setRemote({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [needsServer, trayId, tick]);

  if (local === undefined) return { load: { state: 'loading' }, entry };
  if (local.view) return { load: { state: 'ready', view: local.view, local: true }, entry };
  return { load: remote, entry };
}
