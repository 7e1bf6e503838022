import { Accordion, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import {
  CatalogMessages,
  RELATION_HEADERS,
  type CatalogItem,
  type PartRelation,
} from '../../../contract/catalog';
import { ChangeTable } from './ChangeTable';
import { ElementCards, LinkedCards, type PartRef } from './ItemCards';
import { ItemHeader } from './ItemHeader';
import { ItemPage } from './ItemPage';
import { Paged } from './Paged';
import { PartPanel } from './PartPanel';
import { SetList } from './SetList';

/** Related parts grouped under collapsible headers: Sub-part, Print, Pair, Alternate, Mold, Pattern. */
function RelationGroups({ item, onOpen }: { item: CatalogItem; onOpen: (p: PartRef) => void }) {
  const groups = (Object.keys(RELATION_HEADERS) as PartRelation[])
    .map((type) => ({ type, parts: item.relations.filter((r) => r.rel_type === type) }))
    .filter((g) => g.parts.length > 0);
  return (
    <Accordion multiple defaultValue={groups.map((g) => g.type)} variant="separated">
      {groups.map((g) => (
        <Accordion.Item key={g.type} value={g.type}>
          <Accordion.Control>{RELATION_HEADERS[g.type]}</Accordion.Control>
          <Accordion.Panel>
            <LinkedCards items={g.parts.map((r) => r.part)} onOpen={(p) => onOpen(p as PartRef)} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function ItemInfo({ item }: { item: CatalogItem }) {
  const [panel, setPanel] = useState<PartRef | null>(null);
  if (item.type === 'set') return <Navigate to={`/brickbase/setinfo/${item.uuid}`} replace />;
  if (item.type === 'element') {
    return <Navigate to={`/brickbase/iteminfo/${item.elements[0].part.uuid}`} replace />;
  }
  const hasRelations = item.type === 'part' && item.relations.length > 0;
  return (
    <Stack gap="md">
      <ItemHeader item={item} />
      <Tabs defaultValue="elements" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="elements">Elements</Tabs.Tab>
          <Tabs.Tab value="relations" disabled={!hasRelations}>
            Relations
          </Tabs.Tab>
          <Tabs.Tab value="sets" disabled={item.sets_count === 0}>
            Sets
          </Tabs.Tab>
          <Tabs.Tab value="changelog">Changelog</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="elements" pt="md">
          {item.elements.length === 0 ? (
            <Text>{CatalogMessages.noElements}</Text>
          ) : (
            <Paged items={item.elements}>
              {(elements) => (
                <ElementCards
                  elements={elements}
                  withPart={item.type === 'minifig'}
                  onOpen={setPanel}
                />
              )}
            </Paged>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="relations" pt="md">
          <RelationGroups item={item} onOpen={setPanel} />
        </Tabs.Panel>
        <Tabs.Panel value="sets" pt="md">
          <Text mb="sm">Appears in {item.sets_count} sets:</Text>
          <Paged items={item.sets}>{(sets) => <SetList sets={sets} />}</Paged>
        </Tabs.Panel>
        <Tabs.Panel value="changelog" pt="md">
          <ChangeTable uuid={item.uuid} />
        </Tabs.Panel>
      </Tabs>
      <PartPanel part={panel} onClose={() => setPanel(null)} />
    </Stack>
  );
}

/**
 * Item info (docs/catalog.md): a part's or minifig's name, links, facts and picture, and the tabs
 * Elements, Relations, Sets and Changelog; element cards and related parts open a side panel.
 */
export default function ItemInfoPage() {
  return <ItemPage>{(item) => <ItemInfo key={item.uuid} item={item} />}</ItemPage>;
}
