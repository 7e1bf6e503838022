import { Anchor, Button, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import {
  ORDER_SORT_FLAGS,
  ORDERS_PER_PAGE,
  type OrderListResponse,
  type OrderSortFlag,
} from '../../../contract/orders';
import { PagedTable, SortSelect, usePagedQuery } from '../../ui/PagedTable';
import { fetchOrders, type OrderListParams } from './api';
import { formatAge, lotsAndItems } from './format';
import { OnDeviceNote } from './OnDeviceNote';
import { OrderProgress } from './OrderProgress';
import { orderStatusWords, pickingStatusWords } from './statusWords';

const SORT_LABELS: Record<OrderSortFlag, string> = {
  order_by_age: 'Age',
  order_by_item_count: 'Item count',
  order_by_ordered_total: 'Ordered total',
  order_by_picked_total: 'Picked total',
  order_by_picking_progress: 'Picking progress',
};

type OrderFilter = Omit<OrderListParams, 'page'>;

const FIRST_QUERY: OrderFilter = { sort: 'order_by_age', problemsOnly: false };

function fetchPage(query: OrderFilter, page: number) {
  return fetchOrders({ ...query, page });
}

/** Manage Orders, path /orders: an online screen with server paging (docs/picking.md). */
export default function ManageOrdersPage() {
  const paged = usePagedQuery(FIRST_QUERY, fetchPage, ORDERS_PER_PAGE);
  const { query, setQuery } = paged;
  // Picks still on pickers' devices, as the devices last told it (they come with each list).
  const onDevice =
    paged.data.state === 'loaded' ? ((paged.data.data as OrderListResponse).on_device ?? []) : [];

  return (
    <Stack gap="md">
      <Title order={2}>Manage Orders</Title>
      <Group align="flex-end" wrap="wrap">
        <SortSelect
          flags={ORDER_SORT_FLAGS}
          labels={SORT_LABELS}
          value={query.sort}
          onChange={(sort) => setQuery({ sort })}
        />
        <Checkbox
          label="Only orders with a problem"
          checked={query.problemsOnly}
          onChange={(e) => setQuery({ problemsOnly: e.currentTarget.checked })}
        />
      </Group>
      <PagedTable
        paged={paged}
        loadingLabel="Loading orders"
        offline={
          <Text>
            Manage Orders needs the network: the server cannot be reached. The orders on this device
            are under{' '}
            <Anchor component={Link} to="/user_orders">
              Picker Orders
            </Anchor>
            .
          </Text>
        }
        empty={<Text>Currently, there are no orders.</Text>}
        minWidth={760}
        head={
          <>
            <Table.Th>Order number</Table.Th>
            <Table.Th>Platform</Table.Th>
            <Table.Th>Age</Table.Th>
            <Table.Th>Order status</Table.Th>
            <Table.Th>Picking status</Table.Th>
            <Table.Th>Lots|Items</Table.Th>
            <Table.Th>Progress</Table.Th>
            <Table.Th>Problem</Table.Th>
            <Table.Th />
          </>
        }
        row={(o) => (
          <Table.Tr key={o.order_id} data-testid="order-row">
            <Table.Td>{o.order_number}</Table.Td>
            <Table.Td>{o.store_platform}</Table.Td>
            <Table.Td>{formatAge(o.created_at)}</Table.Td>
            <Table.Td>{orderStatusWords(o.status_name)}</Table.Td>
            <Table.Td>
              {pickingStatusWords(o.picking_status_id)}
              <OnDeviceNote rows={onDevice} orderId={o.order_id} />
            </Table.Td>
            <Table.Td>{lotsAndItems(o.item_count, o.ordered_total)}</Table.Td>
            <Table.Td>
              <OrderProgress picked={o.picked_total} ordered={o.ordered_total} size="md" />
            </Table.Td>
            <Table.Td>{o.has_problem === 1 ? 'Not solved' : ''}</Table.Td>
            <Table.Td>
              <Button component={Link} to={`/order/${o.order_id}`} variant="light">
                View
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
