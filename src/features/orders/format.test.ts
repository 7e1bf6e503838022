import { describe, expect, it } from 'vitest';
import { formatAge, lotsAndItems } from './format';
import { pickProgress } from './progress';

const now = Date.parse('2024-05-10T12:00:00Z');

describe('formatAge', () => {
  it('shows days, hours and minutes', () => {
    expect(formatAge('2024-05-08T09:46:00Z', now)).toBe('2 days 2 hours 14 minutes');
    expect(formatAge('2024-05-09T11:59:00Z', now)).toBe('1 day 0 hours 1 minute');
    expect(formatAge('2024-05-10T11:59:31Z', now)).toBe('0 days 0 hours 0 minutes');
  });

  it('counts a future or unreadable time as no age', () => {
    expect(formatAge('2024-05-11T00:00:00Z', now)).toBe('0 days 0 hours 0 minutes');
    expect(formatAge('yesterday', now)).toBe('0 days 0 hours 0 minutes');
  });

  it('writes lots|items', () => {
    expect(lotsAndItems(3, 12)).toBe('3|12');
  });
});

describe('pickProgress', () => {
  it('is the picked share of the ordered quantity', () => {
    expect(pickProgress(0, 4)).toEqual({ percent: 0, color: 'blue', label: '0|4' });
    expect(pickProgress(1, 3)).toEqual({ percent: 33, color: 'blue', label: '1|3' });
    expect(pickProgress(4, 4)).toEqual({ percent: 100, color: 'teal', label: '4|4' });
  });

  it('is capped at 100% and turns yellow when picked exceeds ordered', () => {
    expect(pickProgress(6, 4)).toEqual({ percent: 100, color: 'yellow', label: '6|4' });
    expect(pickProgress(2, 0)).toEqual({ percent: 100, color: 'yellow', label: '2|0' });
  });

  it('an empty order shows nothing picked', () => {
    expect(pickProgress(0, 0)).toEqual({ percent: 0, color: 'blue', label: '0|0' });
  });
});
