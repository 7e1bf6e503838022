import { LocationRoute, type RouteStock } from '../../../contract/location-route';
import { fillLocations, underNewItems } from '../../../contract/new-items';
import type { FillLocation } from '../../../contract/warehouse';
import type { LocalLocation } from '../../offline';
import { codesMatch, normalizeCode } from '../../scan/normalize';

/** A location as pulled into the device (collection `locations`). */
export type LocationRow = LocalLocation;

/** Stock of an item at a location (collection `location_content`). */
export type StockRow = RouteStock;

/**
 * The location tree on the device: breadcrumbs and the walking route (contract/location-route.ts,
 * the same route the server walks), and the location a scanned code names.
 */
export class LocationTree extends LocationRoute<LocationRow> {
  /** The location whose code this scan is (codes compared as the scanner normalizes them). */
  byCode(code: string): LocationRow | undefined {
    for (const n of this.rows()) if (codesMatch(code, n.code)) return n;
    return undefined;
  }
}

/**
 * Where a tray's item may go (the local GET /v1/warehouse/tray): the locations that hold the item,
 * in route order, then the locations for new items (the marked ones and their subtrees) that do not
 * hold it yet. The rule is contract/new-items.ts, which the server's Fill tray screen uses too.
 */
export function fillCandidates(
  tree: LocationTree,
  stock: readonly StockRow[],
  itemId: number | null,
  maxNew = 1000,
): FillLocation[] {
  const flagged = new Set(
    tree
      .all()
      .filter((l) => Number(l.is_selected_new_location) === 1)
      .map((l) => l.location_id),
  );
  const newIds = new Set(
    flagged.size === 0
      ? []
      : tree
          .all()
          .map((l) => l.location_id)
          .filter((id) => underNewItems(tree, flagged, id)),
  );
  const itemStock = itemId === null ? [] : stock.filter((s) => s.item_id === itemId);
  return fillLocations(tree, newIds, itemStock, maxNew);
}

/** The candidate a scanned code names, or null (unknown code, or a location not on the list). */
export function matchScannedLocation(
  code: string,
  candidates: readonly FillLocation[],
): FillLocation | null {
  return candidates.find((c) => codesMatch(code, c.code)) ?? null;
}

/** What the filler is told when a scanned code is not one of the tray's locations. */
export function unknownLocationMessage(code: string): string {
  return `The scanned code ${code} is not one of the locations for this tray.`;
}

const MAX_MATCHES = 50;

/** Locations whose code or breadcrumb contains the search text, in route order. */
export function searchLocations(
  tree: LocationTree,
  text: string,
  max = MAX_MATCHES,
): LocationRow[] {
  const code = normalizeCode(text);
  const words = text.trim().toLowerCase();
  if (!words) return [];
  const out: LocationRow[] = [];
  for (const l of tree.all()) {
    if (
      l.code.toUpperCase().includes(code) ||
      tree.crumb(l.location_id).toLowerCase().includes(words)
    ) {
      out.push(l);
      if (out.length >= max) break;
    }
  }
  return out;
}
