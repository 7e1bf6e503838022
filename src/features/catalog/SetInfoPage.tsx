import { Anchor, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CatalogItem } from '../../../contract/catalog';
import { setById } from './api';
import { ChangeTable } from './ChangeTable';
import { ElementCards, LinkedCards, type PartRef } from './ItemCards';
import { ItemHeader } from './ItemHeader';
import { ItemPage } from './ItemPage';
import { Paged } from './Paged';
import { PartPanel } from './PartPanel';
import { SetList } from './SetList';

function Documents({ docs, empty }: { docs: CatalogItem['instructions']; empty: string }) {
  if (docs.length === 0) return <Text>{empty}</Text>;
  return (
    <Table striped aria-label={empty}>
      <Table.Tbody>
        {docs.map((d) => (
          <Table.Tr key={d.uuid}>
            <Table.Td>
              {d.url ? (
                <Anchor href={d.url} target="_blank" rel="noreferrer">
                  {d.name}
                </Anchor>
              ) : (
                d.name
              )}
            </Table.Td>
            <Table.Td>{d.bricklink_id}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function SetInventory({ set }: { set: CatalogItem }) {
  const [panel, setPanel] = useState<PartRef | null>(null);
  const navigate = useNavigate();
  const regular = set.elements.filter((e) => !e.is_alternate);
  const pieces = regular.reduce((n, e) => n + (e.quantity ?? 0), 0);
  return (
    <Stack gap="md">
      <ItemHeader item={set} />
      <Tabs defaultValue="elements" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="elements">Elements</Tabs.Tab>
          <Tabs.Tab value="minifigs">Minifigures</Tabs.Tab>
          <Tabs.Tab value="related">Related sets</Tabs.Tab>
          <Tabs.Tab value="instructions">Instructions</Tabs.Tab>
          <Tabs.Tab value="boxes">Original Boxes</Tabs.Tab>
          <Tabs.Tab value="changelog">Changelog</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="elements" pt="md">
          {set.elements.length === 0 ? (
            <Text>This set has no elements</Text>
          ) : (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {regular.length} elements, {pieces} pieces
              </Text>
              <Paged items={set.elements}>
                {(elements) => <ElementCards elements={elements} withPart onOpen={setPanel} />}
              </Paged>
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="minifigs" pt="md">
          {set.minifigs.length === 0 ? (
            <Text>This set has no minifigures</Text>
          ) : (
            <LinkedCards
              items={set.minifigs}
              onOpen={(m) => navigate(`/brickbase/iteminfo/${m.uuid}`)}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="related" pt="md">
          <Title order={4}>Appears in</Title>
          {set.parent_set.length === 0 ? (
            <Text>No other set</Text>
          ) : (
            <SetList sets={set.parent_set} />
          )}
          <Title order={4} mt="md">
            Contains
          </Title>
          {set.child_set.length === 0 ? (
            <Text>No other set</Text>
          ) : (
            <SetList sets={set.child_set} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="instructions" pt="md">
          <Documents docs={set.instructions} empty="There are no instructions" />
        </Tabs.Panel>
        <Tabs.Panel value="boxes" pt="md">
          <Documents docs={set.box} empty="There are no original boxes" />
        </Tabs.Panel>
        <Tabs.Panel value="changelog" pt="md">
          <ChangeTable uuid={set.uuid} />
        </Tabs.Panel>
      </Tabs>
      <PartPanel part={panel} onClose={() => setPanel(null)} />
    </Stack>
  );
}

/**
 * Set inventory (docs/catalog.md): the set's facts and the tabs Elements, Minifigures, Related
 * sets (Appears in and Contains), Instructions, Original Boxes and Changelog.
 */
export default function SetInfoPage() {
  return (
    <ItemPage find={setById} label="Loading the set">
      {(set) => <SetInventory key={set.uuid} set={set} />}
    </ItemPage>
  );
}
