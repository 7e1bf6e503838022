import { describe, expect, it } from 'vitest';
import { canOpenPath, homePath, isPublicPath, matchesPattern } from './access';
import { Permission } from './permissions';

describe('path guard', () => {
  it('matches whole segments, not bare prefixes', () => {
    expect(matchesPattern('/order/:orderId', '/order/12')).toBe(true);
    expect(matchesPattern('/order/:orderId', '/orders')).toBe(false);
    expect(matchesPattern('/location', '/location/5')).toBe(true);
    expect(matchesPattern('/location', '/locations')).toBe(false);
    expect(matchesPattern('/admin', '/brick_admin')).toBe(false);
  });

  it('does not admit every path through the login path', () => {
    expect(canOpenPath([Permission.picker], '/admin')).toBe(false);
    expect(canOpenPath([Permission.picker], '/inventory')).toBe(false);
    expect(canOpenPath([Permission.picker], '/picker/3')).toBe(true);
    expect(canOpenPath([Permission.admin], '/brick_admin')).toBe(false);
  });

  it('opens Set up devices to admins and warehouse managers, Check this device to everyone', () => {
    expect(canOpenPath([Permission.admin], '/devices')).toBe(true);
    expect(canOpenPath([Permission.warehouse_manager], '/devices')).toBe(true);
    expect(canOpenPath([Permission.picker], '/devices')).toBe(false);
    expect(canOpenPath([Permission.picker], '/device-check')).toBe(true);
    expect(canOpenPath([Permission.digibrick_user], '/device-check')).toBe(true);
    expect(canOpenPath([], '/device-check')).toBe(true);
  });

  it('knows the public paths exactly', () => {
    expect(isPublicPath('/')).toBe(true);
    expect(isPublicPath('/set_password/abc')).toBe(true);
    expect(isPublicPath('/set_password')).toBe(false);
    expect(isPublicPath('/admin')).toBe(false);
  });

  it('sends each role home to a route that exists', () => {
    expect(homePath([Permission.brick_admin, Permission.admin])).toBe('/brick_admin');
    expect(homePath([Permission.warehouse_manager])).toBe('/location/1');
    expect(homePath([Permission.bricksyncer])).toBe('/bricksyncer/add_items');
    expect(homePath([Permission.order_manager])).toBe('/orders');
    expect(homePath([])).toBe('/');
  });
});
