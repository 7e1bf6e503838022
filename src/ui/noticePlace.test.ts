import { describe, expect, it } from 'vitest';
import { placeNotices } from './noticePlace';

const PHONE = 740;

describe('where notices go on a screen with a bar at the thumb', () => {
  it('sit just above a bar stuck to the bottom, with room opened above the bar while shown', () => {
    const stuck = { barTop: 660, barBottom: 740, barHeight: 80, viewport: PHONE };
    expect(placeNotices({ ...stuck, notices: 0 })).toEqual({ lift: 80, room: 0 });
    expect(placeNotices({ ...stuck, notices: 52.4 })).toEqual({ lift: 80, room: 61 });
  });

  it('show in the empty space below a bar that ends higher up, over nothing', () => {
    const short = { barTop: 400, barBottom: 480, barHeight: 80, viewport: PHONE };
    expect(placeNotices({ ...short, notices: 100 })).toEqual({ lift: 0, room: 0 });
  });

  it('sit above a bar without enough space below it, and open room above it', () => {
    const low = { barTop: 600, barBottom: 680, barHeight: 80, viewport: PHONE };
    expect(placeNotices({ ...low, notices: 52 })).toEqual({ lift: 140, room: 60 });
  });

  it('stay at the bottom when the bar is in the upper half of the screen', () => {
    const high = { barTop: 200, barBottom: 280, barHeight: 80, viewport: PHONE };
    expect(placeNotices({ ...high, notices: 0 })).toEqual({ lift: 80, room: 0 });
  });
});
