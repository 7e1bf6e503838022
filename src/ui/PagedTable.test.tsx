// @vitest-environment jsdom
import { Table, Text } from '@mantine/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { PagedTable, SortSelect, usePagedQuery, type ListPage } from './PagedTable';

type Sort = 'order_by_name' | 'order_by_size';
interface Query {
  sort: Sort;
}
interface Calls {
  seen: [Sort, number][];
  offline: boolean;
}

/** A server list of 25 names in pages of 10; while `offline`, the call gets no answer at all. */
const calls: Calls = { seen: [], offline: false };
async function fetchPage(query: Query, page: number): Promise<ListPage<string>> {
  calls.seen.push([query.sort, page]);
  if (calls.offline) throw new TypeError('Failed to fetch');
  const names = Array.from({ length: 25 }, (_, i) => `${query.sort} ${i + 1}`);
  return { count: names.length, results: names.slice((page - 1) * 10, page * 10) };
}

// jsdom cannot scroll; the combobox scrolls its selected option into view.
Element.prototype.scrollIntoView ??= () => {};

function Screen() {
  const paged = usePagedQuery<Query, string>({ sort: 'order_by_name' }, fetchPage, 10);
  return (
    <>
      <SortSelect
        flags={['order_by_name', 'order_by_size']}
        labels={{ order_by_name: 'Name', order_by_size: 'Size' }}
        value={paged.query.sort}
        onChange={(sort) => paged.setQuery({ sort })}
      />
      <PagedTable
        paged={paged}
        loadingLabel="Loading things"
        offline={<Text>Things need the network.</Text>}
        empty={<Text>No things.</Text>}
        minWidth={300}
        head={<Table.Th>Thing</Table.Th>}
        row={(name) => (
          <Table.Tr key={name}>
            <Table.Td>{name}</Table.Td>
          </Table.Tr>
        )}
      />
    </>
  );
}

afterEach(() => {
  cleanup();
  calls.seen = [];
  calls.offline = false;
});

describe('PagedTable with usePagedQuery', () => {
  it('pages the list and goes back to page 1 when the sort changes', async () => {
    renderScreen(<Screen />);
    expect(await screen.findByText('order_by_name 10')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('order_by_name 25')).toBeTruthy();
    expect(screen.queryByText('order_by_name 10')).toBeNull();

    fireEvent.click(screen.getByDisplayValue('Name'));
    fireEvent.click(await screen.findByRole('option', { name: 'Size', hidden: true }));
    expect(await screen.findByText('order_by_size 1')).toBeTruthy();
    expect(calls.seen).toEqual([
      ['order_by_name', 1],
      ['order_by_name', 3],
      ['order_by_size', 1],
    ]);
  });

  it('says it is offline without an answer, and loads again on Try again and when back online', async () => {
    calls.offline = true;
    renderScreen(<Screen />);
    expect(await screen.findByText('Things need the network.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Things need the network.')).toBeTruthy();
    expect(calls.seen).toHaveLength(2);

    calls.offline = false;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('order_by_name 1')).toBeTruthy();
    expect(screen.queryByText('Things need the network.')).toBeNull();
  });
});
