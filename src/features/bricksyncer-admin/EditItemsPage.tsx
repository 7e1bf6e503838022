import { Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { StoreItemList } from '../../../contract/bricksyncer';
import { showApiError } from '../../ui/notify';
import { fetchStoreItems } from './api';
import { StoreItemLine } from './StoreItemRow';

const PAGE_SIZE = 10;

/** Edit prices: the items on sale, 10 a page, each edited in its row. */
export default function EditItemsPage() {
  const [page, setPage] = useState(1);
  const [list, setList] = useState<StoreItemList | null>(null);
  useEffect(() => {
    fetchStoreItems(page).then(setList, (error: unknown) => void showApiError(error));
  }, [page]);

  return (
    <Stack>
      <Title order={2}>Edit prices</Title>
      {list === null ? (
        <Loader />
      ) : list.count === 0 ? (
        <Text>There are no items on sale.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={900}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Store</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Tier price</Table.Th>
                  <Table.Th>Bulk</Table.Th>
                  <Table.Th>Quantity / total</Table.Th>
                  <Table.Th>Public note</Table.Th>
                  <Table.Th>Private note</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.results.map((row) => (
                  <StoreItemLine
                    key={row.id}
                    row={row}
                    saved={(updated) =>
                      setList(
                        (l) =>
                          l && {
                            ...l,
                            results: l.results.map((r) => (r.id === updated.id ? updated : r)),
                          },
                      )
                    }
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pagination total={Math.ceil(list.count / PAGE_SIZE)} value={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
