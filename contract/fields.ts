import { z } from 'zod';

/**
 * Field types every request schema is built from, so the same input gets the same answer on
 * SQLite and PostgreSQL: bounds that both databases hold, checked before any query runs.
 *
 * - Integers are 32-bit: PostgreSQL's `integer` stops at 2^31 − 1 (a larger id or count is an
 *   error there and a valid number in SQLite), so no request integer goes beyond INT_MAX.
 * - Text never holds a NUL character: PostgreSQL refuses it in `text` (SQLite keeps it), so it is
 *   refused up front, with a length limit on every string.
 * - No empty value turns into a number: '' , null, false and [] are refused where an id or a count
 *   is expected (read as 0 they would, for instance, name permission 0). A number may come as a
 *   JSON number or as a string of digits (query strings are always strings).
 */

/** The largest value an integer column holds on both databases. */
export const INT_MAX = 2_147_483_647;
/** The default length limit of free text (notes, names). */
export const TEXT_MAX = 4_000;
/** The most pieces of one item at one location, and the most moved by one call. */
export const STOCK_MAX = 1_000_000;
/** The highest price of one piece or lot: one million euro, in thousandths of a euro. */
export const PRICE_MAX = 1_000_000_000;
/** The largest bulk size (a lot sold only in multiples of it): no more than a lot can hold. */
export const BULK_MAX = STOCK_MAX;

export const FieldMessages = {
  nul: 'Text must not contain the NUL character (\\u0000).',
  integer: 'Expected a whole number.',
} as const;

/** True when the text holds no NUL character. */
export function hasNoNul(s: string): boolean {
  return !s.includes('\u0000');
}
const INTEGER_TEXT = /^\s*[-+]?\d{1,20}\s*$/;

/** A string of at most `max` characters without NUL, trimmed unless `trim` is false. */
export function text(max = TEXT_MAX, opts: { trim?: boolean } = {}) {
  const base = opts.trim === false ? z.string() : z.string().trim();
  return base.max(max).refine(hasNoNul, { error: FieldMessages.nul });
}

/** Digits in a string become a number; anything else is left for the number check to refuse. */
function integerInput(v: number | string): unknown {
  return typeof v === 'string' && INTEGER_TEXT.test(v) ? Number(v) : v;
}

/** A whole number in min..max, as a JSON number or a string of digits; nothing else. */
export function int(min: number, max: number) {
  return z.preprocess(
    integerInput,
    z
      .number({ error: FieldMessages.integer })
      .int({ error: FieldMessages.integer })
      .min(min)
      .max(max),
  );
}

/** A row id: 1..INT_MAX. */
export function id() {
  return int(1, INT_MAX);
}

/**
 * A row id in an outbox mutation's args: 1..INT_MAX. The args are JSON the app wrote, so a number
 * only (no digit strings).
 */
export function argId() {
  return z.number().int().min(1).max(INT_MAX);
}

/** A number of pieces: 0..STOCK_MAX (or `min`..STOCK_MAX). */
export function quantity(min = 0) {
  return int(min, STOCK_MAX);
}

/** A price in thousandths of a euro: `min`..PRICE_MAX. */
export function price(min = 0) {
  return int(min, PRICE_MAX);
}

/** The currency everything was in before stores and batches had their own (and still the default). */
export const DEFAULT_CURRENCY = 'EUR';

export const CurrencyMessages = {
  code: 'A currency is its three-letter ISO code, like EUR or USD',
} as const;

/** An ISO 4217 currency code: three letters, taken in capitals ("usd" is USD). */
export function currencyCode() {
  return z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: CurrencyMessages.code });
}

/** A bulk size: 1..BULK_MAX. */
export function bulkSize() {
  return int(1, BULK_MAX);
}

/**
 * A form's number as typed, for a form whose own check names what is wrong with it (and checks
 * its bounds): a JSON number, a short text without NUL, or empty (null, absent).
 */
export function typedNumber() {
  return z.union([z.number(), text(50, { trim: false }), z.null()]).optional();
}

/** A page number (paged lists). */
export function page() {
  return int(1, 1_000_000);
}

/** A paged list's query fields: `limit` rows a page (1..100, default `perPage`) and `page` (default 1). */
export function paging(perPage: number) {
  return { limit: int(1, 100).default(perPage), page: page().default(1) };
}

/**
 * A 0/1 switch: 0 or 1, '0' or '1', or a JSON boolean (true is 1). Not '', null or [].
 */
export function zeroOne() {
  return z.preprocess(
    (v: number | string | boolean) => (typeof v === 'boolean' ? Number(v) : integerInput(v)),
    z.number({ error: FieldMessages.integer }).int({ error: FieldMessages.integer }).min(0).max(1),
  );
}

/** A query flag: present (`?flag`, `?flag=1`, `?flag=true`) or off (`=0`, `=false`, absent). */
export function queryFlag() {
  return z.enum(['', '1', 'true', '0', 'false']).optional();
}

/** One query flag (see queryFlag) for each name: the fields of a list's sort flags. */
export function queryFlags<const Name extends string>(names: readonly Name[]) {
  return Object.fromEntries(names.map((name) => [name, queryFlag()])) as Record<
    Name,
    ReturnType<typeof queryFlag>
  >;
}

export const SortFlagMessages = {
  oneSortFlag: 'Choose at most one sort order.',
} as const;

/** True when a query flag is present and not switched off. */
export function isFlagOn(v: string | undefined): boolean {
  return v !== undefined && v !== '0' && v !== 'false';
}
