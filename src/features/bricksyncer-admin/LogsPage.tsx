import { Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { LogEntryResource } from '../../../contract/bricksyncer';
import { showApiError } from '../../ui/notify';
import { fetchLogEntries } from './api';
import { when } from './when';
import { TableHead } from '../../ui/TableHead';

const LEVEL_COLOURS: Record<string, string> = {
  debug: 'gray',
  info: 'blue',
  warning: 'orange',
  error: 'red',
};

/** Logs: the latest 100 entries, newest first. */
export default function LogsPage() {
  const [entries, setEntries] = useState<LogEntryResource[] | null>(null);
  useEffect(() => {
    fetchLogEntries().then(setEntries, (error: unknown) => void showApiError(error));
  }, []);
  return (
    <Stack>
      <Title order={2}>Logs</Title>
      {entries === null ? (
        <Loader />
      ) : entries.length === 0 ? (
        <Text>There are no log entries.</Text>
      ) : (
        <Table striped>
          <TableHead labels={['Created at', 'Level', 'Message']} />
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{when(e.attributes.created_at)}</Table.Td>
                <Table.Td>
                  <Badge color={LEVEL_COLOURS[e.attributes.level] ?? 'gray'}>
                    {e.attributes.level}
                  </Badge>
                </Table.Td>
                <Table.Td>{e.attributes.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
