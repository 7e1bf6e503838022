import { Group, Image, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { ITEMS_PER_PAGE, type CatalogItem, type ItemListResponse } from '../../contract/locations';
import { showApiError } from './notify';
import { ColourName } from './ColourName';

/** A page of GET /v1/item: mould name and item id filters, 5 items a page. */
export interface CatalogItemQuery {
  mold_name: string;
  item_id: number | undefined;
  page: number;
  limit: number;
}

/** 'Mould name (Colour)': how a catalog item is named in messages. */
export function catalogItemLabel(item: CatalogItem): string {
  return `${item.mold_name} (${item.colour_name})`;
}

/**
 * The catalog items matching the typed filters (debounced), a page at a time. Changing a filter
 * goes back to page 1; a change of `reload` fetches the page again.
 */
export function useCatalogItems(
  fetchItems: (query: CatalogItemQuery) => Promise<ItemListResponse>,
  reload = 0,
) {
  const [mouldName, setMouldNameNow] = useState('');
  const [itemId, setItemIdNow] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ItemListResponse | null>(null);
  // Each filter is debounced as its own text: a debounced object would be a new value at every
  // render, and each render would fetch the page again (about three times a second).
  const [typedMould] = useDebouncedValue(mouldName.trim(), 300);
  const [typedId] = useDebouncedValue(itemId, 300);

  useEffect(() => {
    let live = true;
    const id = /^\d+$/.test(typedId) ? Number(typedId) : undefined;
    fetchItems({ mold_name: typedMould, item_id: id, page, limit: ITEMS_PER_PAGE })
      .then((answer) => live && setList(answer))
      .catch((error: unknown) => live && void showApiError(error));
    return () => {
      live = false;
    };
  }, [fetchItems, typedMould, typedId, page, reload]);

  return {
    mouldName,
    itemId,
    setMouldName(value: string) {
      setMouldNameNow(value);
      setPage(1);
    },
    setItemId(value: string) {
      setItemIdNow(value);
      setPage(1);
    },
    page,
    setPage,
    pages: list ? Math.max(1, Math.ceil(list.count / ITEMS_PER_PAGE)) : 1,
    list,
  };
}

export type CatalogItems = ReturnType<typeof useCatalogItems>;

/** The screen's own spelling of its words (the Kulla Catalog says 'Mold', Add item 'Mould'). */
interface Words {
  mould: string;
  quantity: string;
}

/** The mould name and item id filters. */
export function CatalogItemFilters({ catalog, words }: { catalog: CatalogItems; words: Words }) {
  return (
    <Group grow align="end">
      <TextInput
        label={`${words.mould} name`}
        value={catalog.mouldName}
        onChange={(e) => catalog.setMouldName(e.currentTarget.value)}
      />
      <TextInput
        label="Item id"
        value={catalog.itemId}
        inputMode="numeric"
        onChange={(e) => catalog.setItemId(e.currentTarget.value)}
      />
    </Group>
  );
}

/** A column a screen adds before or after the catalog's own. */
export interface CatalogColumn {
  key: string;
  header?: ReactNode;
  /** The header's accessible name when it shows no text. */
  label?: string;
  cell: (item: CatalogItem) => ReactNode;
}

interface TableProps {
  catalog: CatalogItems;
  words: Words;
  before?: CatalogColumn[];
  after?: CatalogColumn[];
}

/** Item id, image, mould, colour, condition and quantity of each item, then the pages. */
export function CatalogItemTable({ catalog, words, before = [], after = [] }: TableProps) {
  const { list, page, pages, setPage } = catalog;
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              {before.map((c) => (
                <Table.Th key={c.key} aria-label={c.label}>
                  {c.header}
                </Table.Th>
              ))}
              <Table.Th>Item id</Table.Th>
              <Table.Th>Image</Table.Th>
              <Table.Th>{words.mould}</Table.Th>
              <Table.Th>Colour</Table.Th>
              <Table.Th>Condition</Table.Th>
              <Table.Th>{words.quantity}</Table.Th>
              {after.map((c) => (
                <Table.Th key={c.key} aria-label={c.label}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list?.results.map((item) => (
              <Table.Tr key={item.item_id}>
                {before.map((c) => (
                  <Table.Td key={c.key}>{c.cell(item)}</Table.Td>
                ))}
                <Table.Td>{item.item_id}</Table.Td>
                <Table.Td>
                  {item.image_path && (
                    <Image src={item.image_path} alt="" w={32} h={32} fit="contain" />
                  )}
                </Table.Td>
                <Table.Td>{item.mold_name}</Table.Td>
                <Table.Td>
                  <ColourName hex={item.colour_hex} name={item.colour_name} />
                </Table.Td>
                <Table.Td>{item.condition}</Table.Td>
                <Table.Td>{item.quantity}</Table.Td>
                {after.map((c) => (
                  <Table.Td key={c.key}>{c.cell(item)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list && list.count === 0 && <Text c="dimmed">No items match these filters.</Text>}
      <Pagination total={pages} value={page} onChange={setPage} siblings={2} />
    </>
  );
}
