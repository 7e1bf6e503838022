import { HTTPError } from 'ky';
import { notifyError, notifySuccess, showApiError } from '../../ui/notify';
import * as calls from './api';
import { NO_ITEM_SELECTED, planPaste, type ItemSelection } from './clipboard';
import { TREE_QUANTITY_MAX } from './quantity';
import {
  CHILDREN_WINDOW,
  expandedWithin,
  pathTo,
  putChildren,
  putContent,
  type TreeStore,
} from './treeStore';

/** Runs a call; a failure is shown with the general error text (showApiError) and answers false. */
async function attempt(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    await showApiError(error);
    return false;
  }
}

export async function loadLevel(store: TreeStore, id: number): Promise<void> {
  store.setState((s) => ({ loading: { ...s.loading, [id]: true } }));
  const ok = await attempt(async () => {
    const [children, content] = await Promise.all([
      calls.fetchChildren(id),
      calls.fetchContent(id),
    ]);
    putChildren(store, id, children.results);
    putContent(store, id, content.results);
  });
  if (!ok) store.setState((s) => ({ loading: { ...s.loading, [id]: false } }));
}

export async function expand(store: TreeStore, id: number): Promise<void> {
  store.setState((s) => ({ expanded: { ...s.expanded, [id]: true } }));
  if (!store.getState().children[id]) await loadLevel(store, id);
}

export function collapse(store: TreeStore, id: number): void {
  store.setState((s) => ({ expanded: { ...s.expanded, [id]: false } }));
}

export function showMore(store: TreeStore, id: number): void {
  store.setState((s) => ({
    shown: { ...s.shown, [id]: (s.shown[id] ?? CHILDREN_WINDOW) + CHILDREN_WINDOW },
  }));
}

/** Reload the levels below `id` that are open (after a change there). */
async function refreshWithin(store: TreeStore, id: number): Promise<void> {
  const open = expandedWithin(store.getState(), id);
  await Promise.all(open.map((n) => loadLevel(store, n)));
}

/** Reload what lies at a location (after a change of its items). */
async function reloadContent(store: TreeStore, locationId: number): Promise<void> {
  putContent(store, locationId, (await calls.fetchContent(locationId)).results);
}

/** Runs a change of a location's items, then reloads what lies there; false when it failed. */
function changeItems(store: TreeStore, locationId: number, change: () => Promise<unknown>) {
  return attempt(async () => {
    await change();
    await reloadContent(store, locationId);
  });
}

/** Reload a node's own row (it lives in its parent's level). */
async function refreshRow(store: TreeStore, id: number): Promise<void> {
  const parent = store.getState().nodes[id]?.parent_id;
  if (parent === null || parent === undefined) {
    const root = await calls.fetchLocation(id);
    store.setState((s) => ({ nodes: { ...s.nodes, [id]: root } }));
  } else {
    putChildren(store, parent, (await calls.fetchChildren(parent)).results);
  }
}

/**
 * Open the tree at `target` (or at the root): the node's ancestors are expanded, the node itself
 * too, and it is highlighted. The path comes from one GET /v1/location.
 */
export async function reveal(store: TreeStore, target: number | null): Promise<void> {
  let detail: Awaited<ReturnType<typeof calls.fetchLocation>>;
  try {
    detail = await calls.fetchLocation(target);
  } catch (error) {
    // /location/1 is the demo company's root; another company's root has another id.
    if (target !== null && error instanceof HTTPError && error.response.status === 404) {
      if (target !== 1) notifyError(`Location ${target} was not found; showing the whole tree.`);
      return reveal(store, null);
    }
    await showApiError(error);
    return;
  }
  const path = detail.path.map((p) => p.location_id);
  const rootId = path[0] ?? detail.location_id;
  if (rootId === detail.location_id) {
    store.setState((s) => ({ nodes: { ...s.nodes, [rootId]: detail } }));
  } else {
    const root = await calls.fetchLocation(rootId).catch(() => null);
    if (root) store.setState((s) => ({ nodes: { ...s.nodes, [rootId]: root } }));
  }
  store.setState({ rootId, highlighted: target === null ? null : detail.location_id });
  for (const id of path.length ? path : [rootId]) await expand(store, id);
}

export async function rename(store: TreeStore, id: number, name: string): Promise<boolean> {
  return attempt(async () => {
    await calls.renameLocation(id, name);
    await refreshRow(store, id);
  });
}

export async function addChild(store: TreeStore, id: number): Promise<void> {
  await attempt(async () => {
    await calls.createLocation(id);
    store.setState((s) => ({ expanded: { ...s.expanded, [id]: true } }));
    await loadLevel(store, id);
  });
}

export async function paste(store: TreeStore, targetId: number): Promise<void> {
  const state = store.getState();
  const plan = planPaste(state.nodeSelection, targetId, pathTo(state, targetId));
  if (!plan.ok) {
    notifyError(plan.message);
    return;
  }
  const oldParent = state.nodes[plan.sourceId]?.parent_id ?? null;
  await attempt(async () => {
    if (plan.mode === 'copy') await calls.copyLocation(plan.sourceId, targetId);
    else await calls.moveLocation(plan.sourceId, targetId);
    store.setState((s) => ({
      nodeSelection: plan.after,
      expanded: { ...s.expanded, [targetId]: true },
    }));
    if (oldParent !== null && store.getState().children[oldParent] && oldParent !== targetId) {
      await loadLevel(store, oldParent);
    }
    await loadLevel(store, targetId);
  });
}

export async function remove(store: TreeStore, id: number): Promise<void> {
  const parent = store.getState().nodes[id]?.parent_id;
  const ok = await attempt(async () => {
    await calls.deleteLocation(id);
    if (parent !== null && parent !== undefined) await loadLevel(store, parent);
  });
  if (ok && store.getState().nodeSelection?.locationId === id) {
    store.setState({ nodeSelection: null });
  }
}

export async function toggleNewItems(store: TreeStore, id: number, selected: boolean) {
  // Shown at once; the server's answer (and the inherited flags below) follow.
  const before = store.getState().nodes[id];
  if (before) {
    const flag = selected ? 1 : 0;
    store.setState((s) => ({
      nodes: { ...s.nodes, [id]: { ...before, is_selected_new_location: flag } },
    }));
  }
  const ok = await attempt(async () => {
    await calls.setNewItems(id, selected);
    await refreshRow(store, id);
    await refreshWithin(store, id);
  });
  if (!ok && before) store.setState((s) => ({ nodes: { ...s.nodes, [id]: before } }));
}

export async function setQuantity(
  store: TreeStore,
  locationId: number,
  itemId: number,
  quantity: number,
) {
  return changeItems(store, locationId, () => calls.setQuantity(locationId, itemId, quantity));
}

export async function removeItem(
  store: TreeStore,
  locationId: number,
  itemId: number,
  colourId: number,
) {
  await changeItems(store, locationId, () => calls.deleteContent(locationId, itemId, colourId));
}

export function cutItem(store: TreeStore, selection: ItemSelection): void {
  store.setState({ itemSelection: selection });
  notifySuccess(`${selection.label} is ready to be pasted into another location.`);
}

export async function pasteItem(store: TreeStore, intoId: number): Promise<void> {
  const selection = store.getState().itemSelection;
  if (!selection) {
    notifyError(NO_ITEM_SELECTED);
    return;
  }
  const ok = await attempt(async () => {
    await calls.moveContent(selection.itemId, selection.fromLocationId, intoId);
    store.setState((s) => ({ itemSelection: null, expanded: { ...s.expanded, [intoId]: true } }));
    await reloadContent(store, selection.fromLocationId);
    await reloadContent(store, intoId);
  });
  if (ok && !store.getState().children[intoId]) await loadLevel(store, intoId);
}

/** Add one piece of an item: quantity 1 when new, one more when already there (at most 100). */
export async function addItem(store: TreeStore, locationId: number, itemId: number) {
  return attempt(async () => {
    const rows = (await calls.fetchContent(locationId)).results;
    const current = rows.find((r) => r.item_id === itemId)?.quantity ?? 0;
    await calls.setQuantity(locationId, itemId, Math.min(current + 1, TREE_QUANTITY_MAX));
    store.setState((s) => ({ expanded: { ...s.expanded, [locationId]: true } }));
    await loadLevel(store, locationId);
  });
}
