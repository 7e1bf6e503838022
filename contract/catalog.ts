import { z } from 'zod';
import { int, text } from './fields';
import { countedList } from './shapes';

/**
 * BrickBase, the shared parts catalog (docs/catalog.md): lookups, the catalog browser, item and
 * set details (suggestions and the changelog: catalog-review.ts). The catalog is global: every company reads the same
 * rows and every admin reviews the same suggestions.
 */

export const CatalogMessages = {
  noChanges: 'Suggestion unsuccessful: no changes detected',
  accepted: 'Suggestion accepted!',
  rejected: 'Suggestion Rejected!',
  noSuggestions: 'No suggestions found',
  noElements: 'This part has no elements',
  notFound: 'Catalog item not found',
  suggestionNotFound: 'Suggestion not found',
  /** Accepting or rejecting a suggestion that was already reviewed. */
  notOpen: (status: string) => `This suggestion is already ${status}`,
  relationNotPossible: (a: string, b: string, relation: string) =>
    `Relation not possible: the items are of type ${a} and ${b}, but relation is ${relation}`,
  relationExists: 'This relation already exists',
  objectGone: 'The item of this suggestion no longer exists',
  duplicateId: (field: string, value: string) =>
    `${field} ${value} is already used by another item`,
  relationToItself: 'Relation not possible: an item cannot be related to itself',
  relationCycle: (relation: string) =>
    `Relation not possible: it would close a circle of ${relation} relations (the second item already leads back to the first)`,
  imageUrl: 'A picture must be an https address on cdn.rebrickable.com or img.bricklink.com',
  notCurator:
    "Only the catalog's curators review suggestions: the platform admin and the admins of the company that runs the platform",
  ownSuggestion: 'A suggestion is reviewed by someone other than who made it',
} as const;

/** The hosts catalog pictures come from; a suggested `image_url` must be https on one of them. */
export const CATALOG_IMAGE_HOSTS = ['cdn.rebrickable.com', 'img.bricklink.com'] as const;

/** True for an https address on one of CATALOG_IMAGE_HOSTS (no user, no port). */
export function isCatalogImageUrl(v: string): boolean {
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    (CATALOG_IMAGE_HOSTS as readonly string[]).includes(url.hostname)
  );
}

/** Page sizes: browser, changelog, suggestions and the item screen all show 25 rows a page. */
export const CATALOG_PAGE_SIZE = 25;
/** Numbered page links a paged catalog list shows at once. */
export const CATALOG_PAGE_LINKS = 5;

// ---- shared shapes ----

/** A page size (default 25). */
export const PageSize = int(1, 100).default(CATALOG_PAGE_SIZE);
/** Zero-based page, as the BrickBase calls count. */
export const ZeroPage = int(0, 1_000_000).default(0);

export const ObjectTypes = ['part', 'minifig', 'set', 'element'] as const;
export type ObjectType = (typeof ObjectTypes)[number];

/** Relations between parts as the item screen names them, with their stored letters. */
export const PART_RELATIONS = {
  subpart: 'B',
  print: 'P',
  pair: 'R',
  alternate: 'A',
  mold: 'M',
  pattern: 'T',
} as const;
export type PartRelation = keyof typeof PART_RELATIONS;
/** Collapsible headers of the Relations tab, in order. */
export const RELATION_HEADERS: Record<PartRelation, string> = {
  subpart: 'Sub-part',
  print: 'Print',
  pair: 'Pair',
  alternate: 'Alternate',
  mold: 'Mold',
  pattern: 'Pattern',
};
/** Inventory links: the relation, and the types of its two ends (from, to). */
export const INVENTORY_RELATIONS = {
  set_in_set: ['set', 'set'],
  minifig_in_set: ['set', 'minifig'],
  element_in_set: ['set', 'element'],
  element_in_minifig: ['minifig', 'element'],
} as const;
export type InventoryRelation = keyof typeof INVENTORY_RELATIONS;
export const RelationTypes = [
  ...(Object.keys(PART_RELATIONS) as PartRelation[]),
  ...(Object.keys(INVENTORY_RELATIONS) as InventoryRelation[]),
] as const;
export type RelationType = PartRelation | InventoryRelation;

export const Colour = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  rebrickable_id: z.number().int().nullable(),
  hex: z.string(),
});
export type Colour = z.infer<typeof Colour>;

/** A row of a list: enough to name, picture and link an object. */
export const CatalogRef = z.object({
  type: z.enum(['part', 'minifig', 'set', 'element', 'book', 'catalog', 'instruction', 'box']),
  id: z.number().int(),
  uuid: z.string().nullable(),
  name: z.string(),
  rebrickable_id: z.string().nullable(),
  bricklink_id: z.string().nullable(),
  image_url: z.string().nullable(),
  year: z.number().int().nullable(),
  /** Theme (sets, minifigs) or category (parts). */
  group: z.string().nullable(),
  /** The set an instruction or box belongs to. */
  set_id: z.number().int().nullable(),
});
export type CatalogRef = z.infer<typeof CatalogRef>;

const PartRef = z.object({
  id: z.number().int(),
  uuid: z.string(),
  rebrickable_id: z.string().nullable(),
  name: z.string(),
  image_url: z.string().nullable(),
});

export const Element = z.object({
  id: z.number().int(),
  uuid: z.string(),
  part_id: z.number().int(),
  part: PartRef,
  colour: Colour,
  image_url: z.string().nullable(),
  /** In a set's or minifig's inventory: how many, spares, and whether it is an alternate. */
  quantity: z.number().int().optional(),
  extra_quantity: z.number().int().optional(),
  is_alternate: z.number().int().optional(),
});
export type Element = z.infer<typeof Element>;

export const Relation = z.object({
  uuid: z.string(),
  rel_type: z.enum(Object.keys(PART_RELATIONS) as [PartRelation, ...PartRelation[]]),
  part: PartRef,
});
export type Relation = z.infer<typeof Relation>;

const Linked = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  rebrickable_id: z.string().nullable(),
  image_url: z.string().nullable(),
  quantity: z.number().int(),
});
const Document = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  bricklink_id: z.string().nullable(),
  image_url: z.string().nullable(),
  url: z.string().nullable(),
});

/** A part, minifig, set or element with everything the item and set screens show. */
export const CatalogItem = z.object({
  type: z.enum(ObjectTypes),
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  rebrickable_id: z.string().nullable(),
  bricklink_id: z.string().nullable(),
  brickowl_id: z.string().nullable(),
  image_url: z.string().nullable(),
  year: z.number().int().nullable(),
  /** cm */
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** grams */
  weight: z.number().nullable(),
  material: z.string().nullable(),
  num_parts: z.number().int().nullable(),
  theme: z.string().nullable(),
  category: z.string().nullable(),
  /** An element's colour. */
  colour: Colour.nullable(),
  elements: z.array(Element),
  relations: z.array(Relation),
  /** Sets this object appears in (parent sets, for a set). */
  sets: z.array(Linked),
  sets_count: z.number().int(),
  minifigs: z.array(Linked),
  child_set: z.array(Linked),
  parent_set: z.array(Linked),
  instructions: z.array(Document),
  box: z.array(Document),
});
export type CatalogItem = z.infer<typeof CatalogItem>;

// ---- lookups ----

const IdOrUuid = text(64).min(1);
/** One id or uuid, or several joined by commas (at most 100); unknown ones are not found. */
const IdOrUuidList = text(4000)
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(z.array(IdOrUuid).min(1).max(100));
export const IdListParams = z.object({ ids: IdOrUuidList });
export const UuidListParams = z.object({ list: IdOrUuidList });
export const ItemsResponse = countedList(CatalogItem);
export const RefsResponse = countedList(CatalogRef);
export const ColoursResponse = countedList(Colour);
export const TreeNode = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
});
export const TreeResponse = countedList(TreeNode);
export type TreeNode = z.infer<typeof TreeNode>;

// ---- the browser ----

export const CatalogTabs = [
  'overview',
  'parts',
  'minifigs',
  'sets',
  'books',
  'catalogs',
  'instructions',
  'boxes',
] as const;
export type CatalogTab = (typeof CatalogTabs)[number];
export const CATALOG_TAB_LABELS: Record<CatalogTab, string> = {
  overview: 'Overview',
  parts: 'Parts',
  minifigs: 'Minifigures',
  sets: 'Sets',
  books: 'Books',
  catalogs: 'Catalogs',
  instructions: 'Instructions',
  boxes: 'Boxes',
};

/** GET /v3/brickbase/catalog/: one tab's rows, searched (name or id) and filtered. */
export const BrowseQuery = z.object({
  tab: z.enum(CatalogTabs).default('overview'),
  search: text(100).optional(),
  category_id: int(1, 2_147_483_647).optional(),
  theme_id: int(1, 2_147_483_647).optional(),
  year: int(1900, 2100).optional(),
  page: ZeroPage,
  size: PageSize,
});
export type BrowseQuery = z.input<typeof BrowseQuery>;
/** Overview: how many rows each tab holds. */
export const OverviewResponse = z.record(z.enum(CatalogTabs), z.number().int());
