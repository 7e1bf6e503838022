import {
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  Image,
  Pagination,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import {
  ITEMS_PER_PAGE,
  type CatalogItem,
  type ItemListResponse,
} from '../../../contract/locations';
import { notifyError, notifySuccess, showApiError } from '../../ui/notify';
import { addBricks, fetchItems } from './api';
import {
  AMOUNT_MAX_LENGTH,
  addRequests,
  setAmount,
  toggleRow,
  type Selection,
} from './catalogSelection';

function rowLabel(item: CatalogItem): string {
  return `${item.mold_name} (${item.colour_name})`;
}

/** Kulla Catalog (spec 3 "Kulla Catalog (item overview)"): the items, 5 a page, and Add bricks. */
export default function KullaCatalogPage() {
  const [mouldName, setMouldName] = useState('');
  const [itemId, setItemId] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ItemListResponse | null>(null);
  const [reload, setReload] = useState(0);
  const [selectMode, setSelectMode] = useState(false);
  const [selection, setSelection] = useState<Selection>(new Map());
  const [adding, setAdding] = useState(false);
  const [filters] = useDebouncedValue({ mouldName, itemId }, 300);

  useEffect(() => {
    let live = true;
    const id = /^\d+$/.test(filters.itemId) ? Number(filters.itemId) : undefined;
    fetchItems({ mold_name: filters.mouldName.trim(), item_id: id, page, limit: ITEMS_PER_PAGE })
      .then((answer) => live && setList(answer))
      .catch((error: unknown) => live && void showApiError(error));
    return () => {
      live = false;
    };
  }, [filters, page, reload]);

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

  const pages = list ? Math.max(1, Math.ceil(list.count / ITEMS_PER_PAGE)) : 1;
  return (
    <Stack gap="md">
      <Title order={2}>Kulla Catalog</Title>
      <Group grow align="end">
        <TextInput
          label="Mold name"
          value={mouldName}
          onChange={(e) => {
            setMouldName(e.currentTarget.value);
            setPage(1);
          }}
        />
        <TextInput
          label="Item id"
          value={itemId}
          inputMode="numeric"
          onChange={(e) => {
            setItemId(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
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
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            {selectMode && <Table.Th aria-label="Selected" />}
            <Table.Th>Item id</Table.Th>
            <Table.Th>Image</Table.Th>
            <Table.Th>Mold</Table.Th>
            <Table.Th>Colour</Table.Th>
            <Table.Th>Condition</Table.Th>
            <Table.Th>Quantity</Table.Th>
            {selectMode && <Table.Th>Amount</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list?.results.map((item) => {
            const selected = selection.get(item.item_id);
            const label = rowLabel(item);
            return (
              <Table.Tr key={item.item_id}>
                {selectMode && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${label}`}
                      checked={!!selected}
                      onChange={(e) => {
                        const checked = e.currentTarget.checked;
                        setSelection((s) =>
                          toggleRow(s, { item_id: item.item_id, label }, checked),
                        );
                      }}
                    />
                  </Table.Td>
                )}
                <Table.Td>{item.item_id}</Table.Td>
                <Table.Td>
                  {item.image_path && (
                    <Image src={item.image_path} alt="" w={32} h={32} fit="contain" />
                  )}
                </Table.Td>
                <Table.Td>{item.mold_name}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ColorSwatch color={`#${item.colour_hex}`} size={14} />
                    {item.colour_name}
                  </Group>
                </Table.Td>
                <Table.Td>{item.condition}</Table.Td>
                <Table.Td>{item.quantity}</Table.Td>
                {selectMode && (
                  <Table.Td>
                    <TextInput
                      aria-label={`Amount for ${label}`}
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
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {list && list.count === 0 && <Text c="dimmed">No items match these filters.</Text>}
      <Pagination total={pages} value={page} onChange={setPage} siblings={2} />
    </Stack>
  );
}
