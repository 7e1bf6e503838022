import { describe, expect, it } from 'vitest';
import { sampleCatalogIndex } from '../../test/fakeCatalog';
import { deviceHoldsTab, searchDeviceCatalog } from './deviceBrowse';

const index = sampleCatalogIndex();
const names = (tab: Parameters<typeof searchDeviceCatalog>[1], search: string) =>
  searchDeviceCatalog(index, tab, search)?.rows.map((r) => `${r.type} ${r.name}`);

describe('the catalog browser on the device copy', () => {
  it('lists parts, minifigs and sets whose name holds the search, by name, as the list shows them', () => {
    expect(names('overview', 'BRICK')).toEqual([
      'part Brick 1 x 1',
      'part Brick 2 x 4',
      'set Medium Creative Brick Box',
    ]);
    const [liftarm] = searchDeviceCatalog(index, 'parts', 'liftarm')!.rows;
    expect(liftarm).toEqual({
      type: 'part',
      id: 2,
      uuid: null,
      name: 'Technic Liftarm 1 x 3',
      rebrickable_id: '32523',
      bricklink_id: '32523',
      image_url: 'https://img.test/32523.png',
      year: 2000,
      group: null,
      set_id: null,
    });
  });

  it('finds a row by its BrickLink or Rebrickable number, in any case, only on its tab', () => {
    expect(names('minifigs', 'CTY0001')).toEqual(['minifig Police Officer']);
    expect(names('parts', '32523')).toEqual(['part Technic Liftarm 1 x 3']);
    expect(names('sets', '32523')).toEqual([]);
    // The server matches BrickLink and Rebrickable numbers only.
    expect(names('parts', 'owl-77')).toEqual([]);
  });

  it('lists books and catalogs from the moulds of their type', () => {
    expect(names('books', 'brick')).toEqual(['book Brick Book']);
    expect(searchDeviceCatalog(index, 'books', 'b500')!.rows[0].bricklink_id).toBe('b500');
    expect(names('catalogs', 'catalog')).toEqual(['catalog Catalog 2019']);
    expect(names('catalogs', 'brick')).toEqual([]);
  });

  it('holds no instructions or boxes; an empty search lists nothing', () => {
    expect(deviceHoldsTab('instructions')).toBe(false);
    expect(deviceHoldsTab('parts')).toBe(true);
    expect(searchDeviceCatalog(index, 'boxes', 'brick')).toBeNull();
    expect(searchDeviceCatalog(index, 'parts', '  ')).toEqual({ rows: [], capped: false });
  });

  it('says when more matched than it lists', () => {
    expect(searchDeviceCatalog(index, 'overview', 'brick', 2)).toMatchObject({
      rows: [{ name: 'Brick 1 x 1' }, { name: 'Brick 2 x 4' }],
      capped: true,
    });
    expect(searchDeviceCatalog(index, 'overview', 'brick', 3)?.capped).toBe(false);
  });
});
