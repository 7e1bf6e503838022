import type { CatalogRef, CatalogTab } from '../../../contract/catalog';
import type { CatalogKind } from '../../../contract/catalog-chunks';
import type { CatalogIndex, CatalogRow } from '../../offline/catalog';

/**
 * The catalog browser's search without the network, from the device's copy of the catalog: the
 * same rows as the server's search (name holds the text, or a number is exactly it), as
 * CatalogRefs sorted by name. The copy has no uuids, themes or categories: its rows open no item
 * screen and the filters need the network.
 */

/** Most matches listed from the device's copy (type more of the name to narrow). */
export const DEVICE_MATCHES_MAX = 1000;

/** Mould types the Books and Catalogs tabs list (the server's item types). */
const MOULD_TYPE = { books: 4, catalogs: 6 } as const;

interface TabSource {
  kind: CatalogKind;
  type: CatalogRef['type'];
  keep?: (row: CatalogRow) => boolean;
}

/** Where a tab's rows are in the device's copy; null for tabs it does not hold. */
function sourcesOf(tab: CatalogTab): TabSource[] | null {
  const part: TabSource = { kind: 'parts', type: 'part' };
  const minifig: TabSource = { kind: 'minifigs', type: 'minifig' };
  const set: TabSource = { kind: 'sets', type: 'set' };
  switch (tab) {
    case 'overview':
      return [part, minifig, set];
    case 'parts':
      return [part];
    case 'minifigs':
      return [minifig];
    case 'sets':
      return [set];
    case 'books':
    case 'catalogs': {
      const typeId = MOULD_TYPE[tab];
      return [
        {
          kind: 'moulds',
          type: tab === 'books' ? 'book' : 'catalog',
          keep: (r) => r.type_id === typeId,
        },
      ];
    }
    default:
      return null;
  }
}

/** True when the device's copy holds the rows of this tab (not instructions and boxes). */
export const deviceHoldsTab = (tab: CatalogTab): boolean => sourcesOf(tab) !== null;

const text = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : String(v);

function toRef(source: TabSource, r: CatalogRow): CatalogRef {
  return {
    type: source.type,
    id: Number(r.id),
    uuid: null,
    name: String(r.name ?? ''),
    rebrickable_id: text(r.rebrickable_id),
    bricklink_id: text(r.bricklink_id ?? r.bl_mold_id),
    image_url: text(r.image_url),
    year: typeof r.year === 'number' ? r.year : null,
    group: null,
    set_id: null,
  };
}

export interface DeviceMatches {
  rows: CatalogRef[];
  /** More rows matched than are listed (DEVICE_MATCHES_MAX). */
  capped: boolean;
}

/**
 * A tab's rows whose name holds `search` (any case) or whose BrickLink or Rebrickable number is
 * `search`, by name then id; null when the device's copy does not hold the tab.
 */
export function searchDeviceCatalog(
  index: CatalogIndex,
  tab: CatalogTab,
  search: string,
  max = DEVICE_MATCHES_MAX,
): DeviceMatches | null {
  const sources = sourcesOf(tab);
  if (!sources) return null;
  const wanted = search.trim();
  if (!wanted) return { rows: [], capped: false };
  const byKind = new Map(sources.map((s) => [s.kind, s]));
  const accepts = (kind: CatalogKind, row: CatalogRow) => {
    const source = byKind.get(kind);
    return source !== undefined && (!source.keep || source.keep(row));
  };
  const found = new Map<string, CatalogRef>();
  const add = (kind: CatalogKind, row: CatalogRow) => {
    const ref = toRef(byKind.get(kind)!, row);
    found.set(`${ref.type}-${ref.id}`, ref);
  };
  const lower = wanted.toLowerCase();
  for (const hit of index.findByAlternateId(wanted)) {
    if (!accepts(hit.kind, hit.row)) continue;
    const numbers = [hit.row.rebrickable_id, hit.row.bricklink_id, hit.row.bl_mold_id];
    if (numbers.some((n) => text(n)?.toLowerCase() === lower)) add(hit.kind, hit.row);
  }
  const named = index.searchByName(wanted, max + 1, [...byKind.keys()], accepts);
  for (const hit of named) add(hit.kind, hit.row);
  const rows = [...found.values()].sort((a, b) =>
    a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1,
  );
  return { rows: rows.slice(0, max), capped: rows.length > max };
}
