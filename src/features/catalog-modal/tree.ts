import type { TreeNode } from '../../../contract/catalog';

/** A theme or category with the nodes below it, by name. */
export interface Branch {
  node: TreeNode;
  children: Branch[];
}

/** The forest of the nodes (a node whose parent is missing is a root). */
export function buildTree(nodes: readonly TreeNode[]): Branch[] {
  const byId = new Map(nodes.map((n) => [n.id, { node: n, children: [] as Branch[] }]));
  const roots: Branch[] = [];
  for (const b of byId.values()) {
    const parent = b.node.parent_id === null ? undefined : byId.get(b.node.parent_id);
    if (parent && parent !== b) parent.children.push(b);
    else roots.push(b);
  }
  const sort = (list: Branch[]) => {
    list.sort((a, b) => a.node.name.localeCompare(b.node.name));
    for (const b of list) sort(b.children);
    return list;
  };
  return sort(roots);
}

/**
 * The branches whose name holds the text (any case), with their ancestors (to reach them) and
 * everything below them; `open` gets every ancestor of a match so the matches show.
 */
export function filterTree(
  roots: readonly Branch[],
  text: string,
): { roots: Branch[]; open: Set<number> } {
  const needle = text.trim().toLowerCase();
  const open = new Set<number>();
  if (!needle) return { roots: [...roots], open };
  const walk = (b: Branch): Branch | undefined => {
    if (b.node.name.toLowerCase().includes(needle)) return b;
    const kept = b.children.map(walk).filter((c): c is Branch => c !== undefined);
    if (kept.length === 0) return undefined;
    open.add(b.node.id);
    return { node: b.node, children: kept };
  };
  return { roots: roots.map(walk).filter((b): b is Branch => b !== undefined), open };
}
