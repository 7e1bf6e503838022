import { Button, Grid, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import {
  CATALOG_ITEMS_PAGE,
  CatalogModalTexts as T,
  usesCategories,
  type MouldRef,
} from '../../../contract/catalog-modal';
import type { Page } from '../catalog/api';
import { LoadState } from '../catalog/LoadState';
import { useLoad, type Load } from '../catalog/useLoad';
import { fetchMoulds, fetchTree, fetchTypes } from './api';
import { CatalogTree } from './CatalogTree';
import { ItemInfo } from './ItemInfo';
import { MouldList } from './MouldList';
import { buildTree } from './tree';
import type { CatalogAddition } from './types';

export interface CatalogBrowserProps {
  /** Offers Add item and the Add-all buttons; without it the catalog only browses. */
  onAdd?: (items: CatalogAddition[]) => void;
  /** Opens straight on this mould's info (the editor's double-click on a mould). */
  initialMouldId?: number | null;
}

const NONE = Promise.resolve(null);

/**
 * The digitizing desk's catalog: a type, its theme tree (category tree for type 2) with a
 * search, the chosen node's items with a search, and an item's info (docs/catalog.md).
 */
export function CatalogBrowser({ onAdd, initialMouldId }: CatalogBrowserProps) {
  const [type, setType] = useState<number | null>(null);
  const [treeSearch, setTreeSearch] = useState('');
  const [ct, setCt] = useState<number | null>(null);
  const [itemSearch, setItemSearch] = useState('');
  const [search] = useDebouncedValue(itemSearch.trim(), 300);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<MouldRef | null>(null);
  /** The item infos opened, the last one shown; Back returns to the one before. */
  const [trail, setTrail] = useState<number[]>(initialMouldId ? [initialMouldId] : []);

  const types = useLoad(fetchTypes);
  const byCategory = type !== null && usesCategories(type);
  const loadTree = useCallback(
    () => (type === null ? NONE : fetchTree(byCategory)),
    [type, byCategory],
  );
  const tree = useLoad(loadTree);
  const roots = useMemo(
    () =>
      tree.result.state === 'loaded' && tree.result.data ? buildTree(tree.result.data.results) : [],
    [tree.result],
  );
  const ready = type !== null && (ct !== null || search !== '');
  const loadItems = useCallback(
    () =>
      ready
        ? fetchMoulds({
            type: type!,
            ct: ct ?? undefined,
            search: search || undefined,
            page,
            size: CATALOG_ITEMS_PAGE,
          })
        : NONE,
    [ready, type, ct, search, page],
  );
  const items = useLoad(loadItems);
  // Until the effect of a new query runs, the last answer may still be the empty one.
  const list: Load<Page<MouldRef>> | undefined = !ready
    ? undefined
    : items.result.state !== 'loaded'
      ? items.result
      : items.result.data
        ? { state: 'loaded', data: items.result.data }
        : { state: 'loading' };

  const explore = (id: number) => setTrail((t) => [...t, id]);
  const choose = (patch: () => void) => {
    patch();
    setPage(0);
    setSelected(null);
  };

  if (trail.length > 0) {
    return (
      <Stack gap="sm">
        <Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconArrowLeft size={14} />}
            onClick={() => setTrail((t) => t.slice(0, -1))}
          >
            {trail.length > 1 ? 'Back' : 'Back to the list'}
          </Button>
        </Group>
        <ItemInfo
          key={trail[trail.length - 1]}
          mouldId={trail[trail.length - 1]}
          onAdd={onAdd}
          onExplore={explore}
        />
      </Stack>
    );
  }

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Stack gap="xs">
          <LoadState result={types.result} label="Loading types" reload={types.reload}>
            {(data) => (
              <Select
                aria-label="Type"
                placeholder={T.typePlaceholder}
                data={data.results.map((t) => ({ value: String(t.id), label: t.name }))}
                value={type === null ? null : String(type)}
                onChange={(v) =>
                  choose(() => {
                    setType(v === null ? null : Number(v));
                    setCt(null);
                  })
                }
              />
            )}
          </LoadState>
          {type !== null && (
            <>
              <TextInput
                aria-label={T.treeSearch}
                placeholder={byCategory ? 'Search categories' : 'Search themes'}
                leftSection={<IconSearch size={14} />}
                value={treeSearch}
                onChange={(e) => setTreeSearch(e.currentTarget.value)}
              />
              <LoadState result={tree.result} label="Loading the tree" reload={tree.reload}>
                {() => (
                  <CatalogTree
                    roots={roots}
                    search={treeSearch}
                    selected={ct}
                    onSelect={(id) => choose(() => setCt(id))}
                    label={byCategory ? 'Categories' : 'Themes'}
                  />
                )}
              </LoadState>
            </>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <Stack gap="xs">
          <TextInput
            aria-label={T.itemSearch}
            placeholder="Search items by name or number"
            leftSection={<IconSearch size={14} />}
            value={itemSearch}
            disabled={type === null}
            onChange={(e) => {
              const v = e.currentTarget.value;
              choose(() => setItemSearch(v));
            }}
          />
          <Group gap="xs">
            {onAdd && (
              <Button
                size="xs"
                disabled={!selected}
                onClick={() =>
                  selected &&
                  onAdd([
                    {
                      mold_id: selected.id,
                      colour_id: null,
                      name: selected.name,
                      image_url: selected.image_url,
                    },
                  ])
                }
              >
                {T.addItem}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              disabled={!selected}
              onClick={() => selected && explore(selected.id)}
            >
              {T.exploreItem}
            </Button>
            {selected && (
              <Text size="sm" c="dimmed">
                {selected.name}
              </Text>
            )}
          </Group>
          <MouldList
            result={list}
            page={page}
            size={CATALOG_ITEMS_PAGE}
            onPage={setPage}
            selected={selected?.id ?? null}
            onSelect={setSelected}
            onOpen={(m) => explore(m.id)}
          />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
