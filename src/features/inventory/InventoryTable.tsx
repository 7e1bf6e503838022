import { Image, Table } from '@mantine/core';
import { memo } from 'react';
import type { InventoryItem } from '../../../contract/inventory';
import { TableHead } from '../../ui/TableHead';
import { ColourName } from '../../ui/ColourName';

function weight(grams: number | null): string {
  return grams === null ? '' : `${grams} g`;
}

/**
 * One page of the inventory with every column listed in docs/inventory.md. Memoised: the export's
 * progress updates re-render the page, not the table.
 */
export const InventoryTable = memo(function InventoryTable({ items }: { items: InventoryItem[] }) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover>
        <TableHead
          labels={[
            'Mold',
            'Condition',
            'Colour',
            'Quantity',
            'Theme',
            'Sub-theme',
            'Type',
            'Category',
            'Weight',
            'Private note',
            'Public note',
            'Image',
          ]}
        />
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.item_id}>
              <Table.Td>{item.mold_name}</Table.Td>
              <Table.Td>{item.new_condition_name}</Table.Td>
              <Table.Td>
                <ColourName hex={item.colour_hex} name={item.colour_name} />
              </Table.Td>
              <Table.Td>{item.quantity}</Table.Td>
              <Table.Td>{item.theme_name}</Table.Td>
              <Table.Td>{item.subtheme_name}</Table.Td>
              <Table.Td>{item.type_name}</Table.Td>
              <Table.Td>{item.category_name}</Table.Td>
              <Table.Td>{weight(item.weight)}</Table.Td>
              <Table.Td>{item.private_note}</Table.Td>
              <Table.Td>{item.public_note}</Table.Td>
              <Table.Td>
                {item.image_path && (
                  <Image
                    src={item.image_path}
                    alt={item.mold_name}
                    w={40}
                    h={40}
                    fit="contain"
                    loading="lazy"
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
