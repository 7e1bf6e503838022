import { Loader, Table, Text } from '@mantine/core';
import { useEffect, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { showApiError } from '../../ui/notify';
import { TableHead } from '../../ui/TableHead';

/**
 * A list read once when the screen opens (`fetch` keeps its identity: a module's function); null
 * while it loads, and a failure is told with showApiError. Answers the list and its setter.
 */
export function useFetchedList<T>(
  fetch: () => Promise<T[]>,
): [T[] | null, Dispatch<SetStateAction<T[] | null>>] {
  const [list, setList] = useState<T[] | null>(null);
  useEffect(() => {
    fetch().then(setList, (error: unknown) => void showApiError(error));
  }, [fetch]);
  return [list, setList];
}

/**
 * A spinner while the list loads, `empty` when it has nothing, else a striped table with the
 * column headings `labels` and a row of each entry.
 */
export function FetchedTable<T>({
  list,
  empty,
  labels,
  row,
}: {
  list: T[] | null;
  empty: string;
  labels: readonly string[];
  row: (entry: T) => ReactNode;
}) {
  if (list === null) return <Loader />;
  if (list.length === 0) return <Text>{empty}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped>
        <TableHead labels={labels} />
        <Table.Tbody>{list.map(row)}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
