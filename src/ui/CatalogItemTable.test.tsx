// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogItem, ItemListResponse } from '../../contract/locations';
import {
  CatalogItemFilters,
  CatalogItemTable,
  useCatalogItems,
  type CatalogItemQuery,
} from './CatalogItemTable';

const WORDS = { mould: 'Mould', quantity: 'In stock' };

function item(id: number): CatalogItem {
  return {
    item_id: id,
    readable_id: null,
    mold_id: 3001,
    mold_name: `Brick ${id}`,
    bl_mold_id: null,
    image_path: null,
    colour_id: 1,
    colour_name: 'White',
    colour_hex: 'FFFFFF',
    condition: 'New',
    completeness: null,
    quantity: id * 10,
  };
}

/** A catalog of 12 items, answering each page as the server does, recording every query. */
function catalogOf12(queries: CatalogItemQuery[]) {
  return async (query: CatalogItemQuery): Promise<ItemListResponse> => {
    queries.push(query);
    const all = Array.from({ length: 12 }, (_, i) => item(i + 1)).filter(
      (it) => query.item_id === undefined || it.item_id === query.item_id,
    );
    const from = (query.page - 1) * query.limit;
    return { count: all.length, results: all.slice(from, from + query.limit) };
  };
}

function Screen({ fetchItems }: { fetchItems: ReturnType<typeof catalogOf12> }) {
  const catalog = useCatalogItems(fetchItems);
  return (
    <>
      <CatalogItemFilters catalog={catalog} words={WORDS} />
      <CatalogItemTable
        catalog={catalog}
        words={WORDS}
        after={[{ key: 'pick', cell: (it) => <button type="button">Take {it.item_id}</button> }]}
      />
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CatalogItemTable: 5 catalog items a page, filtered by mould name and item id', () => {
  it('pages through the items and goes back to page 1 when a filter changes', async () => {
    const queries: CatalogItemQuery[] = [];
    const fetchItems = catalogOf12(queries);
    render(
      <MantineProvider>
        <Screen fetchItems={fetchItems} />
      </MantineProvider>,
    );
    expect(await screen.findByText('Brick 5')).toBeTruthy();
    expect(screen.getByText('Mould')).toBeTruthy();
    expect(screen.getByText('In stock')).toBeTruthy();
    expect(queries[0]).toEqual({ mold_name: '', item_id: undefined, page: 1, limit: 5 });

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('Brick 12')).toBeTruthy();
    expect(screen.queryByText('Brick 5')).toBeNull();

    fireEvent.change(screen.getByLabelText('Item id'), { target: { value: '7' } });
    expect(await screen.findByRole('button', { name: 'Take 7' })).toBeTruthy();
    expect(queries.at(-1)).toEqual({ mold_name: '', item_id: 7, page: 1, limit: 5 });

    fireEvent.change(screen.getByLabelText('Mould name'), { target: { value: ' brick ' } });
    fireEvent.change(screen.getByLabelText('Item id'), { target: { value: '99' } });
    expect(await screen.findByText('No items match these filters.')).toBeTruthy();
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ mold_name: 'brick', item_id: 99, page: 1, limit: 5 }),
    );
  });

  it('reads the items once per change, not again while the screen stays open', async () => {
    vi.useFakeTimers();
    const queries: CatalogItemQuery[] = [];
    render(
      <MantineProvider>
        <Screen fetchItems={catalogOf12(queries)} />
      </MantineProvider>,
    );
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    await wait(20_000);
    expect(screen.getByText('Brick 5')).toBeTruthy();
    expect(queries).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Mould name'), { target: { value: 'brick' } });
    await wait(20_000);
    expect(queries).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await wait(20_000);
    expect(queries).toHaveLength(3);
    expect(queries.at(-1)).toEqual({ mold_name: 'brick', item_id: undefined, page: 2, limit: 5 });
  });
});
