import type { CatalogIndex, CatalogRow } from './catalog-index';

/** What the floor's item cards add from the catalog on the device. */
export interface CatalogFacts {
  name: string | null;
  /** Length, width, height in cm; null where the catalog does not know. */
  size: [number | null, number | null, number | null] | null;
  /** Grams. */
  weight: number | null;
  /** Other catalogs' numbers for the item: BrickLink, Rebrickable, BrickOwl. */
  alternateIds: { label: string; value: string }[];
}

const num = (v: unknown) => (typeof v === 'number' ? v : null);
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** The catalog item a mould stands for: its part, minifig or set. */
function itemOf(index: CatalogIndex, mould: CatalogRow): CatalogRow | null {
  if (typeof mould.part_id === 'number') return index.findItem('parts', mould.part_id);
  if (typeof mould.minifig_id === 'number') return index.findItem('minifigs', mould.minifig_id);
  if (typeof mould.set_id === 'number') return index.findItem('sets', mould.set_id);
  return null;
}

/**
 * A mould's facts: its own size and weight where it has them, else its catalog item's; its name;
 * the numbers other catalogs give it. Null when the device's catalog does not hold the mould.
 */
export function mouldFacts(index: CatalogIndex, moldId: number): CatalogFacts | null {
  const mould = index.findItem('moulds', moldId);
  if (!mould) return null;
  const item = itemOf(index, mould);
  const size: CatalogFacts['size'] = [
    num(mould.dim_x) ?? num(item?.length),
    num(mould.dim_y) ?? num(item?.width),
    num(mould.dim_z) ?? num(item?.height),
  ];
  const ids: CatalogFacts['alternateIds'] = [];
  const add = (label: string, value: unknown) => {
    const v = text(value);
    if (v && !ids.some((i) => i.label === label)) ids.push({ label, value: v });
  };
  add('BrickLink', mould.bl_mold_id);
  add('BrickLink', item?.bricklink_id);
  add('Rebrickable', mould.rebrickable_id);
  add('Rebrickable', item?.rebrickable_id);
  add('BrickOwl', mould.brickowl_id);
  add('BrickOwl', item?.brickowl_id);
  return {
    name: text(mould.name) ?? text(item?.name),
    size: size.some((v) => v !== null) ? size : null,
    weight: num(mould.weight) ?? num(item?.weight),
    alternateIds: ids,
  };
}

/** 'L x W x H cm' with '?' for what is unknown, e.g. '3.2 x 1.6 x ? cm'. */
export function sizeText(size: CatalogFacts['size']): string | null {
  if (!size) return null;
  return `${size.map((v) => (v === null ? '?' : String(v))).join(' x ')} cm`;
}
