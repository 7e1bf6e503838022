import { describe, expect, it } from 'vitest';
import { Permission } from '../../contract/permissions';
import { FLOOR_COLLECTIONS } from '../offline';
import { collectionsFor } from './OfflineSync';

describe('collectionsFor', () => {
  it('gives pickers and order managers orders and the floor', () => {
    for (const role of [Permission.picker, Permission.order_manager]) {
      expect(collectionsFor([role])).toEqual([
        'orders',
        'order_items',
        'locations',
        'location_content',
        'trays',
      ]);
    }
  });

  it('gives a warehouse manager the floor without orders', () => {
    expect(collectionsFor([Permission.warehouse_manager])).toEqual([
      'locations',
      'location_content',
    ]);
  });

  it('pulls nothing for roles off the floor', () => {
    expect(collectionsFor([Permission.bricksyncer, Permission.admin])).toEqual([]);
  });

  it('names only collections the offline database knows', () => {
    const all = collectionsFor([Permission.picker]);
    expect(all.every((c) => FLOOR_COLLECTIONS.includes(c))).toBe(true);
  });
});
