import { BREADCRUMB_SEPARATOR } from '../../../contract/orders';

/** A location as pulled into the device (collection `locations`). */
export interface LocationNode {
  location_id: number;
  parent_id: number | null;
  name: string;
  code: string;
  sort_order: number;
}

/** An order item as pulled (collection `order_items`; `id` is the order item's id). */
export interface RouteItem {
  id: number;
  item_id: number;
  quantity_ordered: number;
  quantity_picked: number;
}

/** Stock of an item at a location (collection `location_content`). */
export interface StockRow {
  location_id: number;
  item_id: number;
  quantity: number;
}

export type StopItem<T extends RouteItem> = T & { stock: number; to_pick: number };

/** The next location on the route and what to pick there (the local /order/next). */
export interface Stop<T extends RouteItem = RouteItem> {
  location_id: number;
  location_name: string;
  code: string;
  items: StopItem<T>[];
}

/**
 * The location tree on the device: breadcrumbs and the walking route, built exactly as the
 * server's LocationTree (depth-first, children by sort_order then code), so the device walks the
 * same route offline as GET /order/next would answer online.
 */
export class LocationRoute {
  private readonly byId = new Map<number, LocationNode>();
  private readonly rank = new Map<number, number>();

  constructor(nodes: readonly LocationNode[]) {
    const children = new Map<number | null, LocationNode[]>();
    for (const n of nodes) {
      this.byId.set(n.location_id, n);
      const list = children.get(n.parent_id ?? null) ?? [];
      list.push(n);
      children.set(n.parent_id ?? null, list);
    }
    for (const list of children.values()) {
      list.sort((a, b) => a.sort_order - b.sort_order || a.code.localeCompare(b.code));
    }
    const stack = [...(children.get(null) ?? [])].reverse();
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (this.rank.has(n.location_id)) continue;
      this.rank.set(n.location_id, this.rank.size);
      const kids = children.get(n.location_id) ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }

  get(id: number): LocationNode | undefined {
    return this.byId.get(id);
  }

  /** Root to leaf. */
  path(id: number): LocationNode[] {
    const out: LocationNode[] = [];
    const seen = new Set<number>();
    let n = this.byId.get(id);
    while (n && !seen.has(n.location_id)) {
      seen.add(n.location_id);
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

export interface NextStopInput<T extends RouteItem> {
  items: readonly T[];
  stock: readonly StockRow[];
  route: LocationRoute;
  /** The picker's current location; the route continues from there and wraps around. */
  from?: number | null;
  /** Item ids (item variants) the picker skipped. */
  skipped?: Iterable<number>;
}

/**
 * The next location along the route that holds an item of the order still to pick, starting at
 * `from` (inclusive) and wrapping around to the start; skipped items are left out. null when
 * nothing is left: picking is finished (the server's 210). Same rule as server/modules/orders/next.
 */
export function nextStop<T extends RouteItem>(input: NextStopInput<T>): Stop<T> | null {
  const skipped = new Set(input.skipped ?? []);
  const items = [...input.items]
    .sort((a, b) => a.id - b.id)
    .filter((i) => i.quantity_ordered > i.quantity_picked && !skipped.has(i.item_id));
  const wanted = new Set(items.map((i) => i.item_id));
  const stock = input.stock.filter((s) => s.quantity > 0 && wanted.has(s.item_id));
  if (stock.length === 0) return null;
  const { route } = input;
  const stops = [...new Set(stock.map((s) => s.location_id))].sort(
    (a, b) => route.routeRank(a) - route.routeRank(b) || a - b,
  );
  const from = input.from != null ? route.routeRank(input.from) : -1;
  const stop = stops.find((id) => route.routeRank(id) >= from) ?? stops[0];
  const here = new Map(stock.filter((s) => s.location_id === stop).map((s) => [s.item_id, s]));
  return {
    location_id: stop,
    location_name: route.crumb(stop),
    code: route.get(stop)?.code ?? '',
    items: items
      .filter((i) => here.has(i.item_id))
      .map((i) => ({
        ...i,
        stock: here.get(i.item_id)!.quantity,
        to_pick: i.quantity_ordered - i.quantity_picked,
      })),
  };
}
