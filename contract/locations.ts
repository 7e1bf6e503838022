import { z } from 'zod';
import { SharedMessages } from './shared-messages';
import { id, isFlagOn, paging, queryFlag, text } from './fields';

export { isFlagOn };
import { ItemLocation } from './orders';
import { countedList, ItemLook, LocationRef, MessageResponse, PathStep } from './shapes';

/**
 * The location tree, its content and labels (docs/locations.md).
 * Field names follow the original contract (snake_case).
 *
 * Rules the server keeps:
 * - The company's root (parent_id null; id 1 in the demo company) cannot be renamed, moved,
 *   flagged or deleted. GET /v1/location without location_id and GET /v1/location_children
 *   without parent_id answer the caller's root, so a client never needs to know its id.
 * - A move changes only the moved node's parent: its subtree moves along. A node cannot move
 *   under itself or one of its descendants. Codes never change on a move (printed labels stay valid).
 * - A copy duplicates the whole subtree (names, order) with new ids and fresh unique codes, in one
 *   transaction. Content (stock) is not copied, and the 'new items' flag is not copied either:
 *   the copy is an empty structure.
 * - A delete removes the node and its whole subtree, refused while any of it holds stock
 *   (quantity > 0); rows with quantity 0 go with it.
 * - is_selected_new_location: 0 no, 1 yes, 2 inherited from a flagged ancestor (shown checked
 *   and disabled).
 */
export const LocationMessages = {
  locationNotFound: SharedMessages.locationNotFound,
  itemNotFound: SharedMessages.itemNotInDatabase,
  rootProtected: 'The root location cannot be edited, moved or deleted.',
  moveIntoSelf: 'A location cannot be moved into itself or one of its sub-locations.',
  copyIntoSelf: 'A location cannot be copied into itself or one of its sub-locations.',
  oneChange: 'Send either name (rename) or parent_id (move), not both.',
  nameRequired: 'A location needs a name.',
  quantityRange: 'The quantity must be a whole number from 0 to 100.',
  notAtLocation: SharedMessages.notAtLocation,
  sameLocation: 'The item is already at this location.',
  deleted: 'The location has been deleted.',
} as const;

/** The largest subtree copied in one call, and the most labels printed in one call. */
export const COPY_MAX_LOCATIONS = 10_000;
export const LABELS_MAX = 2_000;

export function deleteHasStockMessage(quantity: number): string {
  return `This location cannot be deleted: it or one of its sub-locations still holds stock (${quantity} pieces). Move or remove the items first.`;
}
export function copyTooLargeMessage(count: number): string {
  return `This subtree has ${count} locations; at most ${COPY_MAX_LOCATIONS} can be copied at once.`;
}
export function tooManyLabelsMessage(count: number): string {
  return `This subtree has ${count} locations; at most ${LABELS_MAX} labels can be printed at once. Choose a smaller part of the tree.`;
}

/** The quantity an item's stock may be set to in the tree: a whole number from 0 to 100. */
export const TREE_QUANTITY_MIN = 0;
export const TREE_QUANTITY_MAX = 100;

const Id = id();
const Name = text(100)
  .min(1, { error: LocationMessages.nameRequired })
  .max(100, { error: 'A location name has at most 100 characters.' });
const QueryFlag = queryFlag();

export const NewItemsFlag = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** One node as the tree shows it (one level is loaded per call). */
export const LocationNode = z.object({
  location_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  location_name: z.string(),
  code: z.string(),
  sort_order: z.number().int(),
  has_children: z.boolean(),
  has_content: z.boolean(),
  is_selected_new_location: NewItemsFlag,
});
export type LocationNode = z.infer<typeof LocationNode>;

/** GET /v1/location_children?parent_id (absent: the caller's root alone). */
export const LocationChildrenQuery = z.object({ parent_id: Id.optional() });
export const LocationChildrenResponse = z.object({
  parent_id: z.number().int().nullable(),
  ...countedList(LocationNode).shape,
});
export type LocationChildrenResponse = z.infer<typeof LocationChildrenResponse>;

/** GET /v1/location?location_id (absent: the caller's root). */
export const LocationGetQuery = z.object({ location_id: Id.optional() });
export const LocationIdQuery = z.object({ location_id: Id });
export const LocationDetail = LocationNode.extend({
  is_root: z.boolean(),
  /** Root to this node, names joined with ' > ' (BREADCRUMB_SEPARATOR). */
  breadcrumb: z.string(),
  path: z.array(PathStep),
  children: z.array(LocationNode),
});
export type LocationDetail = z.infer<typeof LocationDetail>;

/** PUT /v1/location?location_id with {name} (rename) or {parent_id} (move). */
export const LocationUpdateRequest = z
  .object({ name: Name.optional(), parent_id: Id.optional() })
  .refine((b) => (b.name === undefined) !== (b.parent_id === undefined), {
    error: LocationMessages.oneChange,
  });
export type LocationUpdateRequest = z.input<typeof LocationUpdateRequest>;

/** POST /v1/location {parent_id, name}: the new child gets a fresh code. */
export const LocationCreateRequest = z.object({
  parent_id: Id,
  name: Name.default('new location'),
});
export type LocationCreateRequest = z.input<typeof LocationCreateRequest>;

/** POST /v1/copy_location: a copy of source's subtree becomes a child of target. */
export const CopyLocationRequest = z.object({
  source_location_id: Id,
  target_location_id: Id,
});
export type CopyLocationRequest = z.input<typeof CopyLocationRequest>;
export const CopyLocationResponse = z.object({
  /** The copy of the source (its new id). */
  location: LocationNode,
  /** How many locations were created. */
  copied: z.number().int(),
});
export type CopyLocationResponse = z.infer<typeof CopyLocationResponse>;

export const LocationDeleteResponse = z.object({
  message: z.string(),
  /** Locations removed (the node and its subtree). */
  deleted: z.number().int(),
});

/** POST /v1/new_location_items {selected, location_id}. */
export const NewLocationItemsRequest = z.object({
  selected: z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])]),
  location_id: Id,
});
export type NewLocationItemsRequest = z.input<typeof NewLocationItemsRequest>;
export function isSelected(v: NewLocationItemsRequest['selected']): boolean {
  return v === true || v === 1 || v === 'true' || v === '1';
}

/** GET /v1/location_new_items: flagged locations and their subtrees (the filler's choices). */
export const NEW_ITEMS_MAX = 1_000;
export const NewItemsLocation = z.object({
  ...LocationRef,
  is_selected_new_location: NewItemsFlag,
});
export const LocationNewItemsResponse = countedList(NewItemsLocation).extend({
  /** More than NEW_ITEMS_MAX locations qualify; the first ones by code are listed. */
  truncated: z.boolean(),
});
export type LocationNewItemsResponse = z.infer<typeof LocationNewItemsResponse>;

// ---- content ----

/** PUT /v1/location_content?location_id&item_id {quantity}: sets (creates) the stock there. */
export const SetContentQuery = z.object({ location_id: Id, item_id: Id });
/** A number, or a numeric string (what a prompt returns); null, '' and the like are refused. */
const TreeQuantity = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: LocationMessages.quantityRange })
    .int({ error: LocationMessages.quantityRange })
    .min(TREE_QUANTITY_MIN, { error: LocationMessages.quantityRange })
    .max(TREE_QUANTITY_MAX, { error: LocationMessages.quantityRange }),
);
export const SetContentRequest = z.object({
  quantity: TreeQuantity,
  /** Sent by the original client; accepted and not used (store balances are the syncer's). */
  balance_change: z.union([z.boolean(), z.number(), z.string().max(100)]).optional(),
});
export type SetContentRequest = z.input<typeof SetContentRequest>;
export const ContentRow = z.object({
  location_id: z.number().int(),
  item_id: z.number().int(),
  colour_id: z.number().int(),
  quantity: z.number().int(),
});
export type ContentRow = z.infer<typeof ContentRow>;

export const DeleteContentQuery = z.object({ item_id: Id, location_id: Id, colour_id: Id });
export const DeleteContentResponse = MessageResponse;

/** PUT /v1/move_location_content: moves all of it; merges into stock already there. */
export const MoveContentQuery = z.object({
  item_id: Id,
  from_location_id: Id,
  into_location_id: Id,
});
export const MoveContentResponse = z.object({
  item_id: z.number().int(),
  from_location_id: z.number().int(),
  into_location_id: z.number().int(),
  /** Moved pieces. */
  moved: z.number().int(),
  /** Stock at the target afterwards. */
  quantity: z.number().int(),
});

/** GET /v1/item_location?item_id: every location holding a row of the item. */
export const ItemLocationQuery = z.object({ item_id: Id });
export const ItemLocationResponse = z.object({
  item_id: z.number().int(),
  ...countedList(ItemLocation).shape,
});
export type ItemLocationResponse = z.infer<typeof ItemLocationResponse>;

/** GET /v1/item?mold_name&item_id&limit&page: the company's items (catalog table, 5 a page). */
export const ITEMS_PER_PAGE = 5;
export const ItemQuery = z.object({
  mold_name: text(100).optional(),
  item_id: Id.optional(),
  ...paging(ITEMS_PER_PAGE),
});
export type ItemQuery = z.input<typeof ItemQuery>;
export const CatalogItem = z.object({
  ...ItemLook,
  readable_id: z.string().nullable(),
  bl_mold_id: z.string().nullable(),
  condition: z.string(),
  completeness: z.string().nullable(),
  /** Total stock over all locations. */
  quantity: z.number().int(),
});
export type CatalogItem = z.infer<typeof CatalogItem>;
export const ItemListResponse = countedList(CatalogItem);
export type ItemListResponse = z.infer<typeof ItemListResponse>;

// ---- labels ----

/**
 * GET /v1/location_labels?location_id&subtree&layout: a print-ready HTML page (text/html), one
 * label per location with its code as QR and Code 128 and the breadcrumb in text. `sheet`: A4,
 * 3 × 8 labels of 70 × 37 mm; `roll`: one 62 × 29 mm label per page for a label printer. The page
 * needs the bearer token, so the PWA fetches it and opens it from a blob URL (or an iframe).
 */
export const LABEL_LAYOUTS = ['sheet', 'roll'] as const;
export const LocationLabelsQuery = z.object({
  location_id: Id,
  subtree: QueryFlag,
  layout: z.enum(LABEL_LAYOUTS).default('sheet'),
});
export type LocationLabelsQuery = z.input<typeof LocationLabelsQuery>;
