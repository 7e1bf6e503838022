// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PickingMutation } from '../../../contract/mutations/picking';
import { PickingStatus } from '../../../contract/orders';
import { useSession } from '../../app/session';
import { enqueue, getDb, listOutbox } from '../../offline';
import { renderAt } from '../../test/render';
import { storageFull } from '../../test/storageFull';
import { writePickerState } from './local';
import PickerPage from './PickerPage';

/**
 * The device's storage fails under the picker: the pick is not saved, so the screen must not show
 * it as done, the picker is told in plain words, and what was queued before is still queued.
 */

const ME = 7;
const ROUTE_PULLED = ['order_items', 'locations', 'location_content'];

async function seed() {
  const db = getDb();
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.orders.put({
    order_id: 1,
    order_number: '2187',
    created_at: '2024-05-01T10:00:00Z',
    picking_status_id: PickingStatus.BEING_PICKED,
    picking_status_name: 'BEING_PICKED',
    claimed_by_user_id: ME,
    pickable: 1,
    ordered_total: 3,
    picked_total: 0,
  });
  await db.orderItems.put({
    id: 10,
    order_id: 1,
    item_id: 100,
    colour_name: 'Red',
    mold_name: 'Brick 2 x 4',
    quantity_ordered: 3,
    quantity_picked: 0,
  });
  await db.locations.bulkPut([
    { location_id: 1, parent_id: null, name: 'Warehouse', code: 'WH', sort_order: 0 },
    { location_id: 2, parent_id: 1, name: 'Bin 1', code: 'B1', sort_order: 0 },
  ]);
  await db.locationContent.put({ id: 50, location_id: 2, item_id: 100, quantity: 4 });
  // The device has pulled the route's collections to their end once.
  await db.meta.bulkPut(ROUTE_PULLED.map((name) => ({ key: `complete:${name}`, value: true })));
  // The picker already scanned Bin 1, and an earlier write waits to be sent.
  await writePickerState(db, 1, { locationId: 2, scannedLocationId: 2 });
  await enqueue(PickingMutation.issue, { order_id: 1, note: 'Earlier report', manager_id: 1 });
}

function openPicker() {
  renderAt('/picker/1', {
    '/picker/:orderId': <PickerPage />,
    '/user_orders': <p>Picker Orders</p>,
  });
}

const toPick = () => screen.getByTestId('to-pick').textContent;
const stockHere = () => screen.getByTestId('stock-here').textContent;

beforeEach(async () => {
  await seed();
  useSession.setState({
    user: { id: ME, name: 'Pia', email: 'p@x.test', company_id: 1, company_name: 'Demo' },
  });
  // The failed writes are logged for the developers; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  cleanup();
  // Notices are kept in a store of the page: one test's must not show in the next.
  notifications.clean();
  vi.restoreAllMocks();
  // Leaving the screen pauses the order (in a timer): let that write end before the next seed.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await getDb().transaction('rw', getDb().tables, () => {});
});

describe('picking when the device cannot save', () => {
  it('a pick on a full device is not shown as done, the picker is told, the queue is intact', async () => {
    openPicker();
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    expect(toPick()).toContain('3');
    expect(stockHere()).toContain('4');

    const restore = storageFull();
    fireEvent.click(confirm);
    expect(await screen.findByText(/This device's storage is full/)).toBeTruthy();
    expect(screen.getByText(/this pick \(3 × Red Brick 2 x 4\) was NOT saved/)).toBeTruthy();
    expect(screen.getByText(/Everything you did before it is still saved/)).toBeTruthy();

    // Not done: same stop, same counts, on the screen and on the device; the earlier entry stays.
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    expect(toPick()).toContain('3');
    expect(stockHere()).toContain('4');
    expect((await getDb().orderItems.get(10))?.quantity_picked).toBe(0);
    expect((await getDb().orders.get(1))?.picked_total).toBe(0);
    expect((await listOutbox()).map((e) => [e.name, e.state])).toEqual([
      [PickingMutation.issue, 'pending'],
    ]);

    // Space freed: the same Confirm now saves the pick.
    restore();
    fireEvent.click(confirm);
    await screen.findByText('Nothing left to pick on the route.');
    expect((await getDb().orderItems.get(10))?.quantity_picked).toBe(3);
    expect((await listOutbox()).map((e) => e.name)).toEqual([
      PickingMutation.issue,
      PickingMutation.pick,
    ]);
  });

  it('finishing that cannot be saved stays on the picker with another message', async () => {
    await getDb().orderItems.update(10, { quantity_picked: 3 });
    openPicker();
    const finish = await screen.findByRole('button', { name: 'Finish' });
    const restore = storageFull('UnknownError');
    fireEvent.click(finish);
    expect(await screen.findByText(/Could not save on this device/)).toBeTruthy();
    expect(screen.getByText(/finishing this order was NOT saved/)).toBeTruthy();
    expect(screen.queryByText('Picker Orders')).toBeNull();
    expect((await getDb().orders.get(1))?.picking_status_id).toBe(PickingStatus.BEING_PICKED);
    expect(await listOutbox()).toHaveLength(1);
    restore();

    fireEvent.click(finish);
    await screen.findByText('Picker Orders');
    expect((await getDb().orders.get(1))?.picking_status_id).toBe(PickingStatus.PICKED);
    // The server takes the finish (its entry goes): told here, so no answer is left waiting for
    // the next test's screen.
    await getDb().outbox.where('name').equals(PickingMutation.finish).delete();
    expect(
      await screen.findByText('Picking finished: everything ordered was picked.'),
    ).toBeTruthy();
  });
});

describe('leaving the picker', () => {
  it('says the order is paused for others once the server has the pause', async () => {
    openPicker();
    fireEvent.click(await screen.findByRole('link', { name: 'Back' }));
    await screen.findByText('Picker Orders');
    await waitFor(async () =>
      expect((await listOutbox()).map((e) => e.name)).toContain(PickingMutation.pause),
    );
    expect(screen.queryByText(/You left the order/)).toBeNull();
    // The server takes the pause (its entry goes).
    await getDb().outbox.where('name').equals(PickingMutation.pause).delete();
    expect(
      await screen.findByText('You left the order: it is paused, and other pickers can take it.'),
    ).toBeTruthy();
  });

  it('says the pause waits on this device while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    openPicker();
    fireEvent.click(await screen.findByRole('link', { name: 'Back' }));
    await screen.findByText('Picker Orders');
    expect(
      await screen.findByText(
        'You left the order: it is paused on this device, and others can take it once the server has it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/other pickers can take it\.$/)).toBeNull();
  });
});

describe('finishing offline', () => {
  it('is told as waiting for the server, not as done', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await getDb().orderItems.update(10, { quantity_picked: 3 });
    openPicker();
    fireEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    await screen.findByText('Picker Orders');
    expect(
      await screen.findByText(
        'Finishing will be confirmed when you are back online: everything ordered was picked on this device.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/^Picking finished/)).toBeNull();
  });
});

describe('during the first download', () => {
  it('an order whose stock has not all arrived offers no Finish, then the stop once it has', async () => {
    const db = getDb();
    await db.locationContent.clear();
    await db.meta.delete('complete:location_content');
    openPicker();
    expect(await screen.findByTestId('route-downloading')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Finish' })).toBeNull();
    expect(screen.queryByText('Nothing left to pick on the route.')).toBeNull();

    // The rest of the download lands: the stop shows.
    await db.locationContent.put({ id: 50, location_id: 2, item_id: 100, quantity: 4 });
    await db.meta.put({ key: 'complete:location_content', value: true });
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.queryByTestId('route-downloading')).toBeNull();
  });
});
