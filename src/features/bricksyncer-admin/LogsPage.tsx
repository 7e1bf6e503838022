import { Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { LogEntryResource } from '../../../contract/bricksyncer';
import { showApiError } from '../../ui/notify';
import { fetchLogEntries } from './api';
import { when } from './when';

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
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Created at</Table.Th>
              <Table.Th>Level</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
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
