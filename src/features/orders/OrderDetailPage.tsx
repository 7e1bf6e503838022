import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { OrderMessages, type OrderUpdateRequest } from '../../../contract/orders';
import { useSession } from '../../app/session';
import { notifyError, notifySuccess } from '../../ui/notify';
import { notifyRefusal } from '../../ui/refusalWords';
import { updateOrder } from './api';
import { OrderIssue } from './OrderIssue';
import { OrderItemsList } from './OrderItemsList';
import { OnDeviceNote, useOnDevice } from './OnDeviceNote';
import { OrderSummary } from './OrderSummary';
import { useOrderDetail } from './useOrderDetail';

/** Order detail, path /order/:orderId (docs/picking.md, "The order manager's screens"). */
export default function OrderDetailPage() {
  const orderId = Number(useParams().orderId);
  const flags = useSession((s) => s.flags);
  const userId = useSession((s) => s.user?.id);
  const { detail, state, reload, setDetail } = useOrderDetail(orderId, userId);
  const onDevice = useOnDevice(flags.order_manager, orderId, detail?.order);

  async function change(update: OrderUpdateRequest) {
    try {
      const answer = await updateOrder(orderId, update);
      notifySuccess(answer.message || OrderMessages.updated);
      setDetail((d) => (d ? { ...d, order: answer.order } : d));
    } catch (error) {
      // Pickers read this screen too: the refusal in words, without an HTTP status.
      await notifyRefusal(error);
      await reload();
    }
  }

  if (!Number.isInteger(orderId) || orderId <= 0 || state === 'missing') {
    return (
      <Stack>
        <Title order={2}>Order</Title>
        <Text>
          {OrderMessages.orderNotFound}. This device has no copy of it and the server cannot be
          reached.
        </Text>
        <Anchor component={Link} to="/user_orders">
          Picker Orders
        </Anchor>
      </Stack>
    );
  }
  if (state === 'loading' || !detail) {
    return state === 'failed' ? (
      <Text>The order could not be loaded.</Text>
    ) : (
      <Loader aria-label="Loading the order" />
    );
  }

  const editable = detail.source === 'server';
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Order {detail.order.order_number}</Title>
        {flags.order_manager && (
          <Anchor component={Link} to="/orders">
            Manage Orders
          </Anchor>
        )}
      </Group>
      {!editable && (
        <Alert color="orange" title="Offline">
          The server cannot be reached: this is the copy on this device. Changes wait until you are
          online again.
        </Alert>
      )}
      <OrderSummary
        order={detail.order}
        isManager={flags.order_manager}
        isPicker={flags.picker}
        editable={editable}
        onChange={change}
        onRefused={notifyError}
      />
      <OnDeviceNote rows={onDevice} orderId={orderId} />
      <OrderIssue
        order={detail.order}
        isManager={flags.order_manager}
        editable={editable}
        onChange={change}
      />
      <OrderItemsList items={detail.items} />
    </Stack>
  );
}
