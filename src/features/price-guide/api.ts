import {
  PRICE_GUIDE_LOTS_MAX,
  type LotGuide,
  type PriceGuideAnswer,
  type PriceGuideLot,
} from '../../../contract/price-guide';
import type {
  AveragePlan,
  AveragePlanBody,
  AverageSetAnswer,
  AverageSetBody,
  PriceLotList,
  PriceLotsQuery,
} from '../../../contract/price-lots';
import { api } from '../../api/client';

/**
 * BrickLink's price guide of each lot, in order, asked at most PRICE_GUIDE_LOTS_MAX lots a call
 * (the server keeps each guide a day, so asking again costs no BrickLink call), in `currency`
 * (a batch's) or, without one, in the BrickLink store's.
 */
export async function fetchPriceGuides(
  lots: PriceGuideLot[],
  currency?: string,
): Promise<LotGuide[]> {
  const answers: LotGuide[] = [];
  for (let i = 0; i < lots.length; i += PRICE_GUIDE_LOTS_MAX) {
    const chunk = lots.slice(i, i + PRICE_GUIDE_LOTS_MAX);
    const res = await api
      .post('v1/price_guide', { json: { lots: chunk, ...(currency ? { currency } : {}) } })
      .json<PriceGuideAnswer>();
    answers.push(...res.results);
  }
  return answers;
}

/** A page of the items on sale a search and its filters find (Edit prices). */
export function fetchPriceLots(query: PriceLotsQuery): Promise<PriceLotList> {
  const searchParams: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') searchParams[k] = v;
  return api.get('v1/price_lots', { searchParams }).json();
}

/** What Set to average would do to every lot the search finds; nothing changes. */
export function planAverage(body: AveragePlanBody): Promise<AveragePlan> {
  return api.post('v1/price_lots_average_plan', { json: body }).json();
}

/** Sets the next chunk of lots the search finds after lot `after_id`. */
export function setAverage(body: AverageSetBody): Promise<AverageSetAnswer> {
  return api.post('v1/price_lots_average', { json: body }).json();
}
