import { z } from 'zod';

/**
 * Answer fragments several response schemas share: a message, a counted list, the look of an item
 * variant and the name of a location. A fragment that is a plain object of fields is spread into
 * a schema next to the schema's own fields (`z.object({ ...ItemLook, quantity: … })`).
 */

/** An answer that is only a message for the user. */
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** A list answer: the rows and how many there are in all (more than `results` holds when paged). */
export function countedList<Row extends z.ZodType>(row: Row) {
  return z.object({ results: z.array(row), count: z.number().int() });
}

/** An item variant as the screens show it: its mould, its colour and its picture. */
export const ItemLook = {
  item_id: z.number().int(),
  mold_id: z.number().int(),
  mold_name: z.string(),
  colour_id: z.number().int(),
  colour_name: z.string(),
  /** Six hex digits, without '#'. */
  colour_hex: z.string(),
  image_path: z.string().nullable(),
};

type OrNull<Shape extends Record<string, z.ZodType>> = {
  [K in keyof Shape]: Shape[K] extends z.ZodNullable ? Shape[K] : z.ZodNullable<Shape[K]>;
};
/** The same fields, each of which may be null (a row that has no item, or not yet). */
export function orNull<Shape extends Record<string, z.ZodType>>(shape: Shape): OrNull<Shape> {
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [
      key,
      field instanceof z.ZodNullable ? field : field.nullable(),
    ]),
  ) as OrNull<Shape>;
}

/** A location as the floor names it. */
export const LocationRef = {
  location_id: z.number().int(),
  /** Breadcrumb, root to leaf, joined with ' > ' (BREADCRUMB_SEPARATOR). */
  location_name: z.string(),
  code: z.string(),
};

/** One location of a path from the root, by its own name (not the breadcrumb). */
export const PathStep = z.object({
  location_id: z.number().int(),
  name: z.string(),
  code: z.string(),
});
export type PathStep = z.infer<typeof PathStep>;
