import { Group, Stack, Text } from '@mantine/core';
import { ItemThumb } from '../../ui/ItemThumb';
import { CatalogFactsLine, useCatalogFacts } from '../../offline/catalog';
import { ColourName } from '../../ui/ColourName';

export interface ItemLook {
  image_path: string | null;
  colour_hex: string;
  colour_name: string;
  mold_id: number;
  mold_name: string;
  condition_name: string;
}

/**
 * Image, colour swatch, mould name and condition of an order item (order detail, picker screen).
 */
export function ItemFacts({ item, imageSize = 64 }: { item: ItemLook; imageSize?: number }) {
  const facts = useCatalogFacts(item.mold_id);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ItemThumb src={item.image_path || null} alt={item.mold_name} size={imageSize} />
      <Stack gap={2}>
        <Text fw={600} lh={1.2}>
          {item.mold_name || facts?.name}
        </Text>
        <ColourName hex={item.colour_hex} name={item.colour_name} swatchSize={16} />
        <Text size="sm" c="dimmed">
          {item.condition_name}
        </Text>
        <CatalogFactsLine facts={facts} />
      </Stack>
    </Group>
  );
}
