import { Anchor, Button, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { CatalogItem } from '../../../contract/catalog';
import { NO_IMAGE } from '../../ui/noImage';
import { dimensions, externalLinks, orUnknown } from './links';

/** '< Catalog' back to the browser. */
export function BackToCatalog() {
  return (
    <Button component={Link} to="/brickbase/catalog" variant="subtle" w="fit-content" px={4}>
      &lt; Catalog
    </Button>
  );
}

/**
 * Name, the external catalog links, the facts (year, 'L x W x H cm', weight; '?' when missing),
 * the picture and the button to suggest an edit.
 */
export function ItemHeader({ item }: { item: CatalogItem }) {
  const facts: [string, string][] = [['Year', orUnknown(item.year)]];
  if (item.type === 'part' || item.type === 'set') {
    facts.push(['Dimensions', dimensions(item)], ['Weight', orUnknown(item.weight, ' g')]);
  }
  if (item.type === 'part') facts.push(['Category', orUnknown(item.category)]);
  if (item.type !== 'part') facts.push(['Theme', orUnknown(item.theme)]);
  if (item.num_parts !== null) facts.push(['Parts', String(item.num_parts)]);
  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Image
        src={item.image_url || NO_IMAGE}
        fallbackSrc={NO_IMAGE}
        alt={item.name}
        w={400}
        maw="100%"
        mah={320}
        fit="contain"
      />
      <Stack gap="sm" style={{ flex: 1, minWidth: 260 }}>
        <Title order={2}>{item.name}</Title>
        <Group gap="md">
          {externalLinks(item).map((l) => (
            <Anchor key={l.site} href={l.href} target="_blank" rel="noreferrer">
              {l.site}
            </Anchor>
          ))}
        </Group>
        <Table withRowBorders={false} verticalSpacing={2} w="fit-content">
          <Table.Tbody>
            {facts.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {label}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{value}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Button
          component={Link}
          to={`/brickbase/${item.uuid}/edit`}
          variant="light"
          leftSection={<IconPencil size={16} />}
          w="fit-content"
        >
          Suggest a change
        </Button>
      </Stack>
    </Group>
  );
}
