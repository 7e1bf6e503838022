// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FillingMutation } from '../../../contract/mutations/filling';
import { getDb, listOutbox } from '../../offline';
import { renderAt } from '../../test/render';
import { storageFull } from '../../test/storageFull';
import FillTrayPage from './FillTrayPage';

/**
 * The device's storage fails under the filler: the fill is not saved, so the tray must stay
 * unfilled on the screen and on the device, and the filler is told in plain words.
 */

async function seed() {
  const db = getDb();
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.locations.bulkPut([
    { location_id: 1, parent_id: null, name: 'Hall', code: 'H1', sort_order: 0 },
    { location_id: 2, parent_id: 1, name: 'Bin 1', code: 'H1-B1', sort_order: 0 },
  ]);
  await db.locationContent.put({ id: 50, location_id: 2, item_id: 100, colour_id: 5, quantity: 7 });
  await db.trays.put({
    id: 11,
    tray_id: 11,
    tray_nr: 4,
    batch_id: 1,
    status: 'ready for filling',
    date_of_creation: '2024-01-01T00:00:00Z',
    item_id: 100,
    item_uuid: 'uuid-11',
    mold_id: 3001,
    mold_name: 'Brick 2 x 4',
    colour_id: 5,
    colour_name: 'Red',
    image_path: null,
    quantity: 12,
    location_id: null,
  });
}

function openFill() {
  renderAt('/trays/11', {
    '/trays/:trayId': <FillTrayPage />,
    '/trays': <p>Tray Overview</p>,
  });
}

beforeEach(async () => {
  await seed();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('filling when the device cannot save', () => {
  it('a fill on a full device leaves the tray unfilled, tells the filler, and can be sent again', async () => {
    openFill();
    fireEvent.click(await screen.findByRole('radio', { name: /\(H1-B1\)$/ }));
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));

    const restore = storageFull();
    fireEvent.click(submit);
    expect(await screen.findByText(/This device's storage is full/)).toBeTruthy();
    expect(screen.getByText(/the fill of tray 4 was NOT saved/)).toBeTruthy();

    // Not done: still on the form, the tray unfilled, no stock added, nothing queued.
    expect(screen.queryByText('Tray Overview')).toBeNull();
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    expect((await getDb().trays.get(11))?.status).toBe('ready for filling');
    expect((await getDb().locationContent.get(50))?.quantity).toBe(7);
    expect(await listOutbox()).toEqual([]);

    restore();
    fireEvent.click(submit);
    await screen.findByText('Tray Overview');
    expect((await listOutbox()).map((e) => e.name)).toEqual([FillingMutation.fill]);
    expect((await getDb().locationContent.get(50))?.quantity).toBe(19);
    // Nothing sends in this test, so the filler is told the fill waits on the device, never done.
    expect(
      await screen.findByText(
        'Filled on this device — the server has not confirmed it yet.',
        {},
        { timeout: 8_000 },
      ),
    ).toBeTruthy();
  }, 20_000);
});
