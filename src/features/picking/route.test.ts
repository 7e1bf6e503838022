import { describe, expect, it } from 'vitest';
import { LocationRoute } from '../../../contract/location-route';
import { nextStop } from './route';

// The route's rule itself is tested in contract/location-route.test.ts.
const route = new LocationRoute([
  { location_id: 1, parent_id: null, name: 'Hall', code: 'H', sort_order: 0 },
  { location_id: 2, parent_id: 1, name: 'Bin 1', code: 'H-1', sort_order: 0 },
]);

describe('nextStop on the device', () => {
  it('lists the stop items by order item id, as the server does', () => {
    const items = [
      { id: 21, item_id: 8, quantity_ordered: 2, quantity_picked: 0 },
      { id: 20, item_id: 9, quantity_ordered: 1, quantity_picked: 0 },
    ];
    const stock = [
      { location_id: 2, item_id: 8, quantity: 5 },
      { location_id: 2, item_id: 9, quantity: 5 },
    ];
    const stop = nextStop({ items, stock, route })!;
    expect(stop.location_name).toBe('Hall > Bin 1');
    expect(stop.items.map((i) => i.id)).toEqual([20, 21]);
  });
});
