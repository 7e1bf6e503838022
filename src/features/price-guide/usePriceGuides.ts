import { useCallback, useState } from 'react';
import type { LotGuide, PriceGuideLot } from '../../../contract/price-guide';
import { showApiError } from '../../ui/notify';
import { fetchPriceGuides } from './api';

/** A lot of a screen: its own key there, and what the price guide is asked by. */
export interface GuideLot<K> {
  key: K;
  lot: PriceGuideLot;
}

/**
 * The price guides a screen has loaded, by its lots' keys, in `currency` (a batch's; without one,
 * the BrickLink store's). `load` asks for the lots not loaded yet and answers every lot's guide; a
 * refusal is shown and answers null.
 */
export function usePriceGuides<K>(currency?: string) {
  const [guides, setGuides] = useState<Map<K, LotGuide>>(new Map());
  const [loading, setLoading] = useState(false);
  const load = useCallback(
    async (lots: GuideLot<K>[]): Promise<Map<K, LotGuide> | null> => {
      const known = guides;
      const missing = lots.filter((l) => !known.has(l.key));
      if (missing.length === 0) return known;
      setLoading(true);
      try {
        const answers = await fetchPriceGuides(
          missing.map((l) => l.lot),
          currency,
        );
        const next = new Map(known);
        missing.forEach((l, i) => next.set(l.key, answers[i]));
        setGuides(next);
        return next;
      } catch (error) {
        await showApiError(error);
        return null;
      } finally {
        setLoading(false);
      }
    },
    [guides, currency],
  );
  return { guides, load, loading };
}
