import { Card, Image, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import type { CatalogItem, Element } from '../../../contract/catalog';
import { NO_IMAGE } from '../../ui/noImage';
import { ColourName } from '../../ui/ColourName';

export type PartRef = Element['part'];

/** A card's picture, the same size on every card (the placeholder when there is none). */
function CardPicture({ src }: { src: string }) {
  return (
    <Card.Section>
      <Image
        src={src}
        fallbackSrc={NO_IMAGE}
        alt=""
        w={160}
        h={120}
        fit="contain"
        mx="auto"
        loading="lazy"
      />
    </Card.Section>
  );
}

/**
 * Element cards: the colour, and for a minifig's or set's inventory also the part's name and
 * picture and the quantity. Clicking a card opens its part in the side panel.
 */
export function ElementCards({
  elements,
  withPart,
  onOpen,
}: {
  elements: Element[];
  withPart: boolean;
  onOpen: (part: PartRef) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
      {elements.map((e) => (
        <UnstyledButton
          key={`${e.id}-${e.is_alternate ?? 0}`}
          onClick={() => onOpen(e.part)}
          aria-label={`${withPart ? `${e.part.name} in ` : ''}${e.colour.name}`}
        >
          <Card withBorder padding="xs" h="100%">
            <CardPicture src={e.image_url || e.part.image_url || NO_IMAGE} />
            <ColourName hex={e.colour.hex || 'cccccc'} name={e.colour.name} mt="xs" />
            {withPart && (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {e.quantity !== undefined ? `${e.quantity} × ` : ''}
                {e.part.name}
                {e.is_alternate ? ' (alternate)' : ''}
              </Text>
            )}
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

/** Cards of parts, minifigs or sets, each opening `onOpen`. */
export function LinkedCards({
  items,
  onOpen,
}: {
  items: (CatalogItem['sets'][number] | PartRef)[];
  onOpen: (item: (typeof items)[number]) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
      {items.map((x) => (
        <UnstyledButton key={x.uuid} onClick={() => onOpen(x)} aria-label={x.name}>
          <Card withBorder padding="xs" h="100%">
            <CardPicture src={x.image_url || NO_IMAGE} />
            <Text size="sm" mt="xs" lineClamp={2}>
              {'quantity' in x && x.quantity > 1 ? `${x.quantity} × ` : ''}
              {x.name}
            </Text>
            <Text size="xs" c="dimmed">
              {x.rebrickable_id}
            </Text>
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
