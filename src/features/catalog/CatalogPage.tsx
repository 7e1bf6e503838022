import { Card, SimpleGrid, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  CATALOG_PAGE_SIZE,
  CATALOG_TAB_LABELS,
  CatalogTabs,
  type CatalogRef,
  type CatalogTab,
} from '../../../contract/catalog';
import { browseCatalog, catalogCounts, type Page } from './api';
import { CatalogFilters, type Filters } from './CatalogFilters';
import { CatalogTable } from './CatalogTable';
import { DeviceCatalogResults } from './DeviceCatalogResults';
import { LoadState } from './LoadState';
import { Pager } from './Pager';
import { useLoad } from './useLoad';

type NumberParam = 'category_id' | 'theme_id' | 'year' | 'page';

/** The overview's counts, or a page of rows. */
type Shown =
  { counts: Record<CatalogTab, number>; list: null } | { counts: null; list: Page<CatalogRef> };

/** The browser's state lives in the address (tab, search, filters, page), so Back returns to it. */
function readParams(params: URLSearchParams) {
  const tabParam = params.get('tab') as CatalogTab | null;
  const tab: CatalogTab = tabParam && CatalogTabs.includes(tabParam) ? tabParam : 'overview';
  const n = (k: NumberParam) => {
    const v = Number(params.get(k));
    return params.get(k) && Number.isInteger(v) && v >= 0 ? v : undefined;
  };
  return {
    tab,
    search: params.get('search') ?? '',
    category_id: n('category_id'),
    theme_id: n('theme_id'),
    year: n('year'),
    page: n('page') ?? 0,
  };
}

/**
 * BrickBase Catalog (docs/catalog.md): tabs Overview, Parts, Minifigures, Sets, Books, Catalogs,
 * Instructions and Boxes; search by name or id, filters, 25 rows a page with 5 page links. The
 * overview counts each tab, and searches parts, minifigs and sets together. When the server
 * cannot be reached the search runs on the device's copy of the catalog (docs/catalog-offline.md).
 */
export default function CatalogPage() {
  const [params, setParams] = useSearchParams();
  const state = readParams(params);
  const { tab, search, category_id, theme_id, year, page } = state;

  const update = useCallback(
    (change: Partial<Filters & { tab: CatalogTab; page: number }>) => {
      setParams(
        (current) => {
          const next = { ...readParams(current), page: 0, ...change };
          const out = new URLSearchParams();
          for (const [k, v] of Object.entries(next)) {
            if (v !== undefined && v !== '' && !(k === 'page' && v === 0)) out.set(k, String(v));
          }
          return out;
        },
        { replace: change.page === undefined },
      );
    },
    [setParams],
  );
  const onSearch = useCallback((s: string) => update({ search: s }), [update]);

  const showCounts = tab === 'overview' && !search;
  const load = useCallback(
    (): Promise<Shown> =>
      showCounts
        ? catalogCounts().then((counts) => ({ counts, list: null }))
        : browseCatalog({
            tab,
            search: search || undefined,
            category_id,
            theme_id,
            year,
            page,
            size: CATALOG_PAGE_SIZE,
          }).then((list) => ({ counts: null, list })),
    [showCounts, tab, search, category_id, theme_id, year, page],
  );
  const { result, reload } = useLoad(load);

  return (
    <Stack gap="md">
      <Title order={2}>BrickBase Catalog</Title>
      <Tabs
        value={tab}
        onChange={(v) =>
          v && update({ tab: v as CatalogTab, category_id: undefined, theme_id: undefined })
        }
      >
        <Tabs.List>
          {CatalogTabs.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {CATALOG_TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <CatalogFilters
        tab={tab}
        filters={{ search, category_id, theme_id, year }}
        onSearch={onSearch}
        onChange={update}
      />
      <LoadState
        result={result}
        label="Loading the catalog"
        reload={reload}
        offline={() => (
          <DeviceCatalogResults
            query={{
              tab,
              search,
              page,
              filtered: [category_id, theme_id, year].some((v) => v !== undefined),
            }}
            onPage={(p) => update({ page: p })}
            reload={reload}
          />
        )}
      >
        {({ counts, list }) =>
          counts ? (
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {CatalogTabs.filter((t) => t !== 'overview').map((t) => (
                <UnstyledButton key={t} onClick={() => update({ tab: t })}>
                  <Card withBorder padding="md">
                    <Text size="sm" c="dimmed">
                      {CATALOG_TAB_LABELS[t]}
                    </Text>
                    <Text size="xl" fw={700}>
                      {counts[t].toLocaleString('nl-NL')}
                    </Text>
                  </Card>
                </UnstyledButton>
              ))}
            </SimpleGrid>
          ) : list && list.results.length === 0 ? (
            <Text>There are no items</Text>
          ) : list ? (
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {list.count.toLocaleString('nl-NL')} found
              </Text>
              <CatalogTable rows={list.results} showType={tab === 'overview'} />
              <Pager
                page={page}
                count={list.count}
                size={CATALOG_PAGE_SIZE}
                onChange={(p) => update({ page: p })}
              />
            </Stack>
          ) : null
        }
      </LoadState>
    </Stack>
  );
}
