import { locationIdOf, type LocationRoute } from './location-route';
import type { FillLocation } from './warehouse';

/**
 * Where new bricks go: locations marked "new items" (is_selected_new_location = 1) and every
 * location below them. One rule for the server (the Fill tray screen's list, Add bricks) and the
 * device (the Fill tray screen offline), on a route that holds the locations concerned.
 */

/** True when the location or one of its ancestors is marked for new items. */
export function underNewItems(
  route: LocationRoute,
  flagged: ReadonlySet<number>,
  id: number,
): boolean {
  return route.path(id).some((n) => flagged.has(locationIdOf(n)));
}

/**
 * The locations the Fill tray screen offers for a tray's item: those holding it (route order,
 * with their stock), then the new-items locations (`newItems`: the marked ones and their
 * subtrees) that do not hold it yet, in route order, at most `maxNew` of them.
 */
export function fillLocations(
  route: LocationRoute,
  newItems: ReadonlySet<number>,
  stock: readonly { location_id: number; quantity: number }[],
  maxNew: number,
): FillLocation[] {
  const place = (location_id: number, quantity: number): FillLocation => ({
    location_id,
    location_name: route.crumb(location_id),
    code: route.get(location_id)?.code ?? '',
    breadcrumb: route.breadcrumb(location_id),
    quantity,
    is_new_items_location: newItems.has(location_id),
  });
  const here = new Map<number, number>();
  for (const s of stock) here.set(s.location_id, (here.get(s.location_id) ?? 0) + s.quantity);
  const holding = [...here.entries()]
    .filter(([, q]) => q > 0)
    .sort(([a], [b]) => route.byRoute(a, b));
  const held = new Set(holding.map(([id]) => id));
  return [
    ...holding.map(([id, q]) => place(id, q)),
    ...[...newItems]
      .filter((id) => !held.has(id))
      .sort(route.byRoute)
      .slice(0, maxNew)
      .map((id) => place(id, 0)),
  ];
}

/**
 * Where Add bricks puts an item when no location is given: the first location in route order
 * that holds the item inside a new-items location; otherwise the first marked location.
 * undefined when no location is marked.
 */
export function newItemsLocation(
  route: LocationRoute,
  flagged: ReadonlySet<number>,
  holding: readonly number[],
): number | undefined {
  const inNewItems = holding.filter((id) => underNewItems(route, flagged, id)).sort(route.byRoute);
  return inNewItems[0] ?? [...flagged].sort(route.byRoute)[0];
}
