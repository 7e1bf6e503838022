import { Text } from '@mantine/core';
import { sizeText, type CatalogFacts } from './facts';

/**
 * The catalog's facts of an item on the floor cards, read from the device's catalog (so also
 * offline): size, weight and the item's numbers in other catalogs. Nothing when the device's
 * catalog does not know the item.
 */
export function CatalogFactsLine({ facts }: { facts: CatalogFacts | null }) {
  if (!facts) return null;
  const parts: string[] = [];
  const size = sizeText(facts.size);
  if (size) parts.push(`Size ${size}`);
  if (facts.weight !== null) parts.push(`Weight ${facts.weight} g`);
  for (const id of facts.alternateIds) parts.push(`${id.label} ${id.value}`);
  if (!parts.length) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="catalog-facts">
      {parts.join(' · ')}
    </Text>
  );
}
