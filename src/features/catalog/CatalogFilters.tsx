import { Group, NumberInput, Select, TextInput } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CatalogTab, TreeNode } from '../../../contract/catalog';
import { fetchCategories, fetchThemes } from './api';

export interface Filters {
  search: string;
  category_id?: number;
  theme_id?: number;
  year?: number;
}

/** Tree nodes as select options, each under its parent ("City / Police"). */
export function treeOptions(nodes: TreeNode[]): { value: string; label: string }[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const path = (n: TreeNode): string => {
    const parent = n.parent_id === null ? undefined : byId.get(n.parent_id);
    return parent && parent.id !== n.id ? `${path(parent)} / ${n.name}` : n.name;
  };
  return nodes
    .map((n) => ({ value: String(n.id), label: path(n) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

function useTree(kind: 'themes' | 'categories') {
  const [nodes, setNodes] = useState<TreeNode[]>([]);
  const load = useCallback(() => (kind === 'themes' ? fetchThemes() : fetchCategories()), [kind]);
  useEffect(() => {
    let live = true;
    load().then(
      (page) => live && setNodes(page.results),
      () => undefined, // the filter stays empty; the list itself tells a failure
    );
    return () => {
      live = false;
    };
  }, [load]);
  return useMemo(() => treeOptions(nodes), [nodes]);
}

/**
 * Search (name or id) and the filters of the catalog browser: parts by category, the other tabs
 * by theme, and a year.
 */
export function CatalogFilters({
  tab,
  filters,
  onSearch,
  onChange,
}: {
  tab: CatalogTab;
  filters: Filters;
  onSearch: (search: string) => void;
  onChange: (change: Partial<Filters>) => void;
}) {
  const [text, setText] = useState(filters.search);
  const themes = useTree('themes');
  const categories = useTree('categories');
  useEffect(() => setText(filters.search), [filters.search]);
  // Searches as the user types, once they pause.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim() !== filters.search) onSearch(text.trim());
    }, 300);
    return () => clearTimeout(timer);
  }, [text, filters.search, onSearch]);
  const parts = tab === 'parts';
  return (
    <Group align="end" gap="sm">
      <TextInput
        label="Search"
        placeholder="Name or id"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text.trim());
        }}
        w={260}
      />
      {tab !== 'overview' && (
        <Select
          label={parts ? 'Category' : 'Theme'}
          placeholder="All"
          searchable
          clearable
          data={parts ? categories : themes}
          value={
            parts
              ? filters.category_id === undefined
                ? null
                : String(filters.category_id)
              : filters.theme_id === undefined
                ? null
                : String(filters.theme_id)
          }
          onChange={(v) =>
            onChange(
              parts
                ? { category_id: v ? Number(v) : undefined }
                : { theme_id: v ? Number(v) : undefined },
            )
          }
          w={240}
        />
      )}
      {tab !== 'overview' && (
        <NumberInput
          label="Year"
          placeholder="Any"
          min={1900}
          max={2100}
          allowDecimal={false}
          value={filters.year ?? ''}
          onChange={(v) => {
            const year = typeof v === 'number' ? v : undefined;
            if (year === undefined || (year >= 1900 && year <= 2100)) onChange({ year });
          }}
          w={110}
        />
      )}
    </Group>
  );
}
