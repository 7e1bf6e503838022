import { ColorSwatch, Group, Image, Stack, Text } from '@mantine/core';

/** Shown when an item has no picture or it cannot load (offline, no catalog image). */
const NO_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#f1f3f5"/><text x="32" y="36" font-size="10" text-anchor="middle" fill="#868e96">no image</text></svg>',
  );

export interface ItemLook {
  image_path: string | null;
  colour_hex: string;
  colour_name: string;
  mold_id: number;
  mold_name: string;
  condition_name: string;
}

/** Image, colour swatch, mould name and condition of an order item (spec 2 §2.6, §2.9). */
export function ItemFacts({ item, imageSize = 64 }: { item: ItemLook; imageSize?: number }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Image
        src={item.image_path || null}
        fallbackSrc={NO_IMAGE}
        alt={item.mold_name}
        w={imageSize}
        h={imageSize}
        fit="contain"
        loading="lazy"
      />
      <Stack gap={2}>
        <Text fw={600} lh={1.2}>
          {item.mold_name}
        </Text>
        <Group gap={6} wrap="nowrap">
          <ColorSwatch color={`#${item.colour_hex}`} size={16} aria-hidden />
          <Text size="sm">{item.colour_name}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {item.condition_name}
        </Text>
      </Stack>
    </Group>
  );
}
