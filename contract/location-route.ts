import { BREADCRUMB_SEPARATOR } from './orders';
import type { PathStep } from './shapes';

/**
 * The picking route through the warehouse, shared by the server (GET /order/next, breadcrumbs)
 * and the device (the picker and filler offline), so both walk the same route. Plain rows in,
 * plain answers out: no DOM, no Node, no database.
 */

/** The fields of a location the route needs. */
interface LocationFields {
  parent_id: number | null;
  name: string;
  code: string;
  sort_order: number;
}

/**
 * A location row: the device's pulled rows carry `location_id`, the server's table rows `id`
 * (when a row has both, `location_id` counts).
 */
export type LocationRouteRow = LocationFields & ({ location_id: number } | { id: number });

/** The location's id, whichever way the row names it. */
export function locationIdOf(row: LocationRouteRow): number {
  return 'location_id' in row && typeof row.location_id === 'number'
    ? row.location_id
    : (row as { id: number }).id;
}

/**
 * A company's location tree in memory: breadcrumbs and the walking route. The route is the
 * depth-first order of the tree (children by sort_order, then code), so a picker visiting
 * locations in route order walks hall by hall, aisle by aisle, rack by rack.
 */
export class LocationRoute<T extends LocationRouteRow = LocationRouteRow> {
  private readonly byId = new Map<number, T>();
  private readonly rank = new Map<number, number>();
  private readonly kids = new Map<number | null, T[]>();

  constructor(rows: readonly T[]) {
    for (const n of rows) {
      this.byId.set(locationIdOf(n), n);
      const list = this.kids.get(n.parent_id ?? null) ?? [];
      list.push(n);
      this.kids.set(n.parent_id ?? null, list);
    }
    for (const list of this.kids.values()) {
      list.sort((a, b) => a.sort_order - b.sort_order || a.code.localeCompare(b.code));
    }
    // Iterative depth-first walk (a deep tree must not overflow the stack).
    const stack = [...(this.kids.get(null) ?? [])].reverse();
    while (stack.length > 0) {
      const n = stack.pop()!;
      const id = locationIdOf(n);
      if (this.rank.has(id)) continue;
      this.rank.set(id, this.rank.size);
      const kids = this.kids.get(id) ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  }

  /** The children of each location (null: the roots), in route order. */
  get children(): ReadonlyMap<number | null, readonly T[]> {
    return this.kids;
  }

  get size(): number {
    return this.byId.size;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  get(id: number): T | undefined {
    return this.byId.get(id);
  }

  /** Every location, in the order the rows came. */
  rows(): IterableIterator<T> {
    return this.byId.values();
  }

  /** Every location, in route order (locations off the tree last). */
  all(): T[] {
    return [...this.byId.values()].sort(
      (a, b) => this.routeRank(locationIdOf(a)) - this.routeRank(locationIdOf(b)),
    );
  }

  /** Root to leaf. */
  path(id: number): T[] {
    const out: T[] = [];
    const seen = new Set<number>();
    let n = this.byId.get(id);
    while (n && !seen.has(locationIdOf(n))) {
      seen.add(locationIdOf(n));
      out.unshift(n);
      n = n.parent_id == null ? undefined : this.byId.get(n.parent_id);
    }
    return out;
  }

  /** The breadcrumb as one text, e.g. `Warehouse > Hall 1 > Rack A`. */
  crumb(id: number): string {
    return this.path(id)
      .map((n) => n.name)
      .join(BREADCRUMB_SEPARATOR);
  }

  /** The breadcrumb as its locations, root to leaf. */
  breadcrumb(id: number): PathStep[] {
    return this.path(id).map((n) => ({ location_id: locationIdOf(n), name: n.name, code: n.code }));
  }

  /** Position on the walking route (unknown locations go last). */
  routeRank(id: number): number {
    return this.rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  }

  /** Sorts location ids along the route. */
  readonly byRoute = (a: number, b: number): number => this.routeRank(a) - this.routeRank(b);
}

/** An order item still to pick (or not): the item variant and its quantities. */
export interface RouteItem {
  item_id: number;
  quantity_ordered: number;
  quantity_picked: number;
}

/** Stock of an item at a location. */
export interface RouteStock {
  location_id: number;
  item_id: number;
  quantity: number;
}

export type StopItem<T extends RouteItem> = T & { stock: number; to_pick: number };

/** The next location on the route and what to pick there (GET /order/next). */
export interface Stop<T extends RouteItem = RouteItem> {
  location_id: number;
  location_name: string;
  code: string;
  items: StopItem<T>[];
}

export interface NextStopInput<T extends RouteItem> {
  /** The order's items, in the order the stop lists them. */
  items: readonly T[];
  stock: readonly RouteStock[];
  route: LocationRoute;
  /** The picker's current location; the route continues from there and wraps around. */
  from?: number | null;
  /** Item ids (item variants) the picker skipped. */
  skipped?: Iterable<number>;
}

/**
 * The next location along the route that holds an item of the order still to pick, starting at
 * `from` (inclusive) and wrapping around to the start; skipped items and empty stock are left
 * out. null when nothing is left: picking is finished (the server answers 210).
 */
export function nextStop<T extends RouteItem>(input: NextStopInput<T>): Stop<T> | null {
  const skipped = new Set(input.skipped ?? []);
  const items = input.items.filter(
    (i) => i.quantity_ordered > i.quantity_picked && !skipped.has(i.item_id),
  );
  const wanted = new Set(items.map((i) => i.item_id));
  const stock = input.stock.filter((s) => s.quantity > 0 && wanted.has(s.item_id));
  if (stock.length === 0) return null;
  const { route } = input;
  const stops = [...new Set(stock.map((s) => s.location_id))].sort(
    (a, b) => route.byRoute(a, b) || a - b,
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
