import { describe, expect, it } from 'vitest';
import { LocationRoute, nextStop, type LocationRouteRow, type RouteItem } from './location-route';

type LocationNode = LocationRouteRow & { location_id: number };

/** Warehouse > Hall 1 > (Rack A: bins A1, A2), (Rack B: bin B1); Hall 2 > bin C1. */
const NODES: LocationNode[] = [
  { location_id: 1, parent_id: null, name: 'Warehouse', code: 'WH', sort_order: 0 },
  { location_id: 3, parent_id: 1, name: 'Hall 2', code: 'H2', sort_order: 1 },
  { location_id: 2, parent_id: 1, name: 'Hall 1', code: 'H1', sort_order: 0 },
  { location_id: 4, parent_id: 2, name: 'Rack A', code: 'H1-A', sort_order: 0 },
  { location_id: 5, parent_id: 2, name: 'Rack B', code: 'H1-B', sort_order: 1 },
  { location_id: 11, parent_id: 4, name: 'Bin 2', code: 'H1-A2', sort_order: 1 },
  { location_id: 10, parent_id: 4, name: 'Bin 1', code: 'H1-A1', sort_order: 0 },
  { location_id: 12, parent_id: 5, name: 'Bin 1', code: 'H1-B1', sort_order: 0 },
  { location_id: 13, parent_id: 3, name: 'Bin 1', code: 'H2-C1', sort_order: 0 },
];
const route = new LocationRoute(NODES);

const item = (id: number, itemId: number, ordered: number, picked = 0) => ({
  id,
  item_id: itemId,
  quantity_ordered: ordered,
  quantity_picked: picked,
});

/** The route written the plain recursive way: the reference the shared module must agree with. */
function referenceOrder(nodes: readonly LocationNode[]): number[] {
  const kids = (parent: number | null) =>
    nodes
      .filter((n) => n.parent_id === parent)
      .sort((a, b) => a.sort_order - b.sort_order || a.code.localeCompare(b.code));
  const out: number[] = [];
  const walk = (n: LocationNode) => {
    out.push(n.location_id);
    kids(n.location_id).forEach(walk);
  };
  kids(null).forEach(walk);
  return out;
}

describe('LocationRoute', () => {
  it('walks the tree depth first, children by sort order', () => {
    const order = [1, 2, 4, 10, 11, 5, 12, 3, 13];
    expect([...order].sort((a, b) => route.routeRank(a) - route.routeRank(b))).toEqual(order);
    expect(route.crumb(11)).toBe('Warehouse > Hall 1 > Rack A > Bin 2');
    expect(route.routeRank(999)).toBe(Number.MAX_SAFE_INTEGER);
    expect(route.all().map((n) => n.location_id)).toEqual(order);
    expect(route.children.get(4)?.map((n) => n.location_id)).toEqual([10, 11]);
    expect(route.size).toBe(9);
  });

  it('gives the breadcrumb root to leaf, and nothing for an unknown location', () => {
    expect(route.breadcrumb(12)).toEqual([
      { location_id: 1, name: 'Warehouse', code: 'WH' },
      { location_id: 2, name: 'Hall 1', code: 'H1' },
      { location_id: 5, name: 'Rack B', code: 'H1-B' },
      { location_id: 12, name: 'Bin 1', code: 'H1-B1' },
    ]);
    expect(route.crumb(999)).toBe('');
    expect(route.has(999)).toBe(false);
  });

  it('ranks and names every location the same from device rows and server rows, on a shuffled random tree', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const nodes: LocationNode[] = [];
    for (let id = 1; id <= 200; id++) {
      const parent = id === 1 ? null : 1 + rnd(id - 1);
      nodes.push({
        location_id: id,
        parent_id: parent,
        name: `L${id}`,
        code: `C${rnd(50)}`,
        sort_order: rnd(3),
      });
    }
    const shuffled = [...nodes].sort(() => rnd(3) - 1);
    const device = new LocationRoute(shuffled);
    const server = new LocationRoute(
      shuffled.map(({ location_id, ...n }) => ({ ...n, id: location_id })),
    );
    const reference = referenceOrder(shuffled);
    expect(device.all().map((n) => n.location_id)).toEqual(reference);
    for (const n of nodes) {
      expect(device.routeRank(n.location_id)).toBe(reference.indexOf(n.location_id));
      expect(device.routeRank(n.location_id)).toBe(server.routeRank(n.location_id));
      expect(device.crumb(n.location_id)).toBe(server.crumb(n.location_id));
      expect(device.breadcrumb(n.location_id)).toEqual(server.breadcrumb(n.location_id));
    }
  });
});

describe('nextStop (GET /order/next, online and on the device)', () => {
  const items = [item(100, 7, 3), item(101, 8, 2), item(102, 9, 1)];
  const stock = [
    { location_id: 13, item_id: 7, quantity: 10 },
    { location_id: 11, item_id: 8, quantity: 5 },
    { location_id: 10, item_id: 9, quantity: 1 },
    { location_id: 11, item_id: 9, quantity: 4 },
  ];

  it('starts at the first location of the route holding an item still to pick', () => {
    const stop = nextStop({ items, stock, route })!;
    expect(stop.location_id).toBe(10);
    expect(stop.code).toBe('H1-A1');
    expect(stop.location_name).toBe('Warehouse > Hall 1 > Rack A > Bin 1');
    expect(stop.items.map((i) => [i.id, i.stock, i.to_pick])).toEqual([[102, 1, 1]]);
  });

  it('stays at the current location while it holds something, then moves on along the route', () => {
    expect(nextStop({ items, stock, route, from: 11 })!.items.map((i) => i.item_id)).toEqual([
      8, 9,
    ]);
    expect(nextStop({ items, stock, route, from: 12 })!.location_id).toBe(13);
  });

  it('wraps around to the start of the route', () => {
    const left = [item(100, 7, 3, 3), item(101, 8, 2), item(102, 9, 1)];
    expect(nextStop({ items: left, stock, route, from: 13 })!.location_id).toBe(10);
  });

  it('leaves out picked and skipped items and empty locations', () => {
    const picked = [item(100, 7, 3, 3), item(101, 8, 2), item(102, 9, 1)];
    const empty = stock.map((s) => (s.location_id === 10 ? { ...s, quantity: 0 } : s));
    const stop = nextStop({ items: picked, stock: empty, route, skipped: [8] })!;
    expect(stop.location_id).toBe(11);
    expect(stop.items.map((i) => i.item_id)).toEqual([9]);
  });

  it('answers null (done, the server 210) when nothing is left to pick', () => {
    expect(nextStop({ items, stock, route, skipped: [7, 8, 9] })).toBeNull();
    const done = items.map((i) => ({ ...i, quantity_picked: i.quantity_ordered }));
    expect(nextStop({ items: done, stock, route })).toBeNull();
    expect(nextStop({ items, stock: [], route })).toBeNull();
  });

  it('lists the items at a stop in the order given', () => {
    const plain: RouteItem[] = [
      { item_id: 9, quantity_ordered: 1, quantity_picked: 0 },
      { item_id: 8, quantity_ordered: 2, quantity_picked: 0 },
    ];
    expect(nextStop({ items: plain, stock, route, from: 11 })!.items.map((i) => i.item_id)).toEqual(
      [9, 8],
    );
  });
});
