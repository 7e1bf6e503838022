import { Button, Checkbox, Group, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  CatalogItemFilters,
  CatalogItemTable,
  catalogItemLabel,
  useCatalogItems,
  type CatalogColumn,
} from '../../ui/CatalogItemTable';
import { notifyError, notifySuccess, showApiError } from '../../ui/notify';
import { fetchItems } from '../../api/items';
import { addBricks } from './api';
import {
  AMOUNT_MAX_LENGTH,
  addRequests,
  setAmount,
  toggleRow,
  type Selection,
} from './catalogSelection';

const WORDS = { mould: 'Mold', quantity: 'Quantity' };

/** Kulla Catalog, the item overview: the items, 5 a page, and Add bricks (docs/inventory.md). */
export default function KullaCatalogPage() {
  const [reload, setReload] = useState(0);
  const catalog = useCatalogItems(fetchItems, reload);
  const [selectMode, setSelectMode] = useState(false);
  const [selection, setSelection] = useState<Selection>(new Map());
  const [adding, setAdding] = useState(false);

  async function add() {
    const plan = addRequests(selection);
    if (!plan.ok) {
      notifyError(plan.message);
      return;
    }
    setAdding(true);
    let left: Selection = selection;
    try {
      for (const request of plan.requests) {
        const answer = await addBricks({ item_id: request.item_id, amount: request.amount });
        notifySuccess(`${request.label}: ${answer.message}`);
        left = toggleRow(left, request, false);
      }
    } catch (error) {
      await showApiError(error);
    } finally {
      setSelection(left);
      setAdding(false);
      setReload((n) => n + 1);
    }
  }

  const selectColumn: CatalogColumn = {
    key: 'selected',
    label: 'Selected',
    cell: (item) => {
      const label = catalogItemLabel(item);
      return (
        <Checkbox
          aria-label={`Select ${label}`}
          checked={selection.has(item.item_id)}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setSelection((s) => toggleRow(s, { item_id: item.item_id, label }, checked));
          }}
        />
      );
    },
  };
  const amountColumn: CatalogColumn = {
    key: 'amount',
    header: 'Amount',
    cell: (item) => {
      const selected = selection.get(item.item_id);
      return (
        <TextInput
          aria-label={`Amount for ${catalogItemLabel(item)}`}
          w={80}
          maxLength={AMOUNT_MAX_LENGTH}
          inputMode="numeric"
          disabled={!selected}
          value={selected?.amount ?? ''}
          onChange={(e) => {
            const typed = e.currentTarget.value;
            setSelection((s) => setAmount(s, item.item_id, typed));
          }}
        />
      );
    },
  };

  return (
    <Stack gap="md">
      <Title order={2}>Kulla Catalog</Title>
      <CatalogItemFilters catalog={catalog} words={WORDS} />
      <Group justify="space-between">
        <Switch
          label="Select mode"
          checked={selectMode}
          onChange={(e) => setSelectMode(e.currentTarget.checked)}
        />
        {selectMode && (
          <Button onClick={() => void add()} loading={adding} disabled={selection.size === 0}>
            Add bricks
          </Button>
        )}
      </Group>
      <CatalogItemTable
        catalog={catalog}
        words={WORDS}
        before={selectMode ? [selectColumn] : []}
        after={selectMode ? [amountColumn] : []}
      />
    </Stack>
  );
}
