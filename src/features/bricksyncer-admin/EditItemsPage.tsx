import {
  Anchor,
  Button,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { checkStoreItem, type StoreItemRow } from '../../../contract/bricksyncer';
import type { GuideType, PriceChange } from '../../../contract/price-guide';
import {
  LOT_CONDITION_LABELS,
  LOT_CONDITIONS,
  PRICE_LOT_PAGE_SIZES,
  SEARCH_MAX,
  type GuideFilter,
  type LotCondition,
  type PriceLotList,
  type PriceLotsFilter,
} from '../../../contract/price-lots';
import { notifyError, notifySuccess, showApiError } from '../../ui/notify';
import { SelectAllCheckbox, useRowSelection } from '../../ui/RowSelection';
import { PriceGuideBar, SetAllToAverage, usePriceGuides, type PricedLot } from '../price-guide';
import { fetchPriceLots } from '../price-guide/api';
import { checkStores, saveStoreItem, sendStockChanges } from './api';
import { StoreItemLine, updateWithPrice } from './StoreItemRow';

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

/** The price guide filter as one choice: `guide` with the average it compares with. */
const GUIDE_CHOICES: { value: string; label: string; guide?: GuideFilter; average?: GuideType }[] =
  [
    { value: 'any', label: 'Any price guide' },
    { value: 'with', label: 'With a price guide', guide: 'with' },
    { value: 'without', label: 'Without a price guide', guide: 'without' },
    { value: 'below-sold', label: 'Below the sold average', guide: 'below', average: 'sold' },
    { value: 'above-sold', label: 'Above the sold average', guide: 'above', average: 'sold' },
    {
      value: 'below-stock',
      label: 'Below the for-sale average',
      guide: 'below',
      average: 'stock',
    },
    {
      value: 'above-stock',
      label: 'Above the for-sale average',
      guide: 'above',
      average: 'stock',
    },
  ];

/**
 * Edit prices: the items on sale, 10 a page (25, 50, 100 or 250 when chosen), found by a search
 * (BrickLink item number, name, colour, condition) and filters (condition, price guide), each
 * edited in its row; Send changes to the stores sends what is not sent yet. Show price guide puts
 * BrickLink's price guide beside each price, and Set to average ± % prices the selected items from
 * it (saved as each row's Save does); Set all found to average ± % prices every item the search
 * finds, on the server.
 */
export default function EditItemsPage() {
  const [pageSize, setPageSize] = useState<number>(PRICE_LOT_PAGE_SIZES[0]);
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), 300);
  const [condition, setCondition] = useState<LotCondition | 'any'>('any');
  const [guideChoice, setGuideChoice] = useState('any');
  const [list, setList] = useState<PriceLotList | null>(null);
  const [reloads, setReloads] = useState(0);
  const { selected, setSelected, select } = useRowSelection<number>();
  const guides = usePriceGuides<number>();
  const filter = useMemo((): PriceLotsFilter => {
    const choice = GUIDE_CHOICES.find((c) => c.value === guideChoice);
    return {
      ...(q ? { q } : {}),
      ...(condition !== 'any' ? { condition } : {}),
      ...(choice?.guide ? { guide: choice.guide, average: choice.average } : {}),
    };
  }, [q, condition, guideChoice]);
  const filtered = Object.keys(filter).length > 0;
  // A new search or page size starts on its first page.
  const [paged, setPaged] = useState({ filter, pageSize, page: 1 });
  const page = paged.filter === filter && paged.pageSize === pageSize ? paged.page : 1;
  const setPage = (n: number) => setPaged({ filter, pageSize, page: n });
  useEffect(() => {
    let current = true;
    setSelected(new Set());
    fetchPriceLots({ ...filter, limit: pageSize, page }).then(
      (l) => current && setList(l),
      (error: unknown) => void showApiError(error),
    );
    return () => {
      current = false;
    };
  }, [filter, page, pageSize, reloads, setSelected]);

  const rows = list?.results ?? [];
  const lotOf = (r: (typeof rows)[number]): PricedLot<number> => ({
    key: r.id,
    lot: { item_id: r.item_id },
    label: `${r.mold_name} ${r.colour_name} (${r.store_name})`,
    price: r.store_price,
  });
  const replace = (updated: StoreItemRow) =>
    setList(
      (l) =>
        l && {
          ...l,
          results: l.results.map((r) => (r.id === updated.id ? { ...r, ...updated } : r)),
        },
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

  const filters = (
    <Group gap="sm" align="flex-end">
      <TextInput
        label="Search"
        placeholder="Item number, name, colour or condition"
        w={300}
        maxLength={SEARCH_MAX}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
      />
      <Select
        label="Condition"
        w={160}
        data={[
          { value: 'any', label: 'Any condition' },
          ...LOT_CONDITIONS.map((c) => ({ value: c, label: LOT_CONDITION_LABELS[c] })),
        ]}
        value={condition}
        onChange={(v) => setCondition((v ?? 'any') as LotCondition | 'any')}
        allowDeselect={false}
      />
      <Select
        label="Price guide"
        w={220}
        data={GUIDE_CHOICES.map(({ value, label }) => ({ value, label }))}
        value={guideChoice}
        onChange={(v) => setGuideChoice(v ?? 'any')}
        allowDeselect={false}
      />
      <Select
        label="Per page"
        w={100}
        data={PRICE_LOT_PAGE_SIZES.map(String)}
        value={String(pageSize)}
        onChange={(v) => setPageSize(Number(v ?? PRICE_LOT_PAGE_SIZES[0]))}
        allowDeselect={false}
      />
    </Group>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Edit prices</Title>
        <SendChanges />
      </Group>
      {list === null ? (
        <Loader />
      ) : list.count === 0 && !filtered ? (
        <Text>There are no items on sale.</Text>
      ) : (
        <>
          {filters}
          <Group gap="xs">
            <PriceGuideBar
              lots={rows.map(lotOf)}
              selected={selected}
              guides={guides}
              onApply={applyPrices}
            />
            <SetAllToAverage
              filter={filter}
              count={list.count}
              onDone={() => setReloads((n) => n + 1)}
            />
          </Group>
          <Text size="sm" data-testid="lots-found">
            {filtered
              ? `${list.count} ${list.count === 1 ? 'item' : 'items'} on sale found`
              : `${list.count} ${list.count === 1 ? 'item' : 'items'} on sale`}
          </Text>
          {list.count === 0 ? (
            <Text>No items on sale match the search.</Text>
          ) : (
            <>
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
              <Pagination
                total={Math.ceil(list.count / pageSize)}
                value={page}
                onChange={setPage}
              />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
