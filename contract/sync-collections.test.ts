import { describe, expect, it } from 'vitest';
import { Permission } from './permissions';
import { collectionsPulledBy, pullAccess, pullRoles } from './sync-collections';

describe('sync collections', () => {
  it('gives the server the roles it admits by, and every user for reference data', () => {
    expect(pullAccess('orders')).toEqual({ name: 'orders', roles: ['picker', 'order_manager'] });
    expect(pullRoles('locations')).toEqual(['picker', 'order_manager', 'warehouse_manager']);
    expect(pullRoles('colours')).toEqual([]);
  });

  it('lets a device pull only what its roles admit and a screen reads', () => {
    expect(collectionsPulledBy([Permission.warehouse_manager])).toEqual([
      'locations',
      'location_content',
    ]);
    expect(collectionsPulledBy([Permission.admin])).toEqual([]);
    for (const name of collectionsPulledBy([Permission.warehouse_manager])) {
      const roles = pullRoles(name);
      expect(roles.length === 0 || roles.includes('warehouse_manager')).toBe(true);
    }
  });

  it('keeps colours and moulds on the server but off the devices', () => {
    const everyRole: number[] = Object.values(Permission);
    expect(collectionsPulledBy(everyRole)).not.toContain('colours');
    expect(collectionsPulledBy(everyRole)).not.toContain('moulds');
    expect(pullRoles('moulds')).toEqual(['picker', 'order_manager', 'warehouse_manager']);
  });
});
