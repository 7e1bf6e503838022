import { describe, expect, it } from 'vitest';
import { Permission } from '../../../contract/permissions';
import { isFloorPath } from './floor';

describe('isFloorPath', () => {
  const picker = [Permission.picker];
  const orders = [Permission.order_manager];

  it('knows the floor screens', () => {
    for (const path of [
      '/user_orders',
      '/picker/12',
      '/trays',
      '/trays/3',
      '/location/1',
      '/find_item',
    ])
      expect(isFloorPath(path, picker), path).toBe(true);
  });

  it('counts an order’s detail as floor for a picker only, and never the desk', () => {
    expect(isFloorPath('/order/12', picker)).toBe(true);
    expect(isFloorPath('/order/12', orders)).toBe(false);
    for (const path of ['/orders', '/devices', '/device-check', '/admin', '/reports'])
      expect(isFloorPath(path, picker), path).toBe(false);
  });
});
