import { describe, expect, it } from 'vitest';
import { PRICE_MAX } from './fields';
import { averageChanges, averagePlus, type Guide, type LotGuide } from './price-guide';

const guide = (avg: number): Guide => ({
  min_price: avg,
  avg_price: avg,
  max_price: avg,
  qty_avg_price: avg,
  unit_quantity: 1,
  total_quantity: 1,
  currency_code: 'EUR',
  fetched_at: '2026-11-27T00:00:00.000Z',
});
const lot = (sold: number | null, stock: number | null): LotGuide => ({
  item_type: 'PART',
  bl_item_no: '3001',
  bl_colour_id: 5,
  new_or_used: 'N',
  sold: sold === null ? null : guide(sold),
  stock: stock === null ? null : guide(stock),
  error: null,
});

describe('set to average ± %', () => {
  it('adds the percentage to the average, rounded to the thousandth, within 1..PRICE_MAX', () => {
    expect(averagePlus(guide(150), 0)).toBe(150);
    expect(averagePlus(guide(150), 10)).toBe(165);
    expect(averagePlus(guide(155), -10)).toBe(140); // 139.5 rounds up
    expect(averagePlus(guide(1), -99)).toBe(1);
    expect(averagePlus(guide(PRICE_MAX), 1000)).toBe(PRICE_MAX);
    expect(averagePlus(guide(0), 10)).toBeNull();
    expect(averagePlus(null, 10)).toBeNull();
  });

  it('counts the lots that change, those already at the price and those without a guide', () => {
    const plan = averageChanges(
      [
        { key: 1, label: 'a', price: 100, guide: lot(200, 300) },
        { key: 2, label: 'b', price: 300, guide: lot(null, 300) },
        { key: 3, label: 'c', price: 100, guide: lot(null, 300) },
        { key: 4, label: 'd', price: null, guide: undefined },
      ],
      'stock',
      0,
    );
    expect(plan.changes).toEqual([
      { key: 1, label: 'a', old: 100, new: 300 },
      { key: 3, label: 'c', old: 100, new: 300 },
    ]);
    expect(plan.unchanged).toBe(1);
    expect(plan.noGuide).toEqual(['d']);
    expect(
      averageChanges([{ key: 1, label: 'a', price: 1, guide: lot(null, 5) }], 'sold', 0),
    ).toMatchObject({ changes: [], noGuide: ['a'] });
  });
});
