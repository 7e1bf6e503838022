import { describe, expect, it } from 'vitest';
import { createDuplicateFilter } from './duplicates';

describe('createDuplicateFilter', () => {
  it('accepts a code once while it keeps being seen, and again after a pause', () => {
    let now = 0;
    const filter = createDuplicateFilter(1500, () => now);
    expect(filter.accept('H1-A02')).toBe(true);
    now = 150;
    expect(filter.accept('H1-A02')).toBe(false);
    now = 1400;
    expect(filter.accept('H1-A02')).toBe(false);
    // Still in view: each sighting extends the window.
    now = 2800;
    expect(filter.accept('H1-A02')).toBe(false);
    now = 4400;
    expect(filter.accept('H1-A02')).toBe(true);
  });

  it('accepts a different code at once', () => {
    let now = 0;
    const filter = createDuplicateFilter(1500, () => now);
    expect(filter.accept('H1-A02')).toBe(true);
    now = 100;
    expect(filter.accept('H1-A03')).toBe(true);
    now = 200;
    expect(filter.accept('H1-A02')).toBe(true);
  });
});
