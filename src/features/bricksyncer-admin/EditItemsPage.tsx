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
import { checkStoreItem, type StoreItemList } from '../../../contract/bricksyncer';
import type { PriceChange } from '../../../contract/price-guide';
import { notifyError, notifySuccess, showApiError } from '../../ui/notify';
import { SelectAllCheckbox, useRowSelection } from '../../ui/RowSelection';
import { PriceGuideBar, usePriceGuides, type PricedLot } from '../price-guide';
import { checkStores, fetchStoreItems, saveStoreItem, sendStockChanges } from './api';
import { StoreItemLine, updateWithPrice } from './StoreItemRow';

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
 * sends what is not sent yet. Show price guide puts BrickLink's price guide beside each price, and
 * Set to average ± % prices the selected items from it (saved as each row's Save does).
 */
export default function EditItemsPage() {
  const [page, setPage] = useState(1);
  const [list, setList] = useState<StoreItemList | null>(null);
  const { selected, setSelected, select } = useRowSelection<number>();
  const guides = usePriceGuides<number>();
  useEffect(() => {
    setSelected(new Set());
    fetchStoreItems(page).then(setList, (error: unknown) => void showApiError(error));
  }, [page, setSelected]);

  const rows = list?.results ?? [];
  const lotOf = (r: (typeof rows)[number]): PricedLot<number> => ({
    key: r.id,
    lot: { item_id: r.item_id },
    label: `${r.mold_name} ${r.colour_name} (${r.store_name})`,
    price: r.store_price,
  });
  const replace = (updated: (typeof rows)[number]) =>
    setList(
      (l) => l && { ...l, results: l.results.map((r) => (r.id === updated.id ? updated : r)) },
    );

  /** The new prices go the way Save of a row sends them, one item after the other. */
  async function applyPrices(changes: PriceChange<number>[]): Promise<boolean> {
    let done = 0;
    for (const c of changes) {
      const row = rows.find((r) => r.id === c.key);
      if (!row) continue;
      const update = updateWithPrice(row, c.new);
      const checked = checkStoreItem(update, row.quantity, row.store_quantity);
      if (!checked.ok) {
        notifyError(`${c.label}: ${checked.problems.join(' ')}`);
        continue;
      }
      try {
        replace(await saveStoreItem(update));
        done++;
      } catch (error) {
        await showApiError(error);
        break;
      }
    }
    if (done > 0) notifySuccess(`${done} ${done === 1 ? 'price' : 'prices'} set`);
    return done === changes.length;
  }

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
          <PriceGuideBar
            lots={rows.map(lotOf)}
            selected={selected}
            guides={guides}
            onApply={applyPrices}
          />
          <Table.ScrollContainer minWidth={900}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <SelectAllCheckbox
                      keys={rows.map((r) => r.id)}
                      selected={selected}
                      onChange={setSelected}
                    />
                  </Table.Th>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Store</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>BrickLink price guide</Table.Th>
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
                    saved={replace}
                    selected={selected.has(row.id)}
                    onSelect={(on) => select(row.id, on)}
                    guide={guides.guides.get(row.id)}
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
