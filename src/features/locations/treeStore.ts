import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LocationNode } from '../../../contract/locations';
import type { LocationContentResponse } from '../../../contract/orders';
import type { ItemSelection, NodeSelection } from './clipboard';

export type ContentRow = LocationContentResponse['results'][number];

/** Children shown at first under a node, and how many more each "Show more" adds. */
export const CHILDREN_WINDOW = 200;

/**
 * What the Warehouse Overview holds: only the nodes of the levels loaded so far (a level is
 * loaded when its parent is expanded), never the whole tree, so 50,000 locations cost nothing
 * until they are opened.
 */
export interface TreeState {
  rootId: number | null;
  nodes: Record<number, LocationNode>;
  /** Loaded child ids per parent, in the server's order. */
  children: Record<number, number[]>;
  content: Record<number, ContentRow[]>;
  expanded: Record<number, boolean>;
  loading: Record<number, boolean>;
  /** How many children are rendered per parent (windowing of long lists). */
  shown: Record<number, number>;
  highlighted: number | null;
  editing: boolean;
  nodeSelection: NodeSelection | null;
  itemSelection: ItemSelection | null;
}

export type TreeStore = StoreApi<TreeState>;

export function createTreeStore(): TreeStore {
  return createStore<TreeState>()(() => ({
    rootId: null,
    nodes: {},
    children: {},
    content: {},
    expanded: {},
    loading: {},
    shown: {},
    highlighted: null,
    editing: false,
    nodeSelection: null,
    itemSelection: null,
  }));
}

/** Store a loaded level: the children of `parentId` replace what was known of them. */
export function putChildren(store: TreeStore, parentId: number, list: LocationNode[]): void {
  store.setState((s) => {
    const nodes = { ...s.nodes };
    for (const node of list) nodes[node.location_id] = node;
    const parent = nodes[parentId];
    if (parent && parent.has_children !== list.length > 0) {
      nodes[parentId] = { ...parent, has_children: list.length > 0 };
    }
    return {
      nodes,
      children: { ...s.children, [parentId]: list.map((n) => n.location_id) },
      loading: { ...s.loading, [parentId]: false },
    };
  });
}

export function putContent(store: TreeStore, locationId: number, rows: ContentRow[]): void {
  store.setState((s) => {
    const node = s.nodes[locationId];
    const nodes =
      node && node.has_content !== rows.length > 0
        ? { ...s.nodes, [locationId]: { ...node, has_content: rows.length > 0 } }
        : s.nodes;
    return { nodes, content: { ...s.content, [locationId]: rows } };
  });
}

/** Ids from the root down to `id` among the loaded nodes. */
export function pathTo(state: TreeState, id: number): number[] {
  const path: number[] = [];
  let current: number | null = id;
  while (current !== null && state.nodes[current] && path.length < 10_000) {
    path.unshift(current);
    current = state.nodes[current].parent_id;
  }
  return path;
}

/** The expanded nodes inside `id`'s subtree (itself included), for reloading after a change. */
export function expandedWithin(state: TreeState, id: number): number[] {
  const out: number[] = [];
  const stack = [id];
  while (stack.length) {
    const current = stack.pop()!;
    if (!state.expanded[current]) continue;
    out.push(current);
    stack.push(...(state.children[current] ?? []));
  }
  return out;
}

export const TreeContext = createContext<TreeStore | null>(null);

export function useTreeStore(): TreeStore {
  const store = useContext(TreeContext);
  if (!store) throw new Error('useTree outside the Warehouse Overview');
  return store;
}

export function useTree<T>(select: (s: TreeState) => T): T {
  return useStore(useTreeStore(), select);
}
