import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { catalogErrorText } from './errors';
import { changedFields, formValues, relationChoices } from './editFields';
import { changeLines, shownTime, valueText } from './format';
import { dimensions, externalLinks, orUnknown, screenOf } from './links';
import { pageWindow } from './Pager';
import type { CatalogItem } from '../../../contract/catalog';

describe('catalog screen rules', () => {
  it('shows at most 5 page links around the current page', () => {
    expect(pageWindow(0, 1)).toEqual([0]);
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 40)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(10, 40)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(39, 40)).toEqual([35, 36, 37, 38, 39]);
  });

  it("writes dimensions as 'L x W x H cm' with '?' for a missing one", () => {
    expect(dimensions({ length: 3.2, width: 1.6, height: null })).toBe('3.2 x 1.6 x ? cm');
    expect(dimensions({ length: null, width: null, height: null })).toBe('? x ? x ? cm');
    expect(orUnknown(null)).toBe('?');
    expect(orUnknown(2.5, ' g')).toBe('2.5 g');
  });

  it('links parts to three sites and minifigs to Rebrickable only', () => {
    const ids = { rebrickable_id: '3001', brickowl_id: '771344', bricklink_id: '3001' };
    expect(externalLinks({ type: 'part', ...ids }).map((l) => l.site)).toEqual([
      'Rebrickable',
      'BrickOwl',
      'BrickLink',
    ]);
    expect(externalLinks({ type: 'minifig', ...ids })).toEqual([
      { site: 'Rebrickable', href: 'https://rebrickable.com/minifigs/3001/' },
    ]);
    expect(
      externalLinks({ type: 'part', rebrickable_id: null, brickowl_id: null, bricklink_id: 'x' }),
    ).toHaveLength(1);
  });

  it("lists each change as 'field: from old to new', null when the object or value is missing", () => {
    expect(changeLines({ year: 1958, name: 'B' }, { year: null, name: 'A' })).toEqual([
      'year: from null to 1958',
      'name: from A to B',
    ]);
    expect(changeLines({ from: 'u1' }, null)).toEqual(['from: from null to u1']);
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });

  it('trims the seconds off a timestamp', () => {
    expect(shownTime('2024-05-01T14:07:33.000')).toBe('2024-05-01 14:07');
    expect(shownTime('yesterday at 10:00:00')).toBe('yesterday at 10:00');
  });

  it('sends only the fields changed, numbers as numbers and an empty field as null', () => {
    const item = { type: 'part', name: 'Brick', year: null, weight: 2.3, rebrickable_id: '1' };
    const before = formValues(item as unknown as CatalogItem);
    expect(before).toMatchObject({ name: 'Brick', year: '', weight: '2.3' });
    expect(changedFields(before, { ...before })).toEqual({});
    expect(
      changedFields(before, { ...before, year: '1999', weight: '2,5', rebrickable_id: '' }),
    ).toEqual({
      year: 1999,
      weight: 2.5,
      rebrickable_id: null,
    });
    expect(relationChoices('set').map((c) => c.value)).toContain('minifig_in_set');
    expect(relationChoices('part').map((c) => c.value)).toContain('mold');
  });

  it('opens parts and minifigs in item info, sets and their documents in the set inventory', () => {
    expect(screenOf({ type: 'part', uuid: 'u', set_id: null })).toBe('/brickbase/iteminfo/u');
    expect(screenOf({ type: 'set', uuid: 's', set_id: null })).toBe('/brickbase/setinfo/s');
    expect(screenOf({ type: 'box', uuid: 'b', set_id: 4 })).toBe('/brickbase/setinfo/4');
    expect(screenOf({ type: 'book', uuid: null, set_id: null })).toBeNull();
  });
});

describe('catalog error texts', () => {
  const failed = (body: string, status = 400) =>
    new HTTPError(new Response(body, { status }), new Request('http://test/api'), {} as never);

  it("shows 'Error: ' and the server's message, or 'Unknown error'", async () => {
    expect(
      await catalogErrorText(failed('{"errors":[{"detail":"Catalog item not found"}]}', 404)),
    ).toBe('Error: Catalog item not found');
    expect(await catalogErrorText(failed('not json', 500))).toBe('Error: Unknown error');
    expect(await catalogErrorText(new TypeError('Failed to fetch'))).toBe('Error: Failed to fetch');
  });

  it('shows the suggestion refusals as they are', async () => {
    const noChanges = '{"errors":[{"detail":"Suggestion unsuccessful: no changes detected"}]}';
    expect(await catalogErrorText(failed(noChanges))).toBe(
      'Suggestion unsuccessful: no changes detected',
    );
  });
});
