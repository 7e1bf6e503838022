import { z } from 'zod';
import { StoreItemRow } from './bricksyncer';
import { INT_MAX, int, page, text } from './fields';
import { GUIDE_TYPES, PERCENT_MAX, PERCENT_MIN } from './price-guide';

/**
 * Edit prices over many lots (docs/bricksyncer-admin.md, docs/marketplaces.md#price-guide): the
 * company's items on sale found by a search and filters, a page at a time, and "Set to average ±
 * n %" over everything they find, worked out and done on the server a chunk at a time. The
 * averages are those of the price guides the server keeps (read by Show price guide, the sync
 * batch page or the trays editor).
 */

/** The page sizes the screen offers; the query takes any size up to the largest. */
export const PRICE_LOT_PAGE_SIZES = [10, 25, 50, 100, 250] as const;
export const PRICE_LOT_PAGE_MAX = 250;
/** The most lots one Set to average may take: a larger search is refused, to be narrowed. */
export const SET_TO_AVERAGE_MAX = 20_000;
/** The most lots one call of Set to average sets (one transaction); the screen calls again. */
export const SET_TO_AVERAGE_CHUNK = 1_000;
/** A kept price guide counts for the search, its filters and Set to average this many days. */
export const GUIDE_USABLE_DAYS = 30;
/** The longest search text. */
export const SEARCH_MAX = 100;

/** Condition filter: one condition, or USED for every condition but NEW. */
export const LOT_CONDITIONS = ['NEW', 'USED', 'LIKE_NEW', 'GOOD', 'ACCEPTABLE'] as const;
export type LotCondition = (typeof LOT_CONDITIONS)[number];
export const LOT_CONDITION_LABELS: Record<LotCondition, string> = {
  NEW: 'New',
  USED: 'Used (any)',
  LIKE_NEW: 'Like new',
  GOOD: 'Good',
  ACCEPTABLE: 'Acceptable',
};

/**
 * Price guide filter: with a kept guide (sold or for sale, with an average), without one, or the
 * price below or above the average of `average` (sold in the last 6 months, or for sale now).
 */
export const GUIDE_FILTERS = ['with', 'without', 'below', 'above'] as const;
export type GuideFilter = (typeof GUIDE_FILTERS)[number];

/** What a search and its filters find (every field optional: no field finds every lot). */
export const PriceLotsFilter = z.object({
  /**
   * Words, each found in the BrickLink item number (its start), the item's name, its colour's
   * name, or its condition ('new', 'used', 'good', …).
   */
  q: text(SEARCH_MAX).optional(),
  condition: z.enum(LOT_CONDITIONS).optional(),
  guide: z.enum(GUIDE_FILTERS).optional(),
  /** The average `below` and `above` compare with. */
  average: z.enum(GUIDE_TYPES).default('sold'),
});
export type PriceLotsFilter = z.input<typeof PriceLotsFilter>;

export const PriceLotsQuery = PriceLotsFilter.extend({
  limit: int(1, PRICE_LOT_PAGE_MAX).default(PRICE_LOT_PAGE_SIZES[0]),
  page: page().default(1),
});
export type PriceLotsQuery = z.input<typeof PriceLotsQuery>;

/** An item on sale as Edit prices lists it, with its BrickLink item number. */
export const PriceLotRow = StoreItemRow.extend({ bl_item_no: z.string().nullable() });
export type PriceLotRow = z.infer<typeof PriceLotRow>;
export const PriceLotList = z.object({ count: z.number(), results: z.array(PriceLotRow) });
export type PriceLotList = z.infer<typeof PriceLotList>;

/** Set the lots found to `set_to`'s average plus `percent` %. */
export const AveragePlanBody = PriceLotsFilter.extend({
  set_to: z.enum(GUIDE_TYPES),
  percent: int(PERCENT_MIN, PERCENT_MAX),
});
export type AveragePlanBody = z.input<typeof AveragePlanBody>;

/** One call of the set: the lots found after lot `after_id` (by id), at most SET_TO_AVERAGE_CHUNK. */
export const AverageSetBody = AveragePlanBody.extend({ after_id: int(0, INT_MAX).default(0) });
export type AverageSetBody = z.input<typeof AverageSetBody>;

const Counts = {
  /** Lots taken. */
  lots: z.number(),
  /** Lots that get (or got) a new price. */
  changes: z.number(),
  /** Lots whose price the average already is. */
  unchanged: z.number(),
  /** Lots without a kept guide with that average: they keep their price. */
  no_guide: z.number(),
};

/** The first changes, in the list's order, for the confirmation. */
export const PLAN_SAMPLE = 10;

export const AveragePlan = z.object({
  ...Counts,
  sample: z.array(
    z.object({
      id: z.number(),
      label: z.string(),
      /** thousandths of `currency`, the lot's store's */
      old: z.number(),
      new: z.number(),
      currency: z.string(),
    }),
  ),
});
export type AveragePlan = z.infer<typeof AveragePlan>;

export const AverageSetAnswer = z.object({
  ...Counts,
  /** Where the next call starts (`after_id`); null when every lot found has been taken. */
  next_after_id: z.number().nullable(),
});
export type AverageSetAnswer = z.infer<typeof AverageSetAnswer>;

export const PriceLotsMessages = {
  tooMany: (n: number) =>
    `The search finds ${n.toLocaleString('en-US')} lots; Set to average takes at most ${SET_TO_AVERAGE_MAX.toLocaleString('en-US')} at a time: narrow the search.`,
} as const;
