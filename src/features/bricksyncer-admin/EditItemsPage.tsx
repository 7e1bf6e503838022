import {
  Anchor,
  Button,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { StoreItemList } from '../../../contract/bricksyncer';
import { notifySuccess, showApiError } from '../../ui/notify';
import { checkStores, fetchStoreItems, sendStockChanges } from './api';
import { StoreItemLine } from './StoreItemRow';

const PAGE_SIZE = 10;

/**
 * Sends the waiting changes (quantities, prices, notes) to every store with credentials now, or
 * checks the stores' lots against the warehouse (differences become stock issues), as one
 * background job per store; the Jobs screen follows them.
 */
function SendChanges() {
  const [busy, setBusy] = useState<'send' | 'check' | null>(null);
  async function queue(what: 'send' | 'check') {
    setBusy(what);
    try {
      const jobs = await (what === 'send' ? sendStockChanges() : checkStores());
      const stores = new Set(jobs.map((j) => j.store_id)).size;
      const words = `${stores} ${stores === 1 ? 'store' : 'stores'}`;
      notifySuccess(what === 'send' ? `Sending changes to ${words}` : `Checking ${words}`);
    } catch (error) {
      await showApiError(error);
    } finally {
      setBusy(null);
    }
  }
  return (
    <Group gap="sm">
      <Button
        loading={busy === 'send'}
        disabled={busy === 'check'}
        onClick={() => void queue('send')}
      >
        Send changes to the stores
      </Button>
      <Button
        variant="default"
        loading={busy === 'check'}
        disabled={busy === 'send'}
        onClick={() => void queue('check')}
      >
        Check the stores
      </Button>
      <Anchor component={Link} to="/bricksyncer/jobs">
        See the jobs
      </Anchor>
    </Group>
  );
}

/**
 * Edit prices: the items on sale, 10 a page, each edited in its row; Send changes to the stores
 * sends what is not sent yet.
 */
export default function EditItemsPage() {
  const [page, setPage] = useState(1);
  const [list, setList] = useState<StoreItemList | null>(null);
  useEffect(() => {
    fetchStoreItems(page).then(setList, (error: unknown) => void showApiError(error));
  }, [page]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Edit prices</Title>
        <SendChanges />
      </Group>
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
