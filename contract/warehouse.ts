import { z } from 'zod';
import { SharedMessages } from './shared-messages';
import { id, int, page, paging, quantity, queryFlags } from './fields';
import { countedList, ItemLook, LocationRef, orNull, PathStep } from './shapes';

/**
 * Warehouse batches, trays and filling (docs/filling.md). Field names follow the original contract.
 */

export const WarehouseMessages = {
  emptyTrays: 'It appears that there are no trays available!',
  locationRequired: 'Please select a relevant location first',
  trayNotFound: SharedMessages.trayNotFound,
  batchNotFound: SharedMessages.batchNotFound,
  locationNotFound: SharedMessages.locationNotFound,
  trayAlreadyFilled: 'This tray has already been filled; its bricks were added to stock once.',
  trayHasNoItem:
    'This tray has no item, so it cannot be filled. Ask the digitizer to fix the tray.',
  itemMismatch: 'The item or colour sent does not match the tray.',
  batchNotReady: 'Only a batch that is ready for filling can be stored.',
  batchNothingToStore: 'Every tray of this batch has already been filled.',
  filled: 'The tray has been filled.',
} as const;

/** Trays of a batch in the store that have no item (the whole store is refused). */
export function traysWithoutItemMessage(trayNrs: number[]): string {
  return `Tray ${trayNrs.join(', ')} of this batch has no item, so the batch cannot be stored.`;
}

/** Batch statuses that appear on the warehouse desk (earlier ones are still being digitized). */
export const WAREHOUSE_BATCH_STATUSES = [
  'ready for filling',
  'filled',
  'uploaded',
  'completed',
] as const;

/** The four batch sort flags; the first is the default. */
export const BATCH_SORT_FLAGS = [
  'order_by_last_modified',
  'order_by_creation',
  'order_by_total_trays',
  'order_by_status',
] as const;
export type BatchSortFlag = (typeof BATCH_SORT_FLAGS)[number];
export const BATCHES_PER_PAGE = 10;
export const TRAYS_PER_PAGE = 10;

const Id = id();

/** GET /v1/warehouse/batches?limit&page&{sort flag}: at most one sort flag. */
export const BatchListQuery = z.object({
  ...paging(BATCHES_PER_PAGE),
  ...queryFlags(BATCH_SORT_FLAGS),
});
export type BatchListQuery = z.input<typeof BatchListQuery>;

export const WarehouseBatch = z.object({
  batch_id: z.number().int(),
  name: z.string(),
  project_id: z.number().int(),
  /** Trays with status 'filled'. */
  filled_count: z.number().int(),
  total_count: z.number().int(),
  status: z.string(),
  date_of_creation: z.string(),
  date_of_last_edit: z.string().nullable(),
  comments: z.string(),
});
export type WarehouseBatch = z.infer<typeof WarehouseBatch>;

export const BatchListResponse = countedList(WarehouseBatch);
export type BatchListResponse = z.infer<typeof BatchListResponse>;

/** GET /v1/warehouse/batch_ids: the warehouse batches' ids, for the tray overview's select. */
export const BatchIdsResponse = z.array(
  z.object({ batch_id: z.number().int(), name: z.string(), status: z.string() }),
);
export type BatchIdsResponse = z.infer<typeof BatchIdsResponse>;

/** GET /v1/warehouse/trays?batch_id[&limit&page]: without batch_id, trays of every warehouse batch. */
export const TrayListQuery = z.object({
  batch_id: Id.optional(),
  limit: int(1, 1000).optional(),
  page: page().default(1),
});
export type TrayListQuery = z.input<typeof TrayListQuery>;

export const WarehouseTray = z.object({
  tray_id: z.number().int(),
  tray_nr: z.number().int(),
  batch_id: z.number().int(),
  date_of_creation: z.string(),
  status: z.string(),
  item_id: z.number().int().nullable(),
  mold_id: z.number().int().nullable(),
  mold_name: z.string().nullable(),
  colour_id: z.number().int().nullable(),
  colour_name: z.string().nullable(),
  quantity: z.number().int(),
  /** Where the tray was filled (null until filled). */
  location_id: z.number().int().nullable(),
});
export type WarehouseTray = z.infer<typeof WarehouseTray>;

export const TrayListResponse = countedList(WarehouseTray);
export type TrayListResponse = z.infer<typeof TrayListResponse>;

export const TrayQuery = z.object({ tray_id: Id });
export type TrayQuery = z.input<typeof TrayQuery>;

/** A location the filler may choose: where the item already lies, or a new-items location. */
export const FillLocation = z.object({
  ...LocationRef,
  breadcrumb: z.array(PathStep),
  /** Stock of the tray's item there (0 at a new-items location without it). */
  quantity: z.number().int(),
  /** Marked as a location for new items. */
  is_new_items_location: z.boolean(),
});
export type FillLocation = z.infer<typeof FillLocation>;

/** GET /v1/warehouse/tray?tray_id: what the Fill tray screen shows. */
export const TrayDetail = z.object({
  tray_id: z.number().int(),
  tray_nr: z.number().int(),
  batch_id: z.number().int(),
  batch_name: z.string(),
  status: z.string(),
  ...orNull(ItemLook),
  /** The catalog (BrickBase) uuid of the item's mould, when known. */
  item_uuid: z.string().nullable(),
  readable_id: z.string().nullable(),
  bl_mold_id: z.string().nullable(),
  bl_colour_id: z.number().int().nullable(),
  condition: z.string().nullable(),
  /** Quantity to fill. */
  quantity: z.number().int(),
  /** Sum of the item's stock over all locations. */
  quantity_in_warehouse: z.number().int(),
  /** Where the tray was filled (null until filled). */
  location_id: z.number().int().nullable(),
  locations: z.array(FillLocation),
});
export type TrayDetail = z.infer<typeof TrayDetail>;

/**
 * PUT /v1/warehouse/tray?tray_id: fills the tray at `location_id` and adds the bricks to the stock
 * there, in one transaction. `quantity` defaults to the tray's; when sent it is what went on the
 * shelf (the tray records it). `status` may only be 'filled'; `item_id` and `colour_id`, when
 * sent, must be the tray's. `location_new_items` is accepted for compatibility and not needed.
 * A tray that is already filled answers 409 (WarehouseMessages.trayAlreadyFilled).
 */
export const FillTrayRequest = z.object({
  location_id: Id,
  quantity: quantity().optional(),
  status: z.literal('filled').optional(),
  item_id: Id.nullable().optional(),
  colour_id: Id.nullable().optional(),
  location_new_items: z.union([z.boolean(), int(0, 2)]).optional(),
});
export type FillTrayRequest = z.input<typeof FillTrayRequest>;

export const FillTrayResponse = z.object({
  message: z.string(),
  tray_id: z.number().int(),
  location_id: z.number().int(),
  item_id: z.number().int(),
  /** Added to the stock at the location. */
  quantity: z.number().int(),
  /** The stock of the item at the location afterwards. */
  location_quantity: z.number().int(),
  batch_status: z.string(),
});
export type FillTrayResponse = z.infer<typeof FillTrayResponse>;

/**
 * POST /v1/warehouse/batch/store?batch_id {location_id} (order_manager): fills every tray of the
 * batch still 'ready for filling' at one location, adding their bricks, atomically.
 */
export const BatchQuery = z.object({ batch_id: Id });
export type BatchQuery = z.input<typeof BatchQuery>;
export const StoreBatchRequest = z.object({ location_id: Id });
export type StoreBatchRequest = z.input<typeof StoreBatchRequest>;
export const StoreBatchResponse = z.object({
  message: z.string(),
  batch: WarehouseBatch,
  /** Trays filled by this call. */
  filled_trays: z.number().int(),
  /** Bricks added to the location. */
  quantity: z.number().int(),
});
export type StoreBatchResponse = z.infer<typeof StoreBatchResponse>;

export function storedMessage(trays: number): string {
  return `The batch has been stored: ${trays} ${trays === 1 ? 'tray' : 'trays'} filled.`;
}
