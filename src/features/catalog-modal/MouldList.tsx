import { Group, HoverCard, Image, Loader, Pagination, Table, Text } from '@mantine/core';
import type { MouldRef } from '../../../contract/catalog-modal';
import { CatalogModalTexts as T } from '../../../contract/catalog-modal';
import type { Page } from '../catalog/api';
import type { Load } from '../catalog/useLoad';
import { TableHead } from '../../ui/TableHead';

interface Props {
  /** Undefined until a type and a theme or category (or a search) are chosen. */
  result: Load<Page<MouldRef>> | undefined;
  page: number;
  size: number;
  onPage: (page: number) => void;
  selected: number | null;
  onSelect: (m: MouldRef) => void;
  onOpen: (m: MouldRef) => void;
}

/** The moulds of the chosen node: id and name, the picture on hover; a click chooses one. */
export function MouldList({ result, page, size, onPage, selected, onSelect, onOpen }: Props) {
  if (!result) return <Text c="dimmed">{T.selectFirst}</Text>;
  if (result.state === 'loading') return <Loader size="sm" aria-label="Loading items" />;
  if (result.state !== 'loaded') {
    return <Text c="dimmed">{result.state === 'offline' ? 'Offline' : 'Not loaded'}</Text>;
  }
  const { count, results } = result.data;
  if (results.length === 0) return <Text c="dimmed">{T.noItems}</Text>;
  const pages = Math.ceil(count / size);
  return (
    <>
      <Table highlightOnHover aria-label="Items" verticalSpacing={4}>
        <TableHead labels={['ID', 'Name']} />
        <Table.Tbody>
          {results.map((m) => (
            <Table.Tr
              key={m.id}
              aria-selected={selected === m.id}
              bg={selected === m.id ? 'var(--mantine-color-blue-light)' : undefined}
              style={{ cursor: 'pointer' }}
              onClick={() => onSelect(m)}
              onDoubleClick={() => onOpen(m)}
            >
              <Table.Td>{m.id}</Table.Td>
              <Table.Td>
                <HoverCard openDelay={150} position="right" withinPortal>
                  <HoverCard.Target>
                    <Text size="sm">{m.name}</Text>
                  </HoverCard.Target>
                  <HoverCard.Dropdown>
                    {m.image_url ? (
                      <Image src={m.image_url} alt={m.name} w={160} fit="contain" />
                    ) : (
                      <Text size="sm" c="dimmed">
                        No picture
                      </Text>
                    )}
                  </HoverCard.Dropdown>
                </HoverCard>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group justify="space-between" mt="xs">
          <Text size="sm" c="dimmed">
            {count} items
          </Text>
          <Pagination
            size="sm"
            total={pages}
            value={page + 1}
            onChange={(p) => onPage(p - 1)}
            aria-label="Item pages"
          />
        </Group>
      )}
    </>
  );
}
