import { z } from 'zod';
import { BatchTraysMessages } from './batch-trays';
import { ZeroPage } from './catalog';
import { id, int, text } from './fields';
import { ProjectMessages } from './projects';
import { countedList } from './shapes';

/**
 * The digitizing desk's catalog (docs/catalog.md, "The catalog modal and /catalog"): the
 * warehouse's moulds browsed by type and theme or category, a mould's catalog info with its
 * inventory children, parents and other relations, and new trays made from moulds.
 */

export const CatalogModalTexts = {
  typePlaceholder: '-- Please select a type --',
  treeSearch: 'Search themes or categories',
  itemSearch: 'Search items',
  selectFirst: 'Select a type and theme or category',
  noItems: 'There are no items',
  addItem: 'Add item',
  exploreItem: 'Explore item',
  addAllChildren: 'Add all children',
  addAllParents: 'Add all parents',
  addAllRelations: 'Add all relations',
  description: 'Description',
  children: 'Inventory children',
  parents: 'Inventory parents',
  relations: 'Other relations',
  noChildren: 'No inventory children',
  noParents: 'No inventory parents',
  noRelations: 'No other relations',
  notInWarehouse: 'not in the warehouse catalog',
} as const;

/** Refusals of the catalog modal's calls: the same texts as the trays editor's and the projects'. */
export const CatalogModalMessages = {
  mouldNotFound: BatchTraysMessages.moldNotFound,
  mouldsNotFound: (ids: number[]) => `${BatchTraysMessages.moldNotFound}: ${ids.join(', ')}`,
  colourNotFound: BatchTraysMessages.colourNotFound,
  batchNotFound: ProjectMessages.batchNotFound,
  claimRefused: BatchTraysMessages.claimRefused,
} as const;

/** Catalog type 2 (bricks) is browsed by part category; every other type by theme. */
export const CATEGORY_TYPE = 2;
export const usesCategories = (type: number) => type === CATEGORY_TYPE;

/** Relation letters as stored, with the names the item info shows. */
export const RELATION_NAMES = {
  P: 'Print',
  R: 'Pair',
  B: 'Sub-Part',
  M: 'Mold',
  T: 'Pattern',
  A: 'Alternate',
} as const;
export type RelationLetter = keyof typeof RELATION_NAMES;

/** Items one list page holds; a new tray from the catalog and the most one call adds. */
export const CATALOG_ITEMS_PAGE = 50;
export const CATALOG_TRAYS_MAX = 2_000;
/** What a tray made from the catalog starts with. */
export const NEW_TRAY = {
  quantity: 1,
  status: 'ready for filling',
  price: 0,
  condition: 'NEW',
} as const;

export const CatalogType = z.object({ id: z.number().int(), name: z.string() });
export type CatalogType = z.infer<typeof CatalogType>;
export const TypesResponse = countedList(CatalogType);

/** GET /v1/catalog/items: a type's moulds, under a theme or category (and its sub-nodes). */
export const CatalogItemsQuery = z.object({
  type: id(),
  ct: id().optional(),
  search: text(100).optional(),
  page: ZeroPage,
  size: int(1, 100).default(CATALOG_ITEMS_PAGE),
});
export type CatalogItemsQuery = z.input<typeof CatalogItemsQuery>;

/** A list row: a mould with its picture. */
export const MouldRef = z.object({
  id: z.number().int(),
  name: z.string(),
  bl_mold_id: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type MouldRef = z.infer<typeof MouldRef>;
export const MouldsResponse = countedList(MouldRef);

export const ItemInfoQuery = z.object({ id: id() });

/** A child of a mould's inventory; `id` is its mould (null when the warehouse has none). */
export const InventoryChild = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  colour_id: z.number().int().nullable(),
  color_name: z.string().nullable(),
  quantity: z.number().int(),
  extra_quantity: z.number().int(),
  is_alternate: z.number().int(),
  img: z.string().nullable(),
});
export type InventoryChild = z.infer<typeof InventoryChild>;
export const InventoryParent = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  img: z.string().nullable(),
});
export type InventoryParent = z.infer<typeof InventoryParent>;
export const MouldRelation = InventoryParent.extend({
  rel_type: z.enum(Object.keys(RELATION_NAMES) as [RelationLetter, ...RelationLetter[]]),
});
export type MouldRelation = z.infer<typeof MouldRelation>;

const num = z.number().nullable();
const str = z.string().nullable();
/** GET /v1/catalog/iteminfo: a mould's catalog info. */
export const MouldInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  image: str,
  /** The mould's BrickLink page, when it has a BrickLink number. */
  url: str,
  bl_mold_id: str,
  type: str,
  year: num,
  weight: num,
  dim_x: num,
  dim_y: num,
  dim_z: num,
  category: str,
  sub_category: str,
  theme: str,
  sub_theme: str,
  part_material: str,
  num_parts_set: num,
  num_parts_fig: num,
  num_figs: num,
  rating: num,
  /** The rarer fields (ISBN, EAN, UPC, ASIN, eye_color, gender, …) that the mould holds. */
  extra: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  inventory_children: z.array(InventoryChild),
  inventory_parents: z.array(InventoryParent),
  relationships: z.array(MouldRelation),
});
export type MouldInfo = z.infer<typeof MouldInfo>;

/** What the catalog hands to the trays editor: a mould, and a colour when the row has one. */
export const CatalogPick = z.object({
  mold_id: id(),
  colour_id: id().nullable().default(null),
});
export type CatalogPick = z.input<typeof CatalogPick>;

/** POST /v1/catalog/trays: new trays in a batch, one per pick, in the order given. */
export const CatalogTraysBody = z.object({
  batch_id: id(),
  items: z.array(CatalogPick).min(1).max(CATALOG_TRAYS_MAX),
});
export type CatalogTraysBody = z.input<typeof CatalogTraysBody>;
export const CatalogTray = z.object({
  tray_id: z.number().int(),
  tray_nr: z.number().int(),
  item_id: z.number().int().nullable(),
  mold_id: z.number().int(),
  colour_id: z.number().int().nullable(),
  condition: z.literal('NEW'),
  quantity: z.number().int(),
  /** euro */
  price: z.number(),
  status: z.literal('ready for filling'),
});
export type CatalogTray = z.infer<typeof CatalogTray>;
export const CatalogTraysResponse = z.object({ results: z.array(CatalogTray) });
