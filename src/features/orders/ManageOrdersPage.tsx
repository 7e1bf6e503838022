import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ORDER_SORT_FLAGS,
  ORDERS_PER_PAGE,
  type OrderListResponse,
  type OrderSortFlag,
} from '../../../contract/orders';
import { showApiError } from '../../ui/notify';
import { isUnreachable } from '../../api/errors';
import { fetchOrders } from './api';
import { formatAge, lotsAndItems } from './format';
import { OrderProgress } from './OrderProgress';

const SORT_LABELS: Record<OrderSortFlag, string> = {
  order_by_age: 'Age',
  order_by_item_count: 'Item count',
  order_by_ordered_total: 'Ordered total',
  order_by_picked_total: 'Picked total',
  order_by_picking_progress: 'Picking progress',
};

type Load = { state: 'loading' } | { state: 'offline' } | { state: 'failed' } | OrderListResponse;

/** Manage Orders (spec 2 §2.7), path /orders: an online screen with server paging. */
export default function ManageOrdersPage() {
  const [sort, setSort] = useState<OrderSortFlag>('order_by_age');
  const [problemsOnly, setProblemsOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [data, setData] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    setData({ state: 'loading' });
    fetchOrders({ sort, page, problemsOnly }).then(
      (answer) => live && setData(answer),
      async (error: unknown) => {
        if (!live) return;
        if (isUnreachable(error)) return setData({ state: 'offline' });
        setData({ state: 'failed' });
        await showApiError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [sort, page, problemsOnly, attempt]);

  // Back online: load again.
  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);

  const pages = 'results' in data ? Math.max(1, Math.ceil(data.count / ORDERS_PER_PAGE)) : 1;

  return (
    <Stack gap="md">
      <Title order={2}>Manage Orders</Title>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Sort by"
          data={ORDER_SORT_FLAGS.map((f) => ({ value: f, label: SORT_LABELS[f] }))}
          value={sort}
          allowDeselect={false}
          onChange={(v) => {
            if (!v) return;
            setSort(v as OrderSortFlag);
            setPage(1);
          }}
        />
        <Checkbox
          label="Only orders with a problem"
          checked={problemsOnly}
          onChange={(e) => {
            setProblemsOnly(e.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      {'state' in data && data.state === 'loading' && <Loader aria-label="Loading orders" />}
      {'state' in data && data.state === 'offline' && (
        <Alert color="orange" title="Offline">
          <Text>
            Manage Orders needs the network: the server cannot be reached. The orders on this device
            are under{' '}
            <Anchor component={Link} to="/user_orders">
              Picker Orders
            </Anchor>
            .
          </Text>
          <Button mt="sm" variant="default" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </Alert>
      )}
      {'results' in data && data.results.length === 0 && (
        <Text>Currently, there are no orders.</Text>
      )}
      {'results' in data && data.results.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order number</Table.Th>
                <Table.Th>Platform</Table.Th>
                <Table.Th>Age</Table.Th>
                <Table.Th>Order status</Table.Th>
                <Table.Th>Picking status</Table.Th>
                <Table.Th>Lots|Items</Table.Th>
                <Table.Th>Progress</Table.Th>
                <Table.Th>Problem</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.results.map((o) => (
                <Table.Tr key={o.order_id} data-testid="order-row">
                  <Table.Td>{o.order_number}</Table.Td>
                  <Table.Td>{o.store_platform}</Table.Td>
                  <Table.Td>{formatAge(o.created_at)}</Table.Td>
                  <Table.Td>{o.status_name}</Table.Td>
                  <Table.Td>{o.picking_status_name}</Table.Td>
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
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {'results' in data && pages > 1 && (
        <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />
      )}
    </Stack>
  );
}
