import { Alert, Button, Loader, Pagination, Select, Table, type SelectProps } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { showApiError } from './notify';
import { useLoad, type Load } from './useLoad';

/** One page of a server list, as the original contract answers it. */
export interface ListPage<R> {
  count: number;
  results: R[];
}

export type PagedLoad<R> = Load<ListPage<R>>;

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
  const load = useCallback(() => fetchPage(query, page), [fetchPage, query, page]);
  const { result, reload } = useLoad(load, showApiError);

  return {
    query,
    setQuery(change: Partial<Q>) {
      setQueryNow((q) => ({ ...q, ...change }));
      setPage(1);
    },
    page,
    setPage,
    pages: result.state === 'loaded' ? Math.max(1, Math.ceil(result.data.count / perPage)) : 1,
    data: result,
    reload,
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
  const results = data.state === 'loaded' ? data.data.results : null;
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
      {results?.length === 0 && empty}
      {results && results.length > 0 && (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{results.map(row)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data.state === 'loaded' && pages > 1 && (
        <Pagination total={pages} value={page} onChange={setPage} aria-label="Pages" />
      )}
    </>
  );
}
