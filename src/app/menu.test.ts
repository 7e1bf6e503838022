import { describe, expect, it } from 'vitest';
import { Permission, type RoleName } from '../../contract/permissions';
import { menuFor } from './menu';

function labels(...roles: RoleName[]): string[] {
  return menuFor(roles.map((r) => Permission[r])).flatMap((g) => g.entries.map((e) => e.label));
}

describe('menuFor', () => {
  it('gives a picker their orders, trays, the warehouse and Find an item', () => {
    expect(labels('picker')).toEqual([
      'Picker Orders',
      'Tray Overview',
      'Warehouse Overview',
      'Find an item',
      'Check this device',
    ]);
  });

  it('gives an order manager orders, batches, trays, Find an item and item reports', () => {
    expect(labels('order_manager')).toEqual([
      'Manage Orders',
      'Picker Orders',
      'Manage Batches',
      'Tray Overview',
      'Find an item',
      'Item Reports',
      'Check this device',
    ]);
  });

  it('gives a warehouse manager the locations, Find an item and warehouse reports', () => {
    expect(labels('warehouse_manager')).toEqual([
      'Warehouse Overview',
      'Find an item',
      'Warehouse Reports',
      'Set up devices',
      'Check this device',
    ]);
  });

  it('gives sales the inventory and the Kulla Catalog', () => {
    expect(labels('sales_manager')).toEqual(['Inventory', 'Kulla Catalog', 'Check this device']);
  });

  it('gives the bricksyncer its six pages (no Settings: nothing reads those keys)', () => {
    expect(labels('bricksyncer')).toEqual([
      'Sync Batches',
      'Edit Prices',
      'Stock Issues',
      'Jobs',
      'Logs',
      'Stores',
      'Check this device',
    ]);
  });

  it('gives digitizing staff BrickBase, projects and catalog', () => {
    expect(labels('digibrick_user')).toEqual([
      'BrickBase Catalog',
      'Projects',
      'Catalog',
      'Check this device',
    ]);
    expect(labels('digibrick_manager')).toEqual([
      'BrickBase Catalog',
      'Projects',
      'Catalog',
      'Check this device',
    ]);
  });

  it('gives an admin users, the audit log and the BrickBase administration', () => {
    expect(labels('admin')).toEqual([
      'User Admin',
      'Audit Log',
      'BrickBase Catalog',
      'Changelog',
      'Suggestions',
      'Controllers',
      'Set up devices',
      'Check this device',
    ]);
  });

  it('gives a brick admin the companies and the audit log, and someone without roles only the device check', () => {
    expect(labels('brick_admin')).toEqual([
      'Company Admin',
      'New Company',
      'Audit Log',
      'Check this device',
    ]);
    expect(labels()).toEqual(['Check this device']);
  });

  it('leaves out groups without entries', () => {
    expect(menuFor([Permission.picker]).map((g) => g.label)).toEqual([
      'Orders',
      'Fill orders',
      'Warehouse',
      'Devices',
    ]);
  });
});
