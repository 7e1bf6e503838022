// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderMessages, PickingStatus } from '../../../contract/orders';
import { choose, renderAt, signIn, startRealServer } from '../../test/realServer';
import ManageOrdersPage from './ManageOrdersPage';
import OrderDetailPage from './OrderDetailPage';

/**
 * The order screens against the real server (SQLite, demo data): statuses in the warehouse's
 * words, refusals without HTTP codes. Demo orders: 8 being picked, 12 paused, 16 picked, the
 * others unassigned; order 12 is paid.
 */
const t = startRealServer();

const SERVER_NAMES = /BEING_PICKED|UNASSIGNED|PAUSED|PICKED|PENDING|PROCESSING|PAID|ON_HOLD/;
const HTTP_TRACES = /Status:|\b[45]\d\d\b|Error:|Conflict|Not Found/;

const detail = (orderId: number) =>
  renderAt(`/order/${orderId}`, { '/order/:orderId': <OrderDetailPage /> });
/** The order as the server's database holds it. */
const orderOnServer = (orderId: number) =>
  t.app.db
    .selectFrom('orders')
    .select(['order_number', 'picking_status_id'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();

// First: its read of the picks on devices may still be under way when the test ends.
describe('Manage Orders', () => {
  it('lists order and picking statuses in words', async () => {
    await signIn('orders@demo.test');
    renderAt('/orders', { '/orders': <ManageOrdersPage /> });
    await waitFor(() => expect(screen.getAllByTestId('order-row').length).toBeGreaterThan(0));
    const text = screen
      .getAllByTestId('order-row')
      .map((r) => r.textContent)
      .join(' ');
    expect(text).not.toMatch(SERVER_NAMES);
    expect(text).toMatch(/Unassigned/);
    expect(text).toMatch(/Paid|Processing/);
  });
});

describe('order detail', () => {
  it('shows a picker the picking status in words', async () => {
    await signIn('picker@demo.test');
    detail(8);
    await screen.findByText((await orderOnServer(8)).order_number);
    expect(screen.getByTestId('picking-status').textContent).toBe('Being picked');
    expect(document.body.textContent).not.toMatch(SERVER_NAMES);
  });

  it("gives the manager's dropdown and the order status in words, and changes the status", async () => {
    await signIn('orders@demo.test');
    detail(12);
    const dropdown = await screen.findByRole('combobox', { name: 'Picking status' });
    expect((dropdown as HTMLInputElement).value).toBe('Paused');
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(SERVER_NAMES);

    fireEvent.click(dropdown);
    const list = await waitFor(() =>
      document.getElementById(dropdown.getAttribute('aria-controls')!)!,
    );
    const options = within(list)
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent);
    expect(options).toEqual(['Unassigned', 'Being picked', 'Paused', 'Picked']);
    fireEvent.click(dropdown);

    await choose(dropdown, 'Unassigned');
    await screen.findByText(OrderMessages.updated);
    expect((await orderOnServer(12)).picking_status_id).toBe(PickingStatus.UNASSIGNED);
    await waitFor(() => expect((dropdown as HTMLInputElement).value).toBe('Unassigned'));
  });

  it("tells a refusal in the server's words, without the HTTP status", async () => {
    await signIn('orders@demo.test');
    detail(2);
    const ready = await screen.findByRole('switch', { name: 'Ready for picking' });
    // Meanwhile a picker takes the order: the server now refuses to make it not ready.
    await t.app.db
      .updateTable('orders')
      .set({ picking_status_id: PickingStatus.BEING_PICKED })
      .where('id', '=', 2)
      .execute();
    fireEvent.click(ready);
    const notice = await screen.findByText(OrderMessages.notPickableUnlessUnassigned);
    expect(notice.textContent).not.toMatch(HTTP_TRACES);
    // The screen reads the order again and shows what the server holds.
    await waitFor(() =>
      expect(
        (screen.getByRole('combobox', { name: 'Picking status' }) as HTMLInputElement).value,
      ).toBe('Being picked'),
    );
  });

  it('tells a picker an order the server does not have without a status code', async () => {
    await signIn('picker@demo.test');
    detail(99999);
    const notice = await screen.findByText(OrderMessages.orderNotFound);
    expect(notice.textContent).not.toMatch(HTTP_TRACES);
    expect(screen.getByText('The order could not be loaded.')).toBeTruthy();
  });
});
