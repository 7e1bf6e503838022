import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { CatalogRef } from '../../../contract/catalog';
import { ItemThumb } from '../../ui/ItemThumb';
import { NO_IMAGE } from '../../ui/noImage';
import { screenOf } from './links';

const TYPE_WORDS: Record<CatalogRef['type'], string> = {
  part: 'Part',
  minifig: 'Minifigure',
  set: 'Set',
  element: 'Element',
  book: 'Book',
  catalog: 'Catalog',
  instruction: 'Instruction',
  box: 'Box',
};

/** One page of catalog rows: picture, name (opening its screen), ids, year, theme or category. */
export function CatalogTable({ rows, showType }: { rows: CatalogRef[]; showType: boolean }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56} />
            <Table.Th>Name</Table.Th>
            {showType && <Table.Th>Type</Table.Th>}
            <Table.Th>Rebrickable</Table.Th>
            <Table.Th>BrickLink</Table.Th>
            <Table.Th>Year</Table.Th>
            <Table.Th>Theme / category</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const to = screenOf(r);
            return (
              <Table.Tr key={`${r.type}-${r.id}`}>
                <Table.Td>
                  <ItemThumb src={r.image_url || NO_IMAGE} alt="" size={40} />
                </Table.Td>
                <Table.Td>
                  {to ? (
                    <Anchor component={Link} to={to}>
                      {r.name}
                    </Anchor>
                  ) : (
                    <Text size="sm">{r.name}</Text>
                  )}
                </Table.Td>
                {showType && <Table.Td>{TYPE_WORDS[r.type]}</Table.Td>}
                <Table.Td>{r.rebrickable_id}</Table.Td>
                <Table.Td>{r.bricklink_id}</Table.Td>
                <Table.Td>{r.year}</Table.Td>
                <Table.Td>{r.group}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
