import { Anchor, Button, Group, Stack, Table, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { fetchStores } from './api';
import { BrickOwlColoursButton } from './BrickOwlColoursButton';
import { OrderIntakeButton } from './OrderIntakeButton';
import { FetchedTable, useFetchedList } from './FetchedTable';

/**
 * Store list: each store with View, Edit, Delete and Import orders now (a BrickOwl store also with
 * Refresh BrickOwl colours); Add opens the store form.
 */
export default function StoresPage() {
  const [stores] = useFetchedList(fetchStores);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Stores</Title>
        <Button component={Link} to="/bricksyncer/stores/add">
          Add
        </Button>
      </Group>
      <FetchedTable
        list={stores}
        empty="There are no stores yet."
        labels={['Name', 'Platform', 'External id', 'Currency', '']}
        row={(s) => (
          <Table.Tr key={s.id}>
            <Table.Td>{s.attributes.name}</Table.Td>
            <Table.Td>{s.attributes.platform}</Table.Td>
            <Table.Td>{s.attributes.external_id}</Table.Td>
            <Table.Td>{s.attributes.currency}</Table.Td>
            <Table.Td>
              <Group gap="sm">
                <Anchor component={Link} to={`/bricksyncer/stores/${s.id}`}>
                  View
                </Anchor>
                <Anchor component={Link} to={`/bricksyncer/stores/${s.id}/edit`}>
                  Edit
                </Anchor>
                <Anchor component={Link} to={`/bricksyncer/stores/${s.id}/delete`} c="red">
                  Delete
                </Anchor>
                <OrderIntakeButton storeId={Number(s.id)} storeName={s.attributes.name} />
                {s.attributes.platform === 'BRICKOWL' && (
                  <BrickOwlColoursButton storeId={Number(s.id)} />
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
