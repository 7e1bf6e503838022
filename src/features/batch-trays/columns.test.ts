import { describe, expect, it } from 'vitest';
import { priceText } from './columns';

describe('priceText', () => {
  it('shows a price with thousandths to the thousandth, never rounded to cents', () => {
    expect(priceText(0.133)).toBe('0.133');
    expect(priceText(0.007)).toBe('0.007');
    expect(priceText(0.399)).toBe('0.399');
    expect(priceText(12.345)).toBe('12.345');
  });

  it('shows whole cents with two decimals', () => {
    expect(priceText(0)).toBe('0.00');
    expect(priceText(1)).toBe('1.00');
    expect(priceText(0.13)).toBe('0.13');
    expect(priceText(1.5)).toBe('1.50');
    expect(priceText(0.1 + 0.2)).toBe('0.30');
  });
});
