import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { WarehouseMessages } from '../../../contract/warehouse';
import type { OutboxState } from '../../offline';
import { ScanBar, useScan } from '../../scan';
import { saveLocally } from '../../ui/localWriteError';
import { notifyError } from '../../ui/notify';
import { tellWhenServerHasIt } from '../../ui/pendingWords';
import { ThumbBar } from '../../ui/ThumbBar';
import { FillIssueModal } from './FillIssueModal';
import { FillLocations } from './FillLocations';
import type { FillView } from './local';
import { matchScannedLocation, unknownLocationMessage } from './locations';
import { fillTray } from './mutations';
import { isTrayFilled } from './status';
import { TrayFacts } from './TrayFacts';
import { useFillTray } from './useFillTray';

/** Fill tray, path /trays/:trayId. Works offline from the device's data. */
export default function FillTrayPage() {
  const trayId = Number(useParams().trayId);
  const { load, entry } = useFillTray(trayId);

  if (load.state === 'loading') return <Loader aria-label="Loading the tray" />;
  if (load.state !== 'ready') {
    const text = {
      'not-here':
        'This tray is not on this device and the server cannot be reached. Open it again when the network is back.',
      'not-found': WarehouseMessages.trayNotFound,
      failed: 'The tray could not be loaded.',
    }[load.state];
    return (
      <Stack>
        <Title order={2}>Fill tray</Title>
        <Text>{text}</Text>
        <Anchor component={Link} to="/trays">
          Tray Overview
        </Anchor>
      </Stack>
    );
  }
  return (
    <FillTrayForm
      key={trayId}
      local={load.local}
      view={load.view}
      entryState={entry?.state}
      message={entry?.message}
    />
  );
}

interface FormProps {
  view: FillView;
  /** Read from the device (works offline), or from the server. */
  local: boolean;
  /** This device's fill of the tray: unsent, or refused by the server. */
  entryState: OutboxState | undefined;
  message: string | undefined;
}

function FillTrayForm({ view, local, entryState, message }: FormProps) {
  const navigate = useNavigate();
  const [locationId, setLocationId] = useState<number | null>(null);
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const filled = isTrayFilled(view.status);
  const canFill = !filled && view.item_id !== null && !busy;

  const onScan = useCallback(
    (code: string) => {
      const match = matchScannedLocation(code, view.locations);
      if (!match) {
        notifyError(unknownLocationMessage(code));
        return false; // a bad scan: the scanner beeps twice
      }
      setLocationId(match.location_id);
    },
    [view.locations],
  );
  useScan(onScan, { enabled: canFill && !reporting });

  async function submit() {
    if (!canFill || locationId === null) return;
    setBusy(true);
    try {
      const sent: { id?: string } = {};
      const saved = await saveLocally(
        async () =>
          (sent.id = (
            await fillTray({
              tray_id: view.tray_id,
              location_id: locationId,
              quantity: view.quantity,
              item_id: view.item_id,
              colour_id: view.colour_id,
            })
          ).id),
        `The fill of tray ${view.tray_nr}`,
      );
      // Not saved: the tray stays unfilled on this screen, to be submitted again.
      if (!saved || !sent.id) return;
      navigate(`/trays?batch_id=${view.batch_id}`);
      // Told as filled once the server has it; until then as filled on this device.
      void tellWhenServerHasIt(sent.id, WarehouseMessages.filled, 'fill');
    } finally {
      setBusy(false);
    }
  }

  function openReport() {
    if (locationId === null) {
      notifyError(WarehouseMessages.locationRequired);
      return;
    }
    setReporting(true);
  }

  const chosen = view.locations.find((l) => l.location_id === locationId);
  return (
    <Stack
      gap="md"
      maw={640}
      mx="auto"
      data-testid="fill-tray"
      data-source={local ? 'device' : 'server'}
    >
      <Title order={2} size="h3">
        Fill tray {view.tray_nr} of batch {view.batch_name ?? view.batch_id}
      </Title>
      {entryState === 'rejected' && (
        <Alert color="red" title="The server refused this fill">
          {message} It is listed under Sync problems.
        </Alert>
      )}
      {entryState && entryState !== 'rejected' && (
        <Alert color="yellow" title="Filled on this device">
          This fill has not reached the server yet; it is sent when the network is back.
        </Alert>
      )}
      {filled && !entryState && <Alert color="teal">{WarehouseMessages.trayAlreadyFilled}</Alert>}
      {view.item_id === null && <Alert color="red">{WarehouseMessages.trayHasNoItem}</Alert>}
      <Paper withBorder p="md">
        <TrayFacts view={view} />
      </Paper>
      {canFill && <ScanBar />}
      <FillLocations
        locations={view.locations}
        value={locationId}
        onChange={setLocationId}
        disabled={!canFill}
      />
      {chosen && (
        <Text size="sm" data-testid="chosen-location">
          Chosen: {chosen.location_name} ({chosen.code})
        </Text>
      )}
      <ThumbBar>
        <Group grow>
          <Button
            size="lg"
            onClick={() => void submit()}
            disabled={!canFill || locationId === null}
          >
            Submit
          </Button>
          <Button
            size="lg"
            variant="default"
            component={Link}
            to={`/trays?batch_id=${view.batch_id}`}
          >
            Cancel
          </Button>
        </Group>
        <Button
          mt="xs"
          fullWidth
          variant="light"
          color="orange"
          size="md"
          onClick={openReport}
          data-disabled={locationId === null || undefined}
          aria-disabled={locationId === null}
        >
          Report issue
        </Button>
      </ThumbBar>
      <FillIssueModal
        opened={reporting}
        onClose={() => setReporting(false)}
        locationId={locationId}
        itemId={view.item_id}
        trayNr={view.tray_nr}
        batchId={view.batch_id}
      />
    </Stack>
  );
}
