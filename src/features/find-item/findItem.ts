import type { CatalogKind } from '../../../contract/catalog-chunks';
import type { CatalogIndex, CatalogRow } from '../../offline/catalog';

/**
 * The floor's "Find an item": an item number or a piece of a name looked up in the device's copy
 * of the catalog, without the network. Numbers first (the warehouse's mould number, then
 * BrickLink, Rebrickable, BrickOwl and element numbers), then names; a catalog part, minifig or
 * set is left out when its mould is listed already.
 */

export interface FoundItem {
  key: string;
  /** What it is, in the floor's words. */
  what: 'Mould' | 'Part' | 'Minifig' | 'Set' | 'Element';
  /** The number it is listed under: the mould number, else its BrickLink (or other) number. */
  number: string;
  name: string;
  /** Its picture, when the catalog has one. */
  image: string | null;
  /** Other catalogs' numbers where they differ from `number`, e.g. 'BrickLink 3001'. */
  otherNumbers: string[];
}

/** Most matches the box lists. */
export const FOUND_MAX = 30;

const WHAT: Partial<Record<CatalogKind, FoundItem['what']>> = {
  moulds: 'Mould',
  parts: 'Part',
  minifigs: 'Minifig',
  sets: 'Set',
  elements: 'Element',
};
/** Where a mould's own catalog item is: its part, minifig or set. */
const ITEM_OF_MOULD = [
  ['part_id', 'parts'],
  ['minifig_id', 'minifigs'],
  ['set_id', 'sets'],
] as const;

const text = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : String(v);

function toFound(index: CatalogIndex, kind: CatalogKind, r: CatalogRow): FoundItem {
  const others: [string, unknown][] = [
    ['BrickLink', r.bl_mold_id ?? r.bricklink_id],
    ['Rebrickable', r.rebrickable_id],
    ['BrickOwl', r.brickowl_id],
  ];
  let name = text(r.name);
  let image = text(r.image_url);
  let number: string;
  if (kind === 'moulds') number = String(r.id);
  else if (kind === 'elements') {
    number = String(r.element_id ?? r.id);
    const part = typeof r.part_id === 'number' ? index.findItem('parts', r.part_id) : null;
    name = text(part?.name);
    image ??= text(part?.image_url);
  } else {
    number = others.map(([, v]) => text(v)).find((v) => v !== null) ?? String(r.id);
  }
  const otherNumbers: string[] = [];
  for (const [label, v] of others) {
    const value = text(v);
    if (value && value !== number && !otherNumbers.some((o) => o.endsWith(` ${value}`))) {
      otherNumbers.push(`${label} ${value}`);
    }
  }
  return {
    key: `${kind}-${String(r.id)}`,
    what: WHAT[kind]!,
    number,
    name: name ?? 'No name in the catalog',
    image,
    otherNumbers,
  };
}

/** Matches of a typed or scanned item number or name, numbers first, at most `max`. */
export function findItems(index: CatalogIndex, typed: string, max = FOUND_MAX): FoundItem[] {
  const wanted = typed.trim();
  if (!wanted) return [];
  const hits: { kind: CatalogKind; row: CatalogRow }[] = [];
  // The mould number as the floor writes it: digits, maybe with dashes ('3001', '300-1').
  const digits = wanted.replace(/-/g, '');
  if (/^\d{1,9}$/.test(digits)) {
    const mould = index.findItem('moulds', Number(digits));
    if (mould) hits.push({ kind: 'moulds', row: mould });
  }
  const byNumber = index.findByAlternateId(wanted).filter((h) => WHAT[h.kind] !== undefined);
  hits.push(...byNumber.sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind)));
  hits.push(...index.searchByName(wanted, max * 2, ['moulds', 'parts', 'minifigs', 'sets']));

  // A catalog item whose mould is listed is the same thing on the shelf: list it once.
  const covered = new Set<string>();
  for (const h of hits) {
    if (h.kind !== 'moulds') continue;
    for (const [column, kind] of ITEM_OF_MOULD) {
      if (typeof h.row[column] === 'number') covered.add(`${kind}-${h.row[column]}`);
    }
  }
  const seen = new Set<string>();
  const out: FoundItem[] = [];
  for (const h of hits) {
    const key = `${h.kind}-${String(h.row.id)}`;
    if (seen.has(key) || covered.has(key)) continue;
    seen.add(key);
    out.push(toFound(index, h.kind, h.row));
    if (out.length >= max) break;
  }
  return out;
}

const ORDER: CatalogKind[] = ['moulds', 'parts', 'minifigs', 'sets', 'elements'];
const kindOrder = (kind: CatalogKind) => ORDER.indexOf(kind);
