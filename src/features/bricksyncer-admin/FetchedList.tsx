import { Loader, Text } from '@mantine/core';
import { useEffect, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { showApiError } from '../../ui/notify';

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

/** A spinner while the list loads, `empty` when it has nothing, else what `children` shows of it. */
export function FetchedList<T>({
  list,
  empty,
  children,
}: {
  list: T[] | null;
  empty: string;
  children: (list: T[]) => ReactNode;
}) {
  if (list === null) return <Loader />;
  if (list.length === 0) return <Text>{empty}</Text>;
  return children(list);
}
