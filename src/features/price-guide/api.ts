import {
  PRICE_GUIDE_LOTS_MAX,
  type LotGuide,
  type PriceGuideAnswer,
  type PriceGuideLot,
} from '../../../contract/price-guide';
import { api } from '../../api/client';

/**
 * BrickLink's price guide of each lot, in order, asked at most PRICE_GUIDE_LOTS_MAX lots a call
 * (the server keeps each guide a day, so asking again costs no BrickLink call).
 */
export async function fetchPriceGuides(lots: PriceGuideLot[]): Promise<LotGuide[]> {
  const answers: LotGuide[] = [];
  for (let i = 0; i < lots.length; i += PRICE_GUIDE_LOTS_MAX) {
    const chunk = lots.slice(i, i + PRICE_GUIDE_LOTS_MAX);
    const res = await api
      .post('v1/price_guide', { json: { lots: chunk } })
      .json<PriceGuideAnswer>();
    answers.push(...res.results);
  }
  return answers;
}
