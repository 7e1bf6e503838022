import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { readStorage } from '../../offline/deviceStorage';
import {
  browserFacts,
  offlineAbility,
  oldestUnsentAt,
  type OfflineAbility,
} from '../../offline/offlineAbility';
import { useSession } from '../../app/session';
import { fetchConnection } from './api';
import { isFloorPath } from './floor';

export const FloorWarningTexts = {
  onlineOnlyTitle: 'This phone works online only',
  onlineOnly: 'This phone cannot keep working without Wi-Fi on this address',
  openOrAsk: 'or ask your manager.',
  askOnly: 'Ask your manager to set up this phone.',
  atRiskTitle: 'Unsent work may be lost',
  atRisk:
    'This phone may delete work it has not sent yet when it runs low on space — add the app to the home screen, or ask your manager.',
} as const;

/** How often the milder warning's rule is read again (unsent work ages, persistence changes). */
const READ_EVERY_MS = 15_000;

/** The device's offline ability, read again while the page is open. */
function useOfflineAbility(): OfflineAbility {
  const basics = browserFacts();
  const online = offlineAbility(basics) !== 'online-only';
  // Read with the clock, not as a live query: a live query over the outbox ran again on every
  // change the floor queued and slowed the picking screen's own writes (claims answered late).
  const [oldest, setOldest] = useState<number | undefined>(undefined);
  const [persisted, setPersisted] = useState<boolean | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!online) return;
    let live = true;
    const read = () => {
      setNow(Date.now());
      void readStorage().then((info) => live && setPersisted(info.persisted));
      void oldestUnsentAt().then(
        (at) => live && setOldest(at),
        () => undefined,
      );
    };
    read();
    const timer = setInterval(read, READ_EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [online]);
  return offlineAbility({ ...basics, persisted, oldestUnsentAt: oldest }, now);
}

/** The app's HTTPS address for this device, asked once the warning needs it. */
function useHttpsUrl(wanted: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    fetchConnection().then(
      (answer) => live && setUrl(answer.httpsUrl),
      () => undefined, // Offline: the warning says to ask the manager.
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return url;
}

/**
 * A lasting warning on the floor's screens where this device cannot keep the work safe without
 * Wi-Fi (docs/offline.md, "Devices on the warehouse Wi-Fi"). Never dismissed: it goes when the
 * device is set up.
 */
export default function FloorWarning() {
  const { pathname } = useLocation();
  const permissions = useSession((s) => s.permissions);
  const ability = useOfflineAbility();
  const floor = isFloorPath(pathname, permissions);
  const httpsUrl = useHttpsUrl(floor && ability === 'online-only');
  if (!floor || ability === 'ok') return null;
  if (ability === 'online-only') {
    return (
      <Alert
        color="red"
        variant="light"
        mb="sm"
        icon={<IconWifiOff />}
        title={FloorWarningTexts.onlineOnlyTitle}
        data-testid="floor-warning"
      >
        <Text size="sm">
          {FloorWarningTexts.onlineOnly}
          {httpsUrl ? (
            <>
              {' — open '}
              <Anchor href={httpsUrl}>{httpsUrl}</Anchor> {FloorWarningTexts.openOrAsk}
            </>
          ) : (
            <>. {FloorWarningTexts.askOnly}</>
          )}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      mb="sm"
      icon={<IconAlertTriangle />}
      title={FloorWarningTexts.atRiskTitle}
      data-testid="floor-warning"
    >
      <Text size="sm">{FloorWarningTexts.atRisk}</Text>
    </Alert>
  );
}
