import { z } from 'zod';

/**
 * The BrickLink Store API's answers, as far as the warehouse reads them. Each schema names only the
 * fields the product uses; BrickLink sends many more (colour names, tier prices, display prices…),
 * which are left out of what the client hands on. A field used here that an answer lacks or sends
 * in another type makes the call fail with BAD_RESPONSE, naming the field.
 *
 * Shapes as BrickLink sends them: ids, counts and quantities are JSON numbers; prices are strings
 * with 4 decimals ("0.1250"); an item's type is a word (PART, SET, …); `remarks` and `description`
 * come HTML-escaped ("Don&#39;t" for "Don't"), and are read back unescaped.
 */

/** A fixed-point number in a string, as BrickLink sends every price. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'expected a decimal number in a string');
const integer = z.number().int();
const condition = z.enum(['N', 'U']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Text with HTML character references (&#39;, &#x27;, &amp;…) read as the characters they stand for. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const escapedText = z.string().transform(unescapeHtml);

/** The catalog item of a lot or order line: its number and type. */
const itemRef = z.object({ no: z.string().min(1), type: z.string().min(1) });

/** A store lot (GET /inventories, GET /inventories/{id}, POST /inventories with one lot). */
export const blLotSchema = z.object({
  inventory_id: integer.positive(),
  item: itemRef,
  color_id: integer,
  quantity: integer,
  new_or_used: condition,
  unit_price: decimal,
  description: escapedText.optional(),
  remarks: escapedText.optional(),
  /** What the lot carries besides: read when present (the stock check keeps them of a lot it adopts). */
  bulk: integer.optional(),
  is_retain: z.boolean().optional(),
  is_stock_room: z.boolean().optional(),
  stock_room_id: z
    .string()
    .nullish()
    .transform((v) => v ?? undefined)
    .optional(),
  sale_rate: integer.optional(),
  tier_quantity1: integer.optional(),
  tier_price1: decimal.optional(),
  tier_quantity2: integer.optional(),
  tier_price2: decimal.optional(),
  tier_quantity3: integer.optional(),
  tier_price3: decimal.optional(),
});

/** An order in GET /orders (a summary) or GET /orders/{id}: the fields order intake reads. */
export const blOrderSchema = z.object({
  order_id: integer.positive(),
  date_ordered: z.string().min(1),
  buyer_name: z.string().nullable().optional(),
  status: z.string().min(1),
});

/** One line of an order (GET /orders/{id}/items answers a list of batches of these). */
export const blOrderItemSchema = z.object({
  inventory_id: integer,
  item: itemRef,
  color_id: integer,
  quantity: integer.positive(),
  new_or_used: condition,
  unit_price: decimal,
});

/** An item's price guide in one colour and condition (GET /items/{type}/{no}/price). */
export const blPriceGuideSchema = z.object({
  currency_code: z.string().min(1),
  min_price: decimal,
  max_price: decimal,
  avg_price: decimal,
  qty_avg_price: decimal,
  unit_quantity: integer,
  total_quantity: integer,
});

/**
 * BrickLink's envelope around every answer. `meta.code` is the outcome (2xx, or the refusal's
 * code); BrickLink's own examples write it as a string ("200"), its answers as a number. `data` is
 * missing from refusals and may be missing or `{}` where a call has nothing to answer.
 */
export const blEnvelopeSchema = z.object({
  meta: z.object({
    code: z.union([integer, z.string().regex(/^\d+$/).transform(Number)]),
    message: z.string().optional(),
    description: z.string().optional(),
  }),
  data: z.unknown().optional(),
});

export type BlMeta = z.infer<typeof blEnvelopeSchema>['meta'];

/** Where and why an answer did not fit: "data[2].unit_price: expected a decimal number in a string". */
export function describeIssues(error: z.ZodError, root = 'data'): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path
        .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
        .join('');
      return `${root}${path}: ${issue.message}`;
    })
    .join('; ');
}
