import { describe, expect, it } from 'vitest';
import { afterPick, quantityProblem, suggestedQuantity, withSkipped } from './skip';

describe('skip logic', () => {
  it('an item picked in full is done', () => {
    expect(afterPick(3, 10, 3)).toBe('done');
  });

  it('picking less than ordered although there is more here skips the item', () => {
    expect(afterPick(3, 10, 2)).toBe('skip');
    expect(afterPick(3, 10, 0)).toBe('skip');
  });

  it('emptying the location without picking everything goes on to the next location', () => {
    expect(afterPick(5, 2, 2)).toBe('elsewhere');
    // Nothing picked at an empty-handed location is still a skip.
    expect(afterPick(5, 0, 0)).toBe('skip');
  });

  it('the quantity is 0 to what is left, and never more than the stock here', () => {
    expect(quantityProblem(2, 3, 5)).toBeNull();
    expect(quantityProblem(0, 3, 5)).toBeNull();
    expect(quantityProblem(4, 3, 5)).toBe('Enter a quantity from 0 to 3.');
    expect(quantityProblem(-1, 3, 5)).toBe('Enter a quantity from 0 to 3.');
    expect(quantityProblem(1.5, 3, 5)).toBe('Enter a quantity from 0 to 3.');
    expect(quantityProblem(3, 3, 2)).toBe('You cannot pick more than the current stock');
  });

  it('suggests what is left, as far as the stock here allows', () => {
    expect(suggestedQuantity(3, 10)).toBe(3);
    expect(suggestedQuantity(5, 2)).toBe(2);
    expect(suggestedQuantity(5, -1)).toBe(0);
  });

  it('remembers each skipped item once', () => {
    expect(withSkipped([], 7)).toEqual([7]);
    expect(withSkipped([7], 7)).toEqual([7]);
    expect(withSkipped([7], 8)).toEqual([7, 8]);
  });
});
