// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../offline/db';
import { enqueue } from '../offline/outbox';
import { PUT_BACK_KEY, readIds } from './entryFacts';
import { RefusalWatcher } from './RefusalNotices';

async function seed() {
  const db = getDb();
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.orders.put({ order_id: 4, order_number: 'BL-4' });
  await db.orderItems.put({
    id: 9,
    order_id: 4,
    item_id: 100,
    mold_name: 'Plate 4 x 4',
    colour_name: 'Sand Green',
    condition_name: 'New',
  });
  await db.locations.put({ location_id: 3, code: 'H1-A01' });
}

function renderWatcher() {
  return render(
    <MantineProvider>
      <Notifications />
      <RefusalWatcher />
    </MantineProvider>,
  );
}

beforeEach(seed);
afterEach(() => {
  notifications.clean();
  cleanup();
});

describe('a refused pick is told at once', () => {
  it('names order, item, quantity and location, with a put-back line kept on the device', async () => {
    renderWatcher();
    // A pick as the picker's screen queues it.
    const entry = await enqueue('pick.confirm.v1', {
      order_id: 4,
      order_item_id: 9,
      location_id: 3,
      quantity: 8,
    });
    // The facts are kept while the entry waits, then the order leaves the device.
    await waitFor(async () => expect(await getDb().meta.get(`words:${entry.id}`)).toBeTruthy());
    await getDb().orders.clear();
    await getDb().orderItems.clear();
    await getDb().outbox.update(entry.localId!, {
      state: 'rejected',
      code: 'order_not_claimed',
      message: 'You are not picking this order (anymore). Claim it again with Pick.',
    });

    const notice = await screen.findByTestId('refusal-notice');
    expect(screen.getByText('Order BL-4: the server refused a change')).toBeTruthy();
    expect(notice.textContent).toContain('Pick: 8 × Plate 4 x 4 · Sand Green · New from H1-A01');
    expect(notice.textContent).not.toContain('Claim it again');
    const line = screen.getByRole('checkbox', {
      name: '8 × Plate 4 x 4 · Sand Green · New → H1-A01',
    });
    fireEvent.click(line);
    await waitFor(async () =>
      expect(await readIds(getDb(), PUT_BACK_KEY)).toEqual({ [entry.id]: true }),
    );
    await waitFor(() => expect((line as HTMLInputElement).checked).toBe(true));

    // Told once: a reload does not tell it again.
    notifications.clean();
    cleanup();
    renderWatcher();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByTestId('refusal-notice')).toBeNull();
  });
});
