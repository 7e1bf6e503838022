import { Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { NO_IMAGE } from '../../ui/noImage';
import { CatalogFactsLine, useCatalogFacts } from '../../offline/catalog';
import type { FillView } from './local';
import { trayImageUrl } from './image';
import { Fact } from '../../ui/Fact';
import { ColourName } from '../../ui/ColourName';

/** Image, item UUID, colour, stock in the warehouse and quantity to fill. */
export function TrayFacts({ view }: { view: FillView }) {
  const facts = useCatalogFacts(view.mold_id);
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Image
          src={trayImageUrl(view)}
          fallbackSrc={NO_IMAGE}
          alt={view.mold_name ?? 'Item'}
          w={120}
          h={120}
          fit="contain"
        />
        <Stack gap={4}>
          <Text fw={700} lh={1.2}>
            {view.mold_name ?? facts?.name ?? 'No item'}
          </Text>
          <Text size="sm">
            Item UUID:{' '}
            <Text span ff="monospace" data-testid="item-uuid">
              {view.item_uuid ?? '—'}
            </Text>
          </Text>
          <ColourName
            hex={view.colour_hex}
            name={view.colour_name ?? '—'}
            swatchSize={16}
            nameTestId="colour-name"
          />
          <CatalogFactsLine facts={facts} />
        </Stack>
      </Group>
      <SimpleGrid cols={2}>
        <Fact
          label="In the warehouse"
          value={view.quantity_in_warehouse}
          testId="quantity-in-warehouse"
        />
        <Fact label="To fill" value={view.quantity} testId="quantity-to-fill" />
      </SimpleGrid>
    </Stack>
  );
}
