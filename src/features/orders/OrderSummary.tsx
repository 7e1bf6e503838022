import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  OrderMessages,
  PickingStatus,
  type Order,
  type OrderUpdateRequest,
} from '../../../contract/orders';
import { formatAge, lotsAndItems } from './format';
import { OrderProgress } from './OrderProgress';
import { orderStatusWords, PICKING_STATUS_CHOICES, pickingStatusWords } from './statusWords';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

interface Props {
  order: Order;
  isManager: boolean;
  isPicker: boolean;
  /** False while showing the device's copy: changes need the server. */
  editable: boolean;
  onChange: (change: OrderUpdateRequest) => Promise<void>;
  onRefused: (message: string) => void;
}

/** The order's fields: number, platform, age, status, lots|items, progress, picking. */
export function OrderSummary({ order, isManager, isPicker, editable, onChange, onRefused }: Props) {
  const navigate = useNavigate();

  function setPickable(on: boolean) {
    // An order can be made not pickable only while it is unassigned (picking status 2).
    if (!on && order.picking_status_id !== PickingStatus.UNASSIGNED) {
      onRefused(OrderMessages.notPickableUnlessUnassigned);
      return;
    }
    void onChange({ pickable: on ? 1 : 0 });
  }

  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Field label="Order number">
          <Text fw={700} data-testid="order-number">
            {order.order_number}
          </Text>
        </Field>
        <Field label="Platform">
          <Badge variant="light">{order.store_platform}</Badge>
        </Field>
        <Field label="Age">{formatAge(order.created_at)}</Field>
        {isManager && <Field label="Order status">{orderStatusWords(order.status_name)}</Field>}
        <Field label="Lots|Items">{lotsAndItems(order.item_count, order.ordered_total)}</Field>
        <Field label="Picking status">
          {isManager && editable ? (
            <Select
              aria-label="Picking status"
              data={PICKING_STATUS_CHOICES}
              value={String(order.picking_status_id)}
              allowDeselect={false}
              onChange={(v) => v && void onChange({ picking_status_id: Number(v) })}
            />
          ) : (
            <Text data-testid="picking-status">{pickingStatusWords(order.picking_status_id)}</Text>
          )}
        </Field>
        {isManager && (
          <Field label="Ready for picking">
            <Switch
              aria-label="Ready for picking"
              checked={order.pickable === 1}
              disabled={!editable}
              onChange={(e) => setPickable(e.currentTarget.checked)}
            />
          </Field>
        )}
      </SimpleGrid>
      <Group mt="md" gap="md" wrap="wrap">
        <OrderProgress picked={order.picked_total} ordered={order.ordered_total} />
        {isPicker && (
          <Button
            size="lg"
            disabled={!order.allowed_to_pick}
            onClick={() => navigate(`/picker/${order.order_id}`)}
          >
            Pick
          </Button>
        )}
      </Group>
    </Paper>
  );
}
