import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router-dom';
import { PickingStatus } from '../../../contract/orders';
import { useSession } from '../../app/session';
import { getDb } from '../../offline';
import { formatAge, lotsAndItems } from './format';
import { pickerOrders } from './local';
import { OrderProgress } from './OrderProgress';

/**
 * Picker Orders, path /user_orders: the orders on this device that the user may pick, read from
 * the local database, so the list works without network.
 */
export default function PickerOrdersPage() {
  const userId = useSession((s) => s.user?.id);
  const orders = useLiveQuery(() => pickerOrders(getDb(), userId), [userId]);

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
            <Stack gap={2}>
              <Text fw={700} size="lg">
                {o.order_number}
              </Text>
              <Text size="sm" c="dimmed">
                {o.store_platform} · {formatAge(o.created_at)} ·{' '}
                {lotsAndItems(o.item_count, o.ordered_total)}
              </Text>
            </Stack>
            {o.picking_status_id === PickingStatus.BEING_PICKED && (
              <Badge color="blue">Being picked by you</Badge>
            )}
            {o.picking_status_id === PickingStatus.PAUSED && <Badge color="gray">Paused</Badge>}
          </Group>
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
