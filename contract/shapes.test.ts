import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { countedList, ItemLook, orNull } from './shapes';

describe('answer fragments', () => {
  it('a counted list holds its rows and their count', () => {
    const list = countedList(z.object({ id: z.number() }));
    expect(list.parse({ results: [{ id: 1 }], count: 7 })).toEqual({
      results: [{ id: 1 }],
      count: 7,
    });
    expect(list.safeParse({ results: [{ id: 1 }] }).success).toBe(false);
  });

  it('orNull lets every field be null and keeps the rest of each field', () => {
    const tray = z.object(orNull(ItemLook));
    const empty = Object.fromEntries(Object.keys(ItemLook).map((k) => [k, null]));
    expect(tray.parse(empty)).toEqual(empty);
    expect(tray.safeParse({ ...empty, item_id: 1.5 }).success).toBe(false);
    expect(tray.safeParse({ ...empty, colour_hex: 7 }).success).toBe(false);
    // A field that may already be null is taken as it is, not wrapped again.
    expect(orNull(ItemLook).image_path).toBe(ItemLook.image_path);
  });
});
