import { Badge, Stack, Table, Title } from '@mantine/core';
import { fetchLogEntries } from './api';
import { when } from './when';
import { FetchedTable, useFetchedList } from './FetchedTable';

const LEVEL_COLOURS: Record<string, string> = {
  debug: 'gray',
  info: 'blue',
  warning: 'orange',
  error: 'red',
};

/** Logs: the latest 100 entries, newest first. */
export default function LogsPage() {
  const [entries] = useFetchedList(fetchLogEntries);
  return (
    <Stack>
      <Title order={2}>Logs</Title>
      <FetchedTable
        list={entries}
        empty="There are no log entries."
        labels={['Created at', 'Level', 'Message']}
        row={(e) => (
          <Table.Tr key={e.id}>
            <Table.Td>{when(e.attributes.created_at)}</Table.Td>
            <Table.Td>
              <Badge color={LEVEL_COLOURS[e.attributes.level] ?? 'gray'}>
                {e.attributes.level}
              </Badge>
            </Table.Td>
            <Table.Td>{e.attributes.message}</Table.Td>
          </Table.Tr>
        )}
      />
    </Stack>
  );
}
