import { Alert, Button, Loader, Pagination, Select, Table, type SelectProps } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { isUnreachable } from '../api/errors';
import { showApiError } from './notify';

/** One page of a server list, as the original contract answers it. */
export interface ListPage<R> {
  count: number;
  results: R[];
}

export type PagedLoad<R> =
  | { state: 'loading' }
  | { state: 'offline' }
  | { state: 'failed' }
  | { state: 'loaded'; list: ListPage<R> };

/**
 * A list the server pages (an online desk screen): the query (sort, filters) and the page, loaded
 * again when either changes, when the network comes back and on `reload()`. Changing the query goes
 * back to page 1. No answer at all shows as 'offline'; an error answer is shown to the user.
 * `fetchPage` must keep its identity (a module-level function).
 */
export function usePagedQuery<Q extends object, R>(
  initial: Q,
  fetchPage: (query: Q, page: number) => Promise<ListPage<R>>,
  perPage: number,
) {
  const [query, setQueryNow] = useState(initial);
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [data, setData] = useState<PagedLoad<R>>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    setData({ state: 'loading' });
    fetchPage(query, page).then(
      (list) => live && setData({ state: 'loaded', list }),
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
  }, [fetchPage, query, page, attempt]);

  // Back online: load again.
  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);

  return {
    query,
    setQuery(change: Partial<Q>) {
      setQueryNow((q) => ({ ...q, ...change }));
      setPage(1);
    },
    page,
    setPage,
    pages: data.state === 'loaded' ? Math.max(1, Math.ceil(data.list.count / perPage)) : 1,
    data,
    reload: () => setAttempt((n) => n + 1),
  };
}

/** What PagedTable needs of usePagedQuery. */
export interface PagedView<R> {
  data: PagedLoad<R>;
  page: number;
  pages: number;
  setPage: (page: number) => void;
  reload: () => void;
}

interface SortSelectProps<S extends string> extends Omit<SelectProps, 'data' | 'onChange'> {
  value: S;
  labels: Record<S, string>;
  flags: readonly S[];
  onChange: (sort: S) => void;
}

/** 'Sort by' with one entry per sort flag of the list call (order_by_…). */
export function SortSelect<S extends string>({
  flags,
  labels,
  onChange,
  ...rest
}: SortSelectProps<S>) {
  return (
    <Select
      label="Sort by"
      data={flags.map((f) => ({ value: f, label: labels[f] }))}
      allowDeselect={false}
      onChange={(v) => {
        if (v) onChange(v as S);
      }}
      {...rest}
    />
  );
}

interface PagedTableProps<R> {
  paged: PagedView<R>;
  loadingLabel: string;
  /** What the Offline alert says above its Try again button. */
  offline: ReactNode;
  /** Shown when the list is empty. */
  empty: ReactNode;
  minWidth: number;
  /** The header cells. */
  head: ReactNode;
  /** One <Table.Tr> (with its key) a result. */
  row: (result: R) => ReactNode;
}

/** The loading, offline, empty and loaded states of a paged list, with numbered pages. */
export function PagedTable<R>({
  paged,
  loadingLabel,
  offline,
  empty,
  minWidth,
  head,
  row,
}: PagedTableProps<R>) {
  const { data, page, pages, setPage } = paged;
  return (
    <>
      {data.state === 'loading' && <Loader aria-label={loadingLabel} />}
      {data.state === 'offline' && (
        <Alert color="orange" title="Offline">
          {offline}
          <Button mt="sm" variant="default" onClick={paged.reload}>
            Try again
          </Button>
        </Alert>
      )}
      {data.state === 'loaded' && data.list.results.length === 0 && empty}
      {data.state === 'loaded' && data.list.results.length > 0 && (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{data.list.results.map(row)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data.state === 'loaded' && pages > 1 && (
        <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />
      )}
    </>
  );
}
