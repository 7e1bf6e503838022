import { z } from 'zod';
import { BO_CONDITIONS, type BoCondition } from './types';

/**
 * BrickOwl's answers as it sends them, and what the warehouse reads from them. Field names are
 * BrickOwl's own (BrickOwl's API documentation, BrickSync's brickowl.c with the answers it
 * captured, BrickOwlSharp's response types; the recorded answers are in
 * tests/fixtures/marketplaces/brickowl/). BrickOwl sends most numbers as strings; each schema
 * takes a string or a number where BrickOwl may send either, and refuses anything else, so an
 * answer of another shape fails with the field that did not fit instead of being read as empty.
 */

/** An id sent as a string ("2726913") or a number. */
const idText = z.union([z.string().min(1), z.number().int().nonnegative()]).transform(String);
/** A whole number sent as a string ("12") or a number. */
const wholeNumber = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/, 'not a whole number')])
  .transform(Number);
/** A decimal sent as a string ("0.720") or a number, kept as text. */
const decimal = z
  .union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, 'not a decimal number')])
  .transform(String);
const text = z.string().nullish();

/**
 * `external_lot_ids`: `{"other": "55984821"}` for a lot given an external id, and `[]` (an empty
 * list) for a lot without one.
 */
const externalLotIds = z.union([
  z.tuple([]).transform((): Record<string, string> => ({})),
  z.record(z.string(), idText),
]);

/** The lot's own external id: the one BrickOwl files under "other", else the first it names. */
function externalIdOf(ids: Record<string, string> | undefined): string | null {
  if (!ids) return null;
  return ids.other ?? Object.values(ids)[0] ?? null;
}

const isCode = (value: string | null | undefined): value is BoCondition =>
  typeof value === 'string' && (BO_CONDITIONS as readonly string[]).includes(value);

/**
 * A condition from BrickOwl's full code (`full_con`: "new", "news", "usedg", …) or, without one,
 * from its short word (`con` on a lot: "new"; `condition` on an order line: "New", "Used"). New is
 * any code or word starting with "new"; a used lot's grade is known only from a full code.
 */
function readCondition(full: string | null | undefined, short: string) {
  const [f, s] = [full?.trim().toLowerCase(), short.trim().toLowerCase()];
  const code = isCode(f) ? f : isCode(s) ? s : null;
  return { code, isNew: (f ?? s).startsWith('new') };
}

/** A whole number sent as a string or a number; anything else is `fallback` (never refused). */
function leniently(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) ? n : fallback;
}

/**
 * A lot's tier prices as BrickOwl lists them, `[[quantity, price], …]` (BrickOwlSharp's reading;
 * BrickOwl's documentation shows none): read when in that shape, else none (never refused).
 */
function tiersOf(value: unknown): { quantity: number; price: string }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((t: unknown) => {
    if (!Array.isArray(t) || t.length !== 2) return [];
    const quantity = leniently(t[0], 0);
    const price = String(t[1] as string | number);
    return quantity > 0 && /^\d+(\.\d+)?$/.test(price) ? [{ quantity, price }] : [];
  });
}

/** One lot of `inventory/list`. */
export const boLotAnswer = z
  .object({
    lot_id: idText,
    boid: z.string().min(1),
    qty: wholeNumber,
    price: decimal,
    con: z.string(),
    full_con: text,
    for_sale: z.union([z.string(), z.number(), z.boolean()]).optional(),
    public_note: text,
    personal_note: text,
    external_lot_ids: externalLotIds.optional(),
    type: z.string().optional(),
    sale_percent: z.unknown().optional(),
    bulk_qty: z.unknown().optional(),
    tier_price: z.unknown().optional(),
  })
  .transform((l) => {
    const { code, isNew } = readCondition(l.full_con, l.con);
    return {
      lotId: l.lot_id,
      /** As BrickOwl writes it: a part's with its colour, "306255-64". */
      boid: l.boid,
      quantity: l.qty,
      price: l.price,
      condition: code,
      isNew,
      forSale: l.for_sale === undefined || ['1', 1, true, 'true'].includes(l.for_sale),
      publicNote: l.public_note ?? '',
      personalNote: l.personal_note ?? '',
      externalId: externalIdOf(l.external_lot_ids),
      /** Percent off, bulk and tiers: read when BrickOwl sends them readably, else none. */
      salePercent: leniently(l.sale_percent, 0),
      bulkQty: Math.max(1, leniently(l.bulk_qty, 1)),
      tiers: tiersOf(l.tier_price),
    };
  });
export type BoLot = z.output<typeof boLotAnswer>;
export const boLotList = z.array(boLotAnswer);

/** `inventory/create`: the new lot's id. */
export const boCreatedAnswer = z.object({ lot_id: idText }).transform((a) => a.lot_id);

/** `inventory/update` and `inventory/delete`: `{"status": "Success"}`. */
export const boStatusAnswer = z.object({ status: z.string().optional() });

/** `catalog/id_lookup`: the BOIDs BrickOwl knows for the id (none: an empty or absent list). */
export const boIdLookupAnswer = z
  .object({ boids: z.array(idText).nullish() })
  .transform((a) => a.boids ?? []);

const colourAnswer = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  name: z.string().nullish(),
  bl_ids: z.array(z.union([z.string(), z.number()])).nullish(),
});
/** `catalog/color_list`: an object of colours keyed by BrickOwl's colour id (a list is read too). */
export const boColourListAnswer = z.union([
  z.record(z.string(), colourAnswer),
  z.array(colourAnswer),
]);
export type BoColourAnswer = z.output<typeof colourAnswer>;

/** One order of `order/list`. */
export const boOrderAnswer = z
  .object({
    order_id: idText,
    /** Unix seconds. */
    order_date: idText,
    status: z.string(),
    status_id: idText.optional(),
    total_quantity: wholeNumber.optional(),
    total_lots: wholeNumber.optional(),
    base_order_total: decimal.optional(),
  })
  .transform((o) => ({
    orderId: o.order_id,
    orderDate: o.order_date,
    status: o.status,
    statusId: o.status_id ?? null,
  }));
export type BoOrder = z.output<typeof boOrderAnswer>;
export const boOrderList = z.array(boOrderAnswer);

/** `order/view`: the order's details, of which the warehouse reads its status. */
export const boOrderViewAnswer = z
  .object({
    order_id: idText,
    order_time: idText.optional(),
    /** The status's name ("Payment Received", "Cancelled", …); `status_id` its number. */
    status: z.string(),
    status_id: idText.optional(),
  })
  .transform((o) => ({
    orderId: o.order_id,
    orderTime: o.order_time ?? null,
    status: o.status,
    statusId: o.status_id ?? null,
  }));
export type BoOrderView = z.output<typeof boOrderViewAnswer>;

/** One line of `order/items`. */
export const boOrderItemAnswer = z
  .object({
    lot_id: idText.nullish(),
    /** A part's with its colour: "487300-38". */
    boid: z.string().min(1),
    name: text,
    color_id: idText.nullish(),
    ordered_quantity: wholeNumber,
    base_price: decimal,
    /** "New" or "Used". */
    condition: z.string(),
    /** BrickOwl's condition code: "new", "usedg", … */
    full_con: text,
    external_lot_ids: externalLotIds.optional(),
    ids: z.array(z.object({ id: idText, type: z.string() })).nullish(),
  })
  .transform((i) => {
    const { code, isNew } = readCondition(i.full_con, i.condition);
    const colourId = i.color_id == null ? null : Number(i.color_id);
    return {
      lotId: i.lot_id ?? null,
      boid: i.boid,
      name: i.name ?? null,
      colourId: colourId !== null && Number.isInteger(colourId) ? colourId : null,
      quantity: i.ordered_quantity,
      basePrice: i.base_price,
      condition: code,
      isNew,
      externalId: externalIdOf(i.external_lot_ids),
      ids: i.ids ?? [],
    };
  });
export type BoOrderItem = z.output<typeof boOrderItemAnswer>;
export const boOrderItemList = z.array(boOrderItemAnswer);

const statusNumber = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
/**
 * One answer inside `bulk/batch`: the endpoint's HTTP status and its own answer as `body`
 * (BrickOwlSharp: `status_code`; another open-source client reads `code`, numbered by `req_num`).
 */
const batchEntry = z
  .object({
    endpoint: z.string().optional(),
    status_code: statusNumber.optional(),
    code: statusNumber.optional(),
    req_num: statusNumber.optional(),
    body: z.unknown().optional(),
  })
  .refine((e) => e.status_code !== undefined || e.code !== undefined, {
    message: 'a batch answer without its status_code',
  })
  .transform((e) => ({
    endpoint: e.endpoint ?? null,
    status: (e.status_code ?? e.code)!,
    number: e.req_num ?? null,
    body: e.body,
  }));
export type BoBatchEntry = z.output<typeof batchEntry>;

/**
 * `bulk/batch`: `{"responses": [{"endpoint", "status_code", "body"}, …]}`, one per request in the
 * order sent; a bare list of the same entries is read too. Entries numbered by `req_num` are put
 * back in that order.
 */
export const boBatchAnswer = z
  .union([
    z.object({ responses: z.array(batchEntry) }).transform((a) => a.responses),
    z.array(batchEntry),
  ])
  .transform((entries) =>
    entries.every((e) => e.number !== null)
      ? [...entries].sort((a, b) => a.number! - b.number!)
      : entries,
  );

const refusalDetail = z.object({ status: z.string().optional(), message: z.string().optional() });
/**
 * A refusal: `{"error": "…"}` or `{"error": {"status": "…"}}` (or `message`), read as its text;
 * any other error value is given as it was sent.
 */
export const boRefusal = z
  .object({
    error: z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.looseObject({})]),
  })
  .transform(({ error }) => {
    if (typeof error === 'string') return error;
    const detail = refusalDetail.safeParse(error);
    return (
      (detail.success ? (detail.data.status ?? detail.data.message) : undefined) ??
      JSON.stringify(error)
    );
  });

/** What did not fit, in words: the first few fields that did not, with where they are. */
export function misfit(error: z.ZodError): string {
  const where = (path: PropertyKey[]) => (path.length ? path.map(String).join('.') : 'the answer');
  const issues = error.issues.slice(0, 3).map((i) => `${where(i.path)}: ${i.message}`);
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return issues.join('; ') + more;
}
