import { z } from 'zod';
import { int, text } from './fields';
import {
  CatalogMessages,
  isCatalogImageUrl,
  ObjectTypes,
  PageSize,
  RelationTypes,
  ZeroPage,
} from './catalog';
import { countedList } from './shapes';

/**
 * BrickBase suggestions, their review and the changelog (docs/catalog.md). Messages are
 * CatalogMessages in catalog.ts.
 */

// ---- suggestions ----

/** Fields a suggestion may change, per object type, and what each holds. */
const idText = text(64).nullable();
const dim = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number().min(0).max(100_000),
  )
  .nullable();
/** A picture: https on one of the catalog's image hosts (CATALOG_IMAGE_HOSTS), or none. */
const imageUrl = text(500)
  .refine((v) => isCatalogImageUrl(v), { error: CatalogMessages.imageUrl })
  .nullable();
/** What a part, a minifig and a set all have. */
const objectFields = {
  name: text(300).min(1),
  rebrickable_id: idText,
  bricklink_id: idText,
  brickowl_id: idText,
  image_url: imageUrl,
  year: int(1900, 2100).nullable(),
};
export const EditableFields = {
  part: {
    ...objectFields,
    length: dim,
    width: dim,
    height: dim,
    weight: dim,
    material: text(100).nullable(),
  },
  minifig: {
    ...objectFields,
    num_parts: int(0, 100_000).nullable(),
  },
  set: {
    ...objectFields,
    num_parts: int(0, 100_000).nullable(),
    length: dim,
    width: dim,
    height: dim,
    weight: dim,
  },
  element: { element_id: idText, image_url: imageUrl },
} as const;

const ChangeValue = z.union([z.string().max(500), z.number(), z.null()]);
/** POST /v3/brickbase/suggestions/: an edit (object_uuid) or a relation (from/to uuids). */
export const SuggestionRequest = z.object({
  description: text(1000).default(''),
  object_type: z.enum([...ObjectTypes, ...RelationTypes]),
  object_uuid: text(64).nullable().optional(),
  changes: z.record(text(64), ChangeValue),
});
export type SuggestionRequest = z.input<typeof SuggestionRequest>;

export const SuggestionStatuses = ['open', 'rejected', 'accepted'] as const;
export type SuggestionStatus = (typeof SuggestionStatuses)[number];
export const SUGGESTION_STATUS_LABELS: Record<SuggestionStatus, string> = {
  open: 'Open',
  rejected: 'Rejected',
  accepted: 'Accepted',
};

export const Suggestion = z.object({
  uuid: z.string(),
  status: z.enum(SuggestionStatuses),
  description: z.string(),
  object_type: z.string(),
  object_uuid: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  /** The current object (its fields), or null when it is missing or the suggestion adds one. */
  object: z.record(z.string(), z.unknown()).nullable(),
  created_by: z.object({ name: z.string() }),
  created_at: z.string(),
  /** True when the caller made it (a suggestion is never reviewed by who made it). */
  mine: z.boolean(),
  /** The names of the catalog objects its uuids point at (the object, a relation's ends). */
  names: z.record(z.string(), z.string()),
});
export type Suggestion = z.infer<typeof Suggestion>;

export const SuggestionListQuery = z.object({
  status: text(40)
    .default('open')
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.enum(SuggestionStatuses)).max(3)),
  page: ZeroPage,
  size: PageSize,
});
export const SuggestionList = countedList(Suggestion).extend({
  /** True when the caller is one of the catalog's curators, who accept and reject. */
  may_review: z.boolean(),
});
export type SuggestionList = z.infer<typeof SuggestionList>;
export const SuggestionParams = z.object({ uuid: text(64) });
/** Accept and reject carry the suggestion's description and changes as shown; the stored ones apply. */
export const ReviewRequest = z
  .object({ description: text(1000).optional(), changes: z.unknown().optional() })
  .nullish();

// ---- changelog ----

export const ChangeEntry = z.object({
  id: z.number().int(),
  model: z.string(),
  model_uuid: z.string(),
  /** The part's, minifig's, set's or element's name; null for a relation or a removed object. */
  object_name: z.string().nullable(),
  action: z.string(),
  actor: z.object({ name: z.string() }),
  timestamp: z.string(),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })),
  /** The names of the catalog objects the changes' uuids point at (a relation's ends). */
  names: z.record(z.string(), z.string()),
});
export type ChangeEntry = z.infer<typeof ChangeEntry>;
export const LogsQuery = z.object({ page: ZeroPage, size: PageSize });
export const LogsParams = z.object({ uuid: text(64) });
export const ChangeList = countedList(ChangeEntry);
export type ChangeList = z.infer<typeof ChangeList>;
