import { describe, expect, it } from 'vitest';
import { pageCount, pageOf } from './format';
import { trayImageUrl } from './image';
import {
  fillCandidates,
  LocationTree,
  matchScannedLocation,
  searchLocations,
  type LocationRow,
} from './locations';
import { batchProgress, batchStatusLabel, isTrayFilled, trayStatusLabel } from './status';
import { mergeTrays } from './useTrayList';

const loc = (
  location_id: number,
  parent_id: number | null,
  name: string,
  code: string,
  sort_order = 0,
  is_selected_new_location = 0,
): LocationRow => ({ location_id, parent_id, name, code, sort_order, is_selected_new_location });

// Hall H1 with aisles A1 (bins B1, B2) and A2 (bins B3, B4); aisle A2 is marked for new items.
const TREE = new LocationTree([
  loc(1, null, 'Hall 1', 'H1'),
  loc(3, 1, 'Aisle 2', 'H1-A2', 1, 1),
  loc(2, 1, 'Aisle 1', 'H1-A1', 0),
  loc(4, 2, 'Bin 1', 'H1-A1-B1', 0),
  loc(5, 2, 'Bin 2', 'H1-A1-B2', 1),
  loc(6, 3, 'Bin 3', 'H1-A2-B3', 0, 2),
  loc(7, 3, 'Bin 4', 'H1-A2-B4', 1, 2),
]);

describe('tray status on the floor', () => {
  it('shows the five statuses and an unknown one as Filled', () => {
    expect(trayStatusLabel('ready for filling')).toBe('Ready for filling');
    expect(trayStatusLabel('missing')).toBe('Missing');
    expect(trayStatusLabel('reserve')).toBe('Reserve');
    expect(trayStatusLabel('uploaded')).toBe('Uploaded');
    expect(trayStatusLabel('filled')).toBe('Filled');
    expect(trayStatusLabel('shipped to the moon')).toBe('Filled');
    expect(trayStatusLabel(null)).toBe('Filled');
  });

  it('knows which trays are on a shelf already', () => {
    expect(isTrayFilled('filled')).toBe(true);
    expect(isTrayFilled('uploaded')).toBe(true);
    expect(isTrayFilled('ready for filling')).toBe(false);
    expect(isTrayFilled('missing')).toBe(false);
  });
});

describe('batch status on the floor', () => {
  it('reads as words with a capital, never empty', () => {
    expect(batchStatusLabel('ready for filling')).toBe('Ready for filling');
    expect(batchStatusLabel('completed')).toBe('Completed');
    expect(batchStatusLabel(null)).toBe('—');
  });
});

describe('batch progress', () => {
  it('is filled|total, capped at 100%', () => {
    expect(batchProgress(3, 8)).toEqual({ percent: 38, label: '3|8', complete: false });
    expect(batchProgress(8, 8)).toEqual({ percent: 100, label: '8|8', complete: true });
    expect(batchProgress(12, 8).percent).toBe(100);
    expect(batchProgress(0, 0)).toEqual({ percent: 0, label: '0|0', complete: false });
  });

  it('pages lists by 10', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageOf(rows, 3, 10)).toEqual([20, 21, 22]);
  });
});

describe('fill locations on the device', () => {
  it('offers where the item lies (route order), then new-items locations without it', () => {
    const stock = [
      { location_id: 5, item_id: 9, quantity: 4 },
      { location_id: 4, item_id: 9, quantity: 2 },
      { location_id: 6, item_id: 9, quantity: 0 },
      { location_id: 7, item_id: 8, quantity: 50 },
    ];
    const c = fillCandidates(TREE, stock, 9);
    expect(c.map((l) => [l.location_id, l.quantity, l.is_new_items_location])).toEqual([
      [4, 2, false],
      [5, 4, false],
      [3, 0, true],
      [6, 0, true],
      [7, 0, true],
    ]);
    expect(c[0].location_name).toBe('Hall 1 > Aisle 1 > Bin 1');
    expect(c[0].breadcrumb.map((b) => b.code)).toEqual(['H1', 'H1-A1', 'H1-A1-B1']);
  });

  it('offers only new-items locations for an item nowhere yet, none without a marked location', () => {
    expect(fillCandidates(TREE, [], 9).map((l) => l.location_id)).toEqual([3, 6, 7]);
    const plain = new LocationTree([loc(1, null, 'Hall', 'H'), loc(2, 1, 'Bin', 'H-B', 0, 0)]);
    expect(fillCandidates(plain, [], 9)).toEqual([]);
  });

  it('selects the candidate a scanned code names, however the scanner sends it', () => {
    const c = fillCandidates(TREE, [{ location_id: 5, item_id: 9, quantity: 4 }], 9);
    expect(matchScannedLocation('h1-a1-b2', c)?.location_id).toBe(5);
    expect(matchScannedLocation(']Q1H1\u2013A2\u2013B4\r', c)?.location_id).toBe(7);
    // A real location that is not a candidate, and an unknown code: no match.
    expect(matchScannedLocation('H1-A1-B1', c)).toBeNull();
    expect(matchScannedLocation('NOPE', c)).toBeNull();
    expect(matchScannedLocation('', c)).toBeNull();
  });

  it('finds any location by its code for the store modal', () => {
    expect(TREE.byCode('h1-a2-b3')?.location_id).toBe(6);
    expect(TREE.byCode('X')).toBeUndefined();
    expect(searchLocations(TREE, 'a1-b').map((l) => l.location_id)).toEqual([4, 5]);
    expect(searchLocations(TREE, 'bin 4').map((l) => l.location_id)).toEqual([7]);
    expect(searchLocations(TREE, '  ')).toEqual([]);
  });
});

describe('item image', () => {
  const base = {
    image_path: 'https://cdn.rebrickable.com/media/parts/ldraw/71/3001.png',
    bl_mold_id: '3001',
    bl_colour_id: 11,
  };
  it('uses the catalog picture, and BrickLink for colour 263', () => {
    expect(trayImageUrl({ ...base, colour_id: 5 })).toBe(base.image_path);
    expect(trayImageUrl({ ...base, colour_id: 263 })).toBe(
      'https://img.bricklink.com/ItemImage/PN/11/3001.png',
    );
    expect(trayImageUrl({ ...base, colour_id: 263, bl_mold_id: null })).toBe(base.image_path);
    expect(trayImageUrl({ ...base, colour_id: 5, image_path: null })).toBeNull();
  });
});

describe('tray overview list', () => {
  const tray = (tray_id: number, batch_id: number, tray_nr: number, status: string) => ({
    tray_id,
    batch_id,
    tray_nr,
    status,
    date_of_creation: '2024-01-01T00:00:00Z',
    item_id: 1,
    mold_id: 1,
    mold_name: 'Brick',
    colour_id: 1,
    colour_name: 'Red',
    quantity: 5,
    location_id: null,
  });
  it("keeps the device's rows and adds the server's for trays the device does not hold", () => {
    const local = [tray(2, 1, 2, 'filled')];
    const server = [
      tray(2, 1, 2, 'ready for filling'),
      tray(9, 4, 1, 'filled'),
      tray(1, 1, 1, 'x'),
    ];
    expect(mergeTrays(local, server)!.map((t) => [t.tray_id, t.status, t.local])).toEqual([
      [1, 'x', false],
      [2, 'filled', true],
      [9, 'filled', false],
    ]);
    expect(mergeTrays(undefined, server)).toBeUndefined();
    expect(mergeTrays(local, null)).toHaveLength(1);
  });
});
