import { Button, Group, Image, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { OrderItem } from '../../../contract/orders';
import { ItemFacts } from './ItemFacts';

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

/** The order's items: picture, colour, mould, condition, Catalog, Notes, Picked|Ordered. */
export function OrderItemsList({ items }: { items: Item[] }) {
  const [catalogOf, setCatalogOf] = useState<Item | null>(null);
  const [notesOf, setNotesOf] = useState<Item | null>(null);
  return (
    <Paper withBorder p={0}>
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Picked|Ordered</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.order_item_id} data-testid="order-item">
                <Table.Td>
                  <ItemFacts item={item} />
                </Table.Td>
                <Table.Td>
                  <Text
                    fw={700}
                    c={item.quantity_picked > item.quantity_ordered ? 'yellow.8' : undefined}
                  >
                    {item.quantity_picked}|{item.quantity_ordered}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button variant="default" onClick={() => setCatalogOf(item)}>
                      Catalog
                    </Button>
                    <Button variant="default" onClick={() => setNotesOf(item)}>
                      Notes
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <CatalogModal item={catalogOf} onClose={() => setCatalogOf(null)} />
      <NotesModal item={notesOf} onClose={() => setNotesOf(null)} />
    </Paper>
  );
}
