import { z } from 'zod';

/**
 * The catalog on the device (docs/catalog-offline.md): the global catalog as a few dozen chunks,
 * each a fixed id range of one kind, named `<kind>-<nnnn>` (range number). A chunk's hash is the
 * hash of its content, so a change to some rows changes only the chunks holding them.
 */

/** The columns a part's, minifig's and set's chunk rows start with: the catalog object's. */
const OBJECT_COLUMNS = [
  'id',
  'name',
  'rebrickable_id',
  'bricklink_id',
  'brickowl_id',
  'image_url',
] as const;

/** The columns each kind's chunk carries, in order (every row is an array in this order). */
export const CATALOG_COLUMNS = {
  colours: ['id', 'name', 'hex', 'rebrickable_id', 'bl_colour_id', 'is_transparent'],
  parts: [...OBJECT_COLUMNS, 'length', 'width', 'height', 'weight', 'year', 'material'],
  minifigs: [...OBJECT_COLUMNS, 'num_parts', 'year'],
  sets: [...OBJECT_COLUMNS, 'num_parts', 'year', 'length', 'width', 'height', 'weight'],
  elements: ['id', 'part_id', 'colour_id', 'element_id', 'image_url'],
  moulds: [
    'id',
    'type_id',
    'name',
    'image_url',
    'bl_mold_id',
    'rebrickable_id',
    'brickowl_id',
    'part_id',
    'minifig_id',
    'set_id',
    'weight',
    'dim_x',
    'dim_y',
    'dim_z',
  ],
} as const;

export type CatalogKind = keyof typeof CATALOG_COLUMNS;
export const CATALOG_KINDS = Object.keys(CATALOG_COLUMNS) as CatalogKind[];

/** Ids per chunk of each kind: chunk n holds ids [n * size, (n + 1) * size). */
export const CATALOG_CHUNK_IDS: Record<CatalogKind, number> = {
  colours: 1_000_000_000,
  parts: 2_500,
  minifigs: 5_000,
  sets: 5_000,
  elements: 5_000,
  moulds: 5_000,
};

export const CatalogChunkName = z
  .string()
  .max(40)
  .regex(/^[a-z]+-\d{4}$/, 'A chunk name is <kind>-<nnnn>');

export const CatalogChunkInfo = z.object({
  name: CatalogChunkName,
  kind: z.enum(CATALOG_KINDS as [CatalogKind, ...CatalogKind[]]),
  hash: z.string(),
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type CatalogChunkInfo = z.infer<typeof CatalogChunkInfo>;

/** GET /v1/catalog/manifest. `version` is the hash of all chunk hashes. */
export const CatalogManifest = z.object({
  version: z.string(),
  built_at: z.string(),
  chunks: z.array(CatalogChunkInfo),
});
export type CatalogManifest = z.infer<typeof CatalogManifest>;

/** GET /v1/catalog/chunks/:name?hash=… */
export const CatalogChunkParams = z.object({ name: CatalogChunkName });
export const CatalogChunkQuery = z.object({ hash: z.string().max(64).optional() });

/** A chunk's body: the rows as arrays in CATALOG_COLUMNS[kind] order. */
export const CatalogChunk = z.object({
  name: CatalogChunkName,
  hash: z.string(),
  kind: z.enum(CATALOG_KINDS as [CatalogKind, ...CatalogKind[]]),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
});
export type CatalogChunk = z.infer<typeof CatalogChunk>;

export const CatalogMessages = {
  chunkNotFound: 'Catalog chunk not found',
} as const;
