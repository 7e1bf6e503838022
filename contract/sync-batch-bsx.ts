import type { BsxSourceItem } from './bsx/write';
import type { SyncBatchItem } from './sync-batches';

/**
 * A sync batch's lots as the BSX writer reads them, for the batch's export: each lot with the
 * BrickLink id, item type and colour it was imported with, its quantity, price, condition (NEW is
 * N, every other condition U), a set's completeness, bulk, sale, notes, tiers, retain and
 * stockroom. Imported and exported again, a BrickStore file keeps every one of these fields.
 */
export function batchLotsForBsx(items: readonly SyncBatchItem[]): BsxSourceItem[] {
  return items.map((i) => ({
    mold_id: i.item_id,
    bl_mold_id: i.bl_item_id,
    mold_name: i.mold_name,
    item_type: i.item_type,
    type_name: i.type_name,
    bl_colour_id: i.bl_colour_id,
    colour_name: i.colour_name,
    quantity: i.quantity,
    price: i.price,
    condition_name: i.condition,
    completeness: i.completeness,
    public_note: i.note_public,
    private_note: i.note_private,
    tiers: i.tiers,
    bulk: i.bulk,
    sale: i.sale,
    retain: i.retain,
    stockroom: i.stockroom,
  }));
}

/** The batch's conditions: only NEW is N (BrickLink's new); every used condition is U. */
export const BATCH_BSX_CONDITIONS = { NEW: 'N' } as const;

/** The exported file's name: the batch's name without characters file systems refuse. */
export function batchBsxFileName(name: string): string {
  const safe = name
    // eslint-disable-next-line no-control-regex -- control characters are not allowed in file names
    .replace(/[\u0000-\u001f\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${safe || 'batch'}.bsx`;
}
