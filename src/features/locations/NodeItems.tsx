import { ActionIcon, Box, Group, Image, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowsMove, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { QuantityModal } from './QuantityModal';
import { cutItem, removeItem } from './treeActions';
import { useTree, useTreeStore, type ContentRow } from './treeStore';
import { ColourName } from '../../ui/ColourName';

/** The items at an expanded location: image, name, colour and quantity (docs/locations.md). */
export function NodeItems({
  locationId,
  depth,
  editable,
}: {
  locationId: number;
  depth: number;
  editable: boolean;
}) {
  const rows = useTree((s) => s.content[locationId]);
  if (!rows?.length) return null;
  return (
    <Box pl={depth * 20 + 30} py={2} role="list" aria-label="Items">
      {rows.map((row) => (
        <ItemRow key={row.item_id} row={row} locationId={locationId} editable={editable} />
      ))}
    </Box>
  );
}

function ItemRow({
  row,
  locationId,
  editable,
}: {
  row: ContentRow;
  locationId: number;
  editable: boolean;
}) {
  const store = useTreeStore();
  const [editingQuantity, setEditingQuantity] = useState(false);
  const label = `${row.mold_name} (${row.colour_name})`;

  function confirmDelete() {
    modals.openConfirmModal({
      title: 'Remove item',
      children: <Text size="sm">Remove {label} from this location?</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void removeItem(store, locationId, row.item_id, row.colour_id),
    });
  }

  return (
    // Wraps on a narrow screen: deep in the tree a phone has little width left for the row.
    <Group gap="xs" wrap="wrap" py={2} aria-label={`Item ${label}`} role="listitem">
      {row.image_path ? (
        <Image
          src={row.image_path}
          alt={row.mold_name}
          w={32}
          h={32}
          fit="contain"
          loading="lazy"
        />
      ) : (
        <IconPhoto size={32} stroke={1} aria-hidden />
      )}
      <Text size="sm">{row.mold_name}</Text>
      <ColourName hex={row.colour_hex} name={row.colour_name} />
      <Text size="xs" c="dimmed">
        {row.condition}
      </Text>
      <Text size="sm" fw={600} aria-label="Quantity">
        {row.quantity}
      </Text>
      {editable && (
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Edit quantity of ${label}`}
            onClick={() => setEditingQuantity(true)}
          >
            <IconPencil size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Move ${label}`}
            onClick={() =>
              cutItem(store, {
                itemId: row.item_id,
                colourId: row.colour_id,
                fromLocationId: locationId,
                label,
              })
            }
          >
            <IconArrowsMove size={14} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={`Delete ${label}`}
            onClick={confirmDelete}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      )}
      {editingQuantity && (
        <QuantityModal
          locationId={locationId}
          itemId={row.item_id}
          label={label}
          quantity={row.quantity}
          onClose={() => setEditingQuantity(false)}
        />
      )}
    </Group>
  );
}
