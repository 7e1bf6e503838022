import { Badge, Button, Stack, Table, Title } from '@mantine/core';
import { showApiError } from '../../ui/notify';
import { fetchStockErrors, resolveStockError } from './api';
import { when } from './when';
import { FetchedTable, useFetchedList } from './FetchedTable';
import { UnknownLots } from './UnknownLots';

/**
 * Stock issues: the stock item errors (an unresolved one can be resolved), and the lots on the
 * stores that the warehouse does not know (adopt, or remove from the store).
 */
export default function StockIssuesPage() {
  const [errors, setErrors] = useFetchedList(fetchStockErrors);

  async function resolve(id: string) {
    try {
      const done = await resolveStockError(id);
      setErrors((list) => list && list.map((e) => (e.id === id ? done : e)));
    } catch (error) {
      await showApiError(error);
    }
  }

  return (
    <Stack>
      <Title order={2}>Stock issues</Title>
      <FetchedTable
        list={errors}
        empty="There are no stock issues."
        labels={['Created at', 'Description', '']}
        row={(e) => (
          <Table.Tr key={e.id}>
            <Table.Td>{when(e.attributes.created_at)}</Table.Td>
            <Table.Td>{e.attributes.description}</Table.Td>
            <Table.Td>
              {e.attributes.is_resolved ? (
                <Badge color="green">Resolved</Badge>
              ) : (
                <Button size="xs" onClick={() => void resolve(e.id)}>
                  Resolve
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />
      <UnknownLots />
    </Stack>
  );
}
