/**
 * What the catalog hands to the batch trays editor when a user adds items: one entry per new
 * tray, in order. `colour_id` is set for an inventory child (a part in a colour), null otherwise.
 * `addCatalogTrays(batchId, items)` turns them into trays (quantity 1, 'ready for filling',
 * price 0, NEW).
 */
export interface CatalogAddition {
  mold_id: number;
  colour_id: number | null;
  name: string;
  image_url: string | null;
}
