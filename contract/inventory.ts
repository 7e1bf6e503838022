import { z } from 'zod';
import { SharedMessages } from './shared-messages';
import { id, int, page } from './fields';
import { countedList, ItemLook, LocationRef } from './shapes';

/**
 * Inventory, its BSX export lookups, and the Kulla Catalog's "Add bricks" (docs/inventory.md).
 *
 * `condition_name` of an inventory row is the condition's key (NEW, LIKE_NEW, GOOD, ACCEPTABLE),
 * the same value GET /v1/condition lists as `condition_name`, so the New/Used choice per condition
 * maps rows directly; `new_condition_name` is its label (New, Like new, …). Rows also carry the
 * BrickLink ids (bl_colour_id, bl_mold_id) so the export needs no per-row /colour or /mold call.
 */

export const InventoryMessages = {
  empty: 'There are no items in the inventory.',
  colourNotFound: SharedMessages.colourNotFound,
  /** The original product spelled it 'Condtion not found'; this one spells it correctly. */
  conditionNotFound: SharedMessages.conditionNotFound,
  moldNotFound: 'Mold not found',
  itemNotFound: SharedMessages.itemNotInDatabase,
  locationNotFound: SharedMessages.locationNotFound,
  noNewItemsLocation:
    'There is no location for new items. Mark one in the Warehouse Overview first, or choose a location.',
  loading: 'Loading....',
  download: 'Download BSX-File',
} as const;

/** The downloaded file's name. */
export const INVENTORY_BSX_FILE = 'inventory.bsx';
/** Kulla Catalog: the amount field holds at most 4 digits. */
export const ADD_BRICKS_MAX = 9999;

const Id = id();

/** GET /v1/inventory[?limit&page]: every item with stock (all of them without limit). */
export const InventoryQuery = z.object({
  limit: int(1, 1000).optional(),
  page: page().default(1),
});
export type InventoryQuery = z.input<typeof InventoryQuery>;

export const InventoryItem = z.object({
  ...ItemLook,
  readable_id: z.string().nullable(),
  bl_mold_id: z.string().nullable(),
  bl_colour_id: z.number().int().nullable(),
  condition_name: z.string(),
  new_condition_name: z.string(),
  /** Total stock over all locations. */
  quantity: z.number().int(),
  theme_name: z.string().nullable(),
  subtheme_name: z.string().nullable(),
  type_name: z.string().nullable(),
  /** The BSX item type letter of the type (P, S, M, …). */
  item_type: z.string().nullable(),
  category_name: z.string().nullable(),
  /** grams */
  weight: z.number().nullable(),
  private_note: z.string(),
  public_note: z.string(),
  /** The item's price, thousandths. */
  price: z.number().int(),
  /** A set's completeness: SEALED, COMPLETE or INCOMPLETE. */
  completeness: z.string().nullable(),
});
export type InventoryItem = z.infer<typeof InventoryItem>;

export const InventoryResponse = countedList(InventoryItem);
export type InventoryResponse = z.infer<typeof InventoryResponse>;

/** GET /v1/condition. */
export const Condition = z.object({ condition_name: z.string(), new_condition_name: z.string() });
export type Condition = z.infer<typeof Condition>;
export const ConditionsResponse = z.array(Condition);

/** GET /v1/colour?colour_id. */
export const ColourQuery = z.object({ colour_id: Id });
export const ColourResponse = z.object({
  colour_id: z.number().int(),
  name: z.string(),
  hex: z.string(),
  rebrickable_id: z.number().int().nullable(),
  bl_colour_id: z.number().int().nullable(),
  brickowl_colour_id: z.number().int().nullable(),
});
export type ColourResponse = z.infer<typeof ColourResponse>;

/** GET /v1/mold?mold_id. */
export const MoldQuery = z.object({ mold_id: Id });
export const MoldResponse = z.object({
  mold_id: z.number().int(),
  name: z.string(),
  type_id: z.number().int(),
  image_url: z.string().nullable(),
  bl_mold_id: z.string().nullable(),
  rebrickable_id: z.string().nullable(),
  brickowl_id: z.string().nullable(),
});
export type MoldResponse = z.infer<typeof MoldResponse>;

/**
 * POST /v1/item_overview/add {item_id, amount[, location_id]} — the Kulla Catalog's "Add bricks" (a
 * call of this API's own). Adds `amount` to the item's stock at `location_id`, or, without one, at
 * a location for new items: the first (route order) that already holds the item, else the first
 * location marked for new items. 409 InventoryMessages.noNewItemsLocation when there is none.
 */
export const AddBricksRequest = z.object({
  item_id: Id,
  amount: int(1, ADD_BRICKS_MAX),
  location_id: Id.optional(),
});
export type AddBricksRequest = z.input<typeof AddBricksRequest>;
export const AddBricksResponse = z.object({
  message: z.string(),
  item_id: z.number().int(),
  ...LocationRef,
  added: z.number().int(),
  /** Stock at the location afterwards. */
  location_quantity: z.number().int(),
  /** Stock over all locations afterwards. */
  quantity: z.number().int(),
});
export type AddBricksResponse = z.infer<typeof AddBricksResponse>;

export function bricksAddedMessage(amount: number, where: string): string {
  return `${amount} ${amount === 1 ? 'brick' : 'bricks'} added to ${where}.`;
}
