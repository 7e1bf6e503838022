import { Button, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CatalogItem, RelationType } from '../../../contract/catalog';
import { browseCatalog } from './api';
import { relationChoices } from './editFields';
import { useSuggest } from './useSuggest';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Suggest a relation between this item and another (found by name or id, or given by uuid). The
 * server checks that the relation fits the two items' types.
 */
export function RelationForm({ item }: { item: CatalogItem }) {
  const [relation, setRelation] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [other, setOther] = useState<{ value: string; label: string } | null>(null);
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [quantity, setQuantity] = useState<number>(1);
  const [sending, sendSuggestion] = useSuggest();
  const inventory = relation !== null && relation.includes('_in_');

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return;
    let live = true;
    const timer = setTimeout(() => {
      browseCatalog({ tab: 'overview', search: q, size: 10 }).then(
        (page) => {
          if (!live) return;
          const found = page.results
            .filter((r) => r.uuid && r.uuid !== item.uuid)
            .map((r) => ({
              value: r.uuid!,
              label: `${r.name} (${r.type} ${r.rebrickable_id ?? ''})`,
            }));
          const typed = UUID.test(q) ? [{ value: q, label: `uuid ${q}` }] : [];
          setOptions(
            // The chosen item stays in the list, so the field keeps showing it.
            [...(other ? [other] : []), ...typed, ...found].filter(
              (o, i, all) => all.findIndex((x) => x.value === o.value) === i,
            ),
          );
        },
        () => undefined,
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, item.uuid, other]);

  async function send() {
    if (!relation || !other) return;
    await sendSuggestion(
      {
        description: `${relation}: ${item.name}`,
        object_type: relation as RelationType,
        changes: { from: item.uuid, to: other.value, ...(inventory ? { quantity } : {}) },
      },
      () => setOther(null),
    );
  }

  return (
    <Stack gap="sm">
      <Title order={4}>Suggest a relation</Title>
      <Text size="sm" c="dimmed">
        Relate {item.name} to another item of the catalog.
      </Text>
      <Group align="end" gap="sm">
        <Select
          label="Relation"
          data={relationChoices(item.type)}
          value={relation}
          onChange={setRelation}
          w={200}
        />
        <Select
          label="Other item"
          placeholder="Name, id or uuid"
          searchable
          data={options}
          value={other?.value ?? null}
          onChange={(_, option) => setOther(option ?? null)}
          searchValue={query}
          onSearchChange={setQuery}
          filter={({ options: all }) => all}
          nothingFoundMessage={query.trim().length < 2 ? 'Type to search' : 'Nothing found'}
          w="100%"
          maw={360}
        />
        {inventory && (
          <NumberInput
            label="Quantity"
            min={1}
            max={100000}
            allowDecimal={false}
            value={quantity}
            onChange={(v) => setQuantity(typeof v === 'number' ? v : 1)}
            w={100}
          />
        )}
        <Button onClick={() => void send()} disabled={!relation || !other} loading={sending}>
          Suggest relation
        </Button>
      </Group>
    </Stack>
  );
}
