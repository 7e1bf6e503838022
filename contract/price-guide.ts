import { z } from 'zod';
import { currencyCode, DEFAULT_CURRENCY, id, int, INT_MAX, PRICE_MAX } from './fields';

/**
 * BrickLink's price guide of a lot's item, colour and condition (docs/marketplaces.md): the last
 * six months' sales (`sold`) and the lots for sale now (`stock`), read with the company's BrickLink
 * store and kept for a day. Prices are thousandths of the guide's currency: the one asked for
 * (a batch's, a store's), else the BrickLink store's.
 */
export const GUIDE_TYPES = ['sold', 'stock'] as const;
export type GuideType = (typeof GUIDE_TYPES)[number];
export const GUIDE_LABELS: Record<GuideType, string> = {
  sold: 'Sold (last 6 months)',
  stock: 'For sale now',
};

/** The most lots one request may ask the guide of (each may cost two BrickLink calls). */
export const PRICE_GUIDE_LOTS_MAX = 50;
/** The currency a guide is asked in when neither the request nor the store names one. */
export const PRICE_GUIDE_CURRENCY = DEFAULT_CURRENCY;
/** How far "set to the average ± n %" may go. */
export const PERCENT_MIN = -99;
export const PERCENT_MAX = 1000;

export const PRICE_GUIDE_CONDITIONS = ['NEW', 'LIKE_NEW', 'GOOD', 'ACCEPTABLE'] as const;

export const PriceGuideMessages = {
  noStore:
    "There is no BrickLink store with credentials to read BrickLink's price guide with: add one in Stores",
  refused: (store: string, detail: string) =>
    `BrickLink refused the credentials of store '${store}': check them in Stores (${detail})`,
  budget: (reserve: number) =>
    `The BrickLink calls for today are used up except the ${reserve} kept for order intake; the price guide can be read again at 00:00 UTC`,
  itemNotFound: 'Item not found',
  noBrickLinkNo: 'The item has no BrickLink item number',
  noBrickLinkColour: 'The colour has no BrickLink colour id',
  notOnBrickLink: (type: string, no: string) => `BrickLink has no ${type} ${no}`,
  unreachable: (detail: string) => `BrickLink's price guide could not be read: ${detail}`,
} as const;

/** A lot: a warehouse item, or a mould, colour and condition (a tray not yet an item). */
export const PriceGuideLot = z.union([
  z.object({ item_id: id() }).strict(),
  z
    .object({
      mold_id: id(),
      colour_id: int(0, INT_MAX),
      condition: z.enum(PRICE_GUIDE_CONDITIONS),
    })
    .strict(),
]);
export type PriceGuideLot = z.input<typeof PriceGuideLot>;

export const PriceGuideBody = z.object({
  lots: z.array(PriceGuideLot).min(1).max(PRICE_GUIDE_LOTS_MAX),
  /** The currency to ask the guides in (a batch's); absent: the BrickLink store's currency. */
  currency: currencyCode().optional(),
});
export type PriceGuideBody = z.input<typeof PriceGuideBody>;

export const Guide = z.object({
  /** thousandths of currency_code */
  min_price: z.number(),
  avg_price: z.number(),
  max_price: z.number(),
  qty_avg_price: z.number(),
  /** sold: sales; stock: lots for sale */
  unit_quantity: z.number(),
  /** sold: pieces sold; stock: pieces for sale */
  total_quantity: z.number(),
  currency_code: z.string(),
  fetched_at: z.string(),
});
export type Guide = z.infer<typeof Guide>;

export const LotGuide = z.object({
  /** BrickLink's item type, number, colour and condition the guide is of (null when unknown). */
  item_type: z.string().nullable(),
  bl_item_no: z.string().nullable(),
  bl_colour_id: z.number().nullable(),
  new_or_used: z.enum(['N', 'U']).nullable(),
  sold: Guide.nullable(),
  stock: Guide.nullable(),
  /** Why there is no guide, for a person. */
  error: z.string().nullable(),
});
export type LotGuide = z.infer<typeof LotGuide>;

/** One answer per lot asked, in the order asked. */
export const PriceGuideAnswer = z.object({ results: z.array(LotGuide) });
export type PriceGuideAnswer = z.infer<typeof PriceGuideAnswer>;

/**
 * The guide's average (by sale or lot, BrickLink's `avg_price`) plus `percent` %, in thousandths,
 * at least 1 and at most PRICE_MAX; null when the guide has no average (nothing sold or for sale).
 */
export function averagePlus(guide: Guide | null, percent: number): number | null {
  return guide ? priceFromAverage(guide.avg_price, percent) : null;
}

/** An average (thousandths) plus `percent` %, as averagePlus; null for no average (0). */
export function priceFromAverage(average: number, percent: number): number | null {
  if (average <= 0) return null;
  const value = Math.round((average * (100 + percent)) / 100);
  return Math.min(PRICE_MAX, Math.max(1, value));
}

export interface PriceChange<K> {
  key: K;
  label: string;
  old: number | null;
  new: number;
}

/**
 * What "set the selected lots to the average ± n %" does: each lot with a guide gets its new price
 * (those whose price it already is stay); lots without a guide keep theirs.
 */
export function averageChanges<K>(
  lots: { key: K; label: string; price: number | null; guide: LotGuide | undefined }[],
  type: GuideType,
  percent: number,
): { changes: PriceChange<K>[]; unchanged: number; noGuide: string[] } {
  const changes: PriceChange<K>[] = [];
  const noGuide: string[] = [];
  let unchanged = 0;
  for (const lot of lots) {
    const next = averagePlus(lot.guide?.[type] ?? null, percent);
    if (next === null) noGuide.push(lot.label);
    else if (next === lot.price) unchanged++;
    else changes.push({ key: lot.key, label: lot.label, old: lot.price, new: next });
  }
  return { changes, unchanged, noGuide };
}
