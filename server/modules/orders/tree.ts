import type { Kysely } from 'kysely';
import { BREADCRUMB_SEPARATOR } from '../../../contract/orders';
import type { Database } from '../../db/schema';

interface Node {
  id: number;
  parent_id: number | null;
  name: string;
  code: string;
  sort_order: number;
}

/**
 * A company's location tree in memory: breadcrumbs and the walking route. The route is the
 * depth-first order of the tree (children by sort_order, then code), so a picker visiting
 * locations in route order walks hall by hall, aisle by aisle, rack by rack.
 */
export class LocationTree {
  private readonly byId = new Map<number, Node>();
  private readonly rank = new Map<number, number>();

  constructor(nodes: Node[]) {
    const children = new Map<number | null, Node[]>();
    for (const n of nodes) {
      this.byId.set(n.id, n);
      const list = children.get(n.parent_id) ?? [];
      list.push(n);
      children.set(n.parent_id, list);
    }
    for (const list of children.values()) {
      list.sort((a, b) => a.sort_order - b.sort_order || a.code.localeCompare(b.code));
    }
    // Iterative depth-first walk (a deep tree must not overflow the stack).
    const stack = [...(children.get(null) ?? [])].reverse();
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (this.rank.has(n.id)) continue;
      this.rank.set(n.id, this.rank.size);
      const kids = children.get(n.id) ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  get(id: number): Node | undefined {
    return this.byId.get(id);
  }

  /** Root to leaf. */
  path(id: number): Node[] {
    const out: Node[] = [];
    const seen = new Set<number>();
    let n = this.byId.get(id);
    while (n && !seen.has(n.id)) {
      seen.add(n.id);
      out.unshift(n);
      n = n.parent_id === null ? undefined : this.byId.get(n.parent_id);
    }
    return out;
  }

  crumb(id: number): string {
    return this.path(id)
      .map((n) => n.name)
      .join(BREADCRUMB_SEPARATOR);
  }

  /** Position on the walking route (unknown locations go last). */
  routeRank(id: number): number {
    return this.rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  }
}

export async function loadTree(db: Kysely<Database>, companyId: number): Promise<LocationTree> {
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'parent_id', 'name', 'code', 'sort_order'])
    .where('company_id', '=', companyId)
    .execute();
  return new LocationTree(rows);
}
