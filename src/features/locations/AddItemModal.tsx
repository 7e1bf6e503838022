import { Button, Modal, Stack } from '@mantine/core';
import { fetchItems } from '../../api/items';
import {
  CatalogItemFilters,
  CatalogItemTable,
  catalogItemLabel,
  useCatalogItems,
  type CatalogColumn,
} from '../../ui/CatalogItemTable';
import { notifySuccess } from '../../ui/notify';
import { addItem } from './treeActions';
import { useTreeStore } from './treeStore';

const WORDS = { mould: 'Mould', quantity: 'In stock' };

/** Add item: a catalog table filtered by mould name and item id (GET /v1/item). */
export default function AddItemModal({
  locationId,
  onClose,
}: {
  locationId: number;
  onClose: () => void;
}) {
  const store = useTreeStore();
  const catalog = useCatalogItems(fetchItems);

  async function add(id: number, label: string) {
    if (await addItem(store, locationId, id)) {
      notifySuccess(`${label} has been added to the location.`);
      onClose();
    }
  }

  const addColumn: CatalogColumn = {
    key: 'add',
    cell: (item) => (
      <Button size="compact-sm" onClick={() => void add(item.item_id, catalogItemLabel(item))}>
        Add
      </Button>
    ),
  };

  return (
    <Modal opened onClose={onClose} title="Add item" size="xl">
      <Stack>
        <CatalogItemFilters catalog={catalog} words={WORDS} />
        <CatalogItemTable catalog={catalog} words={WORDS} after={[addColumn]} />
      </Stack>
    </Modal>
  );
}
