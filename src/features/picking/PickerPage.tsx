import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PickingStatus } from '../../../contract/orders';
import { useSession } from '../../app/session';
import { OrderProgress, useOnDeviceReport } from '../orders';
import { useScan } from '../../scan';
import { PickingMutation } from '../../../contract/mutations/picking';
import { getDb } from '../../offline';
import { notifyPending, notifySuccess } from '../../ui/notify';
import { ThumbBar } from '../../ui/ThumbBar';
import { PickedLines } from './PickedLines';
import { ReportIssueModal } from './ReportIssueModal';
import { StopPanel } from './StopPanel';
import { usePauseOnLeave } from './usePauseOnLeave';
import { usePicker } from './usePicker';

/**
 * How the server answered this order's finish: 'confirmed', 'refused', or 'waiting' (offline, or
 * no answer within ten seconds).
 */
async function finishAnswer(orderId: number): Promise<'confirmed' | 'refused' | 'waiting'> {
  const deadline = Date.now() + FINISH_WAIT_MS;
  for (;;) {
    const entries = (
      await getDb().outbox.where('name').equals(PickingMutation.finish).toArray()
    ).filter((e) => (e.args as { order_id?: number }).order_id === orderId);
    if (
      entries.some((e) => e.state === 'pending' || e.state === 'sending' || e.state === 'stuck')
    ) {
      if (!navigator.onLine || Date.now() >= deadline) return 'waiting';
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    return entries.some((e) => e.state === 'rejected') ? 'refused' : 'confirmed';
  }
}

const FINISH_WAIT_MS = 10_000;

/** The picker screen, path /picker/:orderId. Works offline from the device's data. */
export default function PickerPage() {
  const orderId = Number(useParams().orderId);
  const userId = useSession((s) => s.user?.id);
  const navigate = useNavigate();
  const picker = usePicker(orderId, userId);
  const { data, stop, item, scanned, claim, blocked } = picker;
  const [reporting, setReporting] = useState(false);
  const finished = useRef(false);

  useScan(picker.onScan, { enabled: !!stop && !blocked && !reporting });
  useOnDeviceReport(userId, true);
  usePauseOnLeave(orderId, () => !finished.current && (claim === 'held' || claim === 'pending'));

  async function finish() {
    finished.current = true;
    const status = await picker.finish();
    if (status === null) {
      // Not saved on the device: stay here, the order is still being picked.
      finished.current = false;
      return;
    }
    const picked = status === PickingStatus.PICKED;
    navigate('/user_orders');
    // Told once the server has answered (or plainly as waiting); the picker need not wait for it.
    const answer = await finishAnswer(orderId);
    if (answer === 'confirmed') {
      notifySuccess(
        picked
          ? 'Picking finished: everything ordered was picked.'
          : 'Picking finished: not everything was picked, the order is paused.',
      );
    } else if (answer === 'waiting') {
      notifyPending(
        picked
          ? 'Finishing will be confirmed when you are back online: everything ordered was picked on this device.'
          : 'Finishing will be confirmed when you are back online: not everything was picked, the order will be paused.',
      );
    }
    // Refused: the refusal notice tells it.
  }

  if (data === undefined) return <Loader aria-label="Loading the order" />;
  if (!data.order) {
    return (
      <Stack>
        <Title order={2}>Picking</Title>
        <Text>
          This order is not on this device: it is not ready for picking or already picked.
        </Text>
        <Anchor component={Link} to="/user_orders">
          Picker Orders
        </Anchor>
      </Stack>
    );
  }

  const { order } = data;
  const pendingPieces = Object.values(data.unsentPicked).reduce((n, q) => n + q, 0);
  return (
    <Stack gap="md" maw={640} mx="auto">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h3">
          Order {order.order_number}
        </Title>
        {claim === 'pending' && <Badge color="yellow">Claim pending</Badge>}
        {claim === 'held' && <Badge color="teal">Claimed</Badge>}
      </Group>
      <OrderProgress picked={order.picked_total} ordered={order.ordered_total} size="xl" />
      {/* Three thumb-sized buttons in one row at 360 px. */}
      <Group grow gap="xs" wrap="nowrap">
        <Button variant="default" h={48} px={4} component={Link} to={`/order/${orderId}`}>
          Cancel
        </Button>
        <Button variant="default" h={48} px={4} component={Link} to="/user_orders">
          Back
        </Button>
        <Button variant="light" color="orange" h={48} px={4} onClick={() => setReporting(true)}>
          Report issue
        </Button>
      </Group>
      {pendingPieces > 0 && (
        <Text size="sm" c="yellow.9" data-testid="picks-pending">
          {pendingPieces} picked pieces wait for the server to confirm them.
        </Text>
      )}

      {claim === 'rejected' && (
        <Alert color="red" title="You cannot pick this order" data-testid="claim-refused">
          {data.claimMessage} Your picks of this order are listed under Sync problems.
        </Alert>
      )}
      {claim === 'taken' && (
        <Alert color="red" title="You cannot pick this order" data-testid="claim-refused">
          Someone else is already picking this order.
        </Alert>
      )}
      {data.refused.length > 0 && (
        <Alert color="orange" title="Sync problems">
          The server refused {data.refused.length} of your changes to this order: see Sync problems
          in the header.
        </Alert>
      )}

      {stop && item ? (
        <StopPanel
          stop={stop}
          item={item}
          scanned={scanned}
          disabled={blocked}
          pendingPicked={data.unsentPicked[item.id] ?? 0}
          onConfirm={picker.confirm}
          onSkip={picker.skip}
        />
      ) : !data.routeComplete ? (
        <Paper withBorder p="md" data-testid="route-downloading">
          <Group gap="sm">
            <Loader size="sm" />
            <Text fw={700}>
              Still downloading this order&apos;s locations and stock to this device…
            </Text>
          </Group>
        </Paper>
      ) : (
        <Paper withBorder p="md">
          <Stack>
            <Text fw={700} size="lg">
              Nothing left to pick on the route.
            </Text>
            <Text>
              Picked {order.picked_total} of {order.ordered_total}. Finish to hand the order on.
            </Text>
            <PickedLines
              items={data.items}
              skipped={data.state.skipped}
              unsentPicked={data.unsentPicked}
            />
            <ThumbBar>
              <Button size="xl" fullWidth onClick={() => void finish()} disabled={blocked}>
                Finish
              </Button>
            </ThumbBar>
          </Stack>
        </Paper>
      )}

      <ReportIssueModal
        opened={reporting}
        onClose={() => setReporting(false)}
        orderId={orderId}
        locationId={stop?.location_id ?? null}
        itemId={item?.item_id ?? null}
      />
    </Stack>
  );
}
