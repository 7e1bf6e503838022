import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router-dom';
import { PickingStatus } from '../../../contract/orders';
import { useSession } from '../../app/session';
import { getDb } from '../../offline';
import { formatAge, lotsAndItems } from './format';
import { pickerOrders } from './local';
import { OrderProgress } from './OrderProgress';
import { OrderSyncBadge } from './OrderSyncBadge';
import { pickingStatusWords } from './statusWords';
import { outboxByOrder } from './outboxByOrder';
import { useOnDeviceReport } from './useOnDeviceReport';

/**
 * Picker Orders, path /user_orders: the orders on this device that the user may pick, read from
 * the local database, so the list works without network. Each card tells whether this device
 * still holds changes of the order the server has not confirmed, or had one refused.
 */
export default function PickerOrdersPage() {
  const userId = useSession((s) => s.user?.id);
  const isPicker = useSession((s) => s.flags.picker);
  const orders = useLiveQuery(() => pickerOrders(getDb(), userId), [userId]);
  const outbox = useLiveQuery(() => outboxByOrder(getDb()), []);
  useOnDeviceReport(userId, isPicker);

  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>Picker Orders</Title>
      {orders === undefined && <Loader aria-label="Loading orders" />}
      {orders?.length === 0 && (
        <Stack gap={4}>
          <Text>There are no orders available to pick</Text>
          <Anchor component={Link} to="/orders">
            Orders
          </Anchor>
        </Stack>
      )}
      {orders?.map((o) => (
        <Card key={o.order_id} withBorder padding="md" data-testid="picker-order">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} miw={0}>
              <Text fw={700} size="lg">
                {o.order_number}
              </Text>
              <Text size="sm" c="dimmed">
                {o.store_platform} · {formatAge(o.created_at)} ·{' '}
                {lotsAndItems(o.item_count, o.ordered_total)}
              </Text>
            </Stack>
            {o.picking_status_id === PickingStatus.BEING_PICKED && (
              <Badge color="blue" flex="none">
                {pickingStatusWords(PickingStatus.BEING_PICKED)} by you
              </Badge>
            )}
            {o.picking_status_id === PickingStatus.PAUSED && (
              <Badge color="gray" flex="none">
                {pickingStatusWords(PickingStatus.PAUSED)}
              </Badge>
            )}
          </Group>
          <OrderSyncBadge outbox={outbox?.get(o.order_id)} />
          <Group mt="sm">
            <OrderProgress picked={o.picked_total} ordered={o.ordered_total} />
          </Group>
          <Group mt="sm" grow>
            <Button size="lg" component={Link} to={`/picker/${o.order_id}`}>
              Pick
            </Button>
            <Button size="lg" variant="default" component={Link} to={`/order/${o.order_id}`}>
              View
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
