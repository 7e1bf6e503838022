import { Box, Button, Group, Image, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { OrderItem } from '../../../contract/orders';
import { ItemFacts } from './ItemFacts';
import { TableHead } from '../../ui/TableHead';

type Item = OrderItem & { locations?: { location_name: string; code: string; quantity: number }[] };

/** Item info from what the order knows: image, mould, ids, colour, condition and stock. */
function CatalogModal({ item, onClose }: { item: Item | null; onClose: () => void }) {
  return (
    <Modal opened={!!item} onClose={onClose} title="Item info">
      {item && (
        <Stack gap="xs">
          {item.image_path && (
            <Image src={item.image_path} alt={item.mold_name} h={160} fit="contain" />
          )}
          <Text fw={700}>{item.mold_name}</Text>
          <Text size="sm">Mould id: {item.mold_id}</Text>
          <Text size="sm">Item id: {item.item_id}</Text>
          <Text size="sm">
            Colour: {item.colour_name} (#{item.colour_hex})
          </Text>
          <Text size="sm">Condition: {item.condition_name}</Text>
          {item.locations && item.locations.length > 0 && (
            <>
              <Text fw={600} mt="xs">
                Stock
              </Text>
              {item.locations.map((l) => (
                <Text size="sm" key={l.code}>
                  {l.location_name} ({l.code}): {l.quantity}
                </Text>
              ))}
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function NotesModal({ item, onClose }: { item: Item | null; onClose: () => void }) {
  return (
    <Modal opened={!!item} onClose={onClose} title="Notes">
      {item && (
        <Stack gap="sm">
          <div>
            <Text fw={600}>Private note</Text>
            <Text>{item.private_note || 'No private note.'}</Text>
          </div>
          <div>
            <Text fw={600}>Public note</Text>
            <Text>{item.public_note || 'No public note.'}</Text>
          </div>
        </Stack>
      )}
    </Modal>
  );
}

/** Narrower than this (Mantine's `sm`), the items are cards instead of a table. */
const WIDE_SCREEN = '(min-width: 48em)';

interface ListProps {
  items: Item[];
  onCatalog: (item: Item) => void;
  onNotes: (item: Item) => void;
}

function PickedOfOrdered({ item }: { item: Item }) {
  return (
    <Text fw={700} c={item.quantity_picked > item.quantity_ordered ? 'yellow.8' : undefined}>
      {item.quantity_picked}|{item.quantity_ordered}
    </Text>
  );
}

/** Wide screens: one row per item. */
function ItemsTable({ items, onCatalog, onNotes }: ListProps) {
  return (
    <Table verticalSpacing="sm" striped>
      <TableHead labels={['Item', 'Picked|Ordered', '']} />
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.order_item_id} data-testid="order-item">
            <Table.Td>
              <ItemFacts item={item} />
            </Table.Td>
            <Table.Td>
              <PickedOfOrdered item={item} />
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button variant="default" onClick={() => onCatalog(item)}>
                  Catalog
                </Button>
                <Button variant="default" onClick={() => onNotes(item)}>
                  Notes
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Phones: one card per item, the facts and Picked|Ordered above Catalog and Notes, which share
 * the card's width (buttons a thumb can hit).
 */
function ItemCards({ items, onCatalog, onNotes }: ListProps) {
  return (
    <Stack gap={0}>
      {items.map((item, i) => (
        <Box
          key={item.order_item_id}
          data-testid="order-item"
          p="sm"
          style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Group gap="sm" wrap="nowrap" align="flex-start" justify="space-between">
            <Box miw={0} style={{ overflowWrap: 'anywhere' }}>
              <ItemFacts item={item} imageSize={56} />
            </Box>
            <Stack gap={0} align="flex-end" flex="none">
              <Text size="xs" c="dimmed">
                Picked|Ordered
              </Text>
              <PickedOfOrdered item={item} />
            </Stack>
          </Group>
          <Group gap="xs" mt="sm" grow>
            <Button size="md" variant="default" onClick={() => onCatalog(item)}>
              Catalog
            </Button>
            <Button size="md" variant="default" onClick={() => onNotes(item)}>
              Notes
            </Button>
          </Group>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * The order's items: picture, colour, mould, condition, Catalog, Notes, Picked|Ordered. A table
 * on wide screens, cards on phones (nothing to scroll sideways).
 */
export function OrderItemsList({ items }: { items: Item[] }) {
  const [catalogOf, setCatalogOf] = useState<Item | null>(null);
  const [notesOf, setNotesOf] = useState<Item | null>(null);
  const wide = useMediaQuery(WIDE_SCREEN, false, { getInitialValueInEffect: false });
  const List = wide ? ItemsTable : ItemCards;
  return (
    <Paper withBorder p={0}>
      <List items={items} onCatalog={setCatalogOf} onNotes={setNotesOf} />
      <CatalogModal item={catalogOf} onClose={() => setCatalogOf(null)} />
      <NotesModal item={notesOf} onClose={() => setNotesOf(null)} />
    </Paper>
  );
}
