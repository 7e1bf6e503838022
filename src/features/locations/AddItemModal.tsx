import {
  Button,
  ColorSwatch,
  Group,
  Image,
  Modal,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { ITEMS_PER_PAGE, type ItemListResponse } from '../../../contract/locations';
import { notifySuccess, showApiError } from '../../ui/notify';
import { fetchItems } from './api';
import { addItem } from './treeActions';
import { useTreeStore } from './treeStore';

/** Add item: a catalog table filtered by mould name and item id (GET /v1/item). */
export default function AddItemModal({
  locationId,
  onClose,
}: {
  locationId: number;
  onClose: () => void;
}) {
  const store = useTreeStore();
  const [mouldName, setMouldName] = useState('');
  const [itemId, setItemId] = useState('');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ItemListResponse | null>(null);
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
  }, [filters, page]);

  async function add(id: number, label: string) {
    if (await addItem(store, locationId, id)) {
      notifySuccess(`${label} has been added to the location.`);
      onClose();
    }
  }

  const pages = list ? Math.max(1, Math.ceil(list.count / ITEMS_PER_PAGE)) : 1;
  return (
    <Modal opened onClose={onClose} title="Add item" size="xl">
      <Stack>
        <Group grow>
          <TextInput
            label="Mould name"
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
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item id</Table.Th>
              <Table.Th>Image</Table.Th>
              <Table.Th>Mould</Table.Th>
              <Table.Th>Colour</Table.Th>
              <Table.Th>Condition</Table.Th>
              <Table.Th>In stock</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list?.results.map((item) => (
              <Table.Tr key={item.item_id}>
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
                <Table.Td>
                  <Button
                    size="compact-sm"
                    onClick={() =>
                      void add(item.item_id, `${item.mold_name} (${item.colour_name})`)
                    }
                  >
                    Add
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {list && list.count === 0 && <Text c="dimmed">No items match these filters.</Text>}
        <Pagination total={pages} value={page} onChange={setPage} siblings={2} />
      </Stack>
    </Modal>
  );
}
