import type { CatalogItem, CatalogRef } from '../../../contract/catalog';

/** Where a catalog row opens: parts and minifigs their item info, sets and set documents the set. */
export function screenOf(ref: Pick<CatalogRef, 'type' | 'uuid' | 'set_id'>): string | null {
  if ((ref.type === 'part' || ref.type === 'minifig') && ref.uuid) {
    return `/brickbase/iteminfo/${ref.uuid}`;
  }
  if (ref.type === 'set' && ref.uuid) return `/brickbase/setinfo/${ref.uuid}`;
  if ((ref.type === 'instruction' || ref.type === 'box') && ref.set_id) {
    return `/brickbase/setinfo/${ref.set_id}`;
  }
  return null;
}

export interface ExternalLink {
  site: string;
  href: string;
}

/**
 * The three catalog sites an item links to: parts by their Rebrickable, BrickOwl and BrickLink
 * ids, sets likewise, minifigs by Rebrickable only. Missing ids give no link.
 */
export function externalLinks(
  item: Pick<CatalogItem, 'type' | 'rebrickable_id' | 'brickowl_id' | 'bricklink_id'>,
): ExternalLink[] {
  const out: ExternalLink[] = [];
  const rb = item.rebrickable_id && encodeURIComponent(item.rebrickable_id);
  const kind = { part: 'parts', minifig: 'minifigs', set: 'sets', element: 'parts' }[item.type];
  if (rb) out.push({ site: 'Rebrickable', href: `https://rebrickable.com/${kind}/${rb}/` });
  if (item.type === 'minifig') return out;
  if (item.brickowl_id) {
    out.push({
      site: 'BrickOwl',
      href: `https://www.brickowl.com/search/catalog?query=${encodeURIComponent(item.brickowl_id)}`,
    });
  }
  if (item.bricklink_id) {
    const bl = encodeURIComponent(item.bricklink_id);
    out.push({
      site: 'BrickLink',
      href:
        item.type === 'set'
          ? `https://www.bricklink.com/v2/catalog/catalogitem.page?S=${bl}`
          : `https://www.bricklink.com/v2/catalog/catalogitem.page?P=${bl}`,
    });
  }
  return out;
}

const fmt = (v: number | null) => (v === null ? '?' : String(v));

/** Dimensions as 'L x W x H cm', '?' for a missing one. */
export function dimensions(item: Pick<CatalogItem, 'length' | 'width' | 'height'>): string {
  return `${fmt(item.length)} x ${fmt(item.width)} x ${fmt(item.height)} cm`;
}

/** A fact of the item screen, '?' when missing. */
export function orUnknown(v: number | string | null, unit = ''): string {
  return v === null || v === '' ? '?' : `${v}${unit}`;
}
