import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Order, OrderItemWithLocations } from '../../contract/orders';
import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';

/**
 * The order manager's screens (docs/picking.md): Manage Orders with paging, sort and the problem
 * filter, and the order detail's picking-status dropdown, Solved switch and item notes.
 * Other specs change orders 1, 3 and 22; this one changes 5 and 21 and sets them back.
 */

const MANAGER = 'orders@demo.test';
/** An unassigned, pickable demo order whose second item has a public note. */
const STATUS_ORDER = 21;
const PAUSED = 3;

interface OrderPage {
  count: number;
  results: Order[];
}

async function listOrders(
  request: APIRequestContext,
  token: string,
  params: Record<string, string>,
): Promise<OrderPage> {
  const res = await request.get('/api/v1/order', {
    headers: bearer(token),
    params: { limit: '10', ...params },
  });
  expect(res.status()).toBe(200);
  return res.json();
}

async function orderOnServer(
  request: APIRequestContext,
  token: string,
  orderId: number,
): Promise<Order> {
  return (await listOrders(request, token, { order_id: String(orderId) })).results[0];
}

async function putOrder(
  request: APIRequestContext,
  token: string,
  orderId: number,
  change: Record<string, number>,
) {
  const res = await request.put('/api/v1/order', {
    headers: bearer(token),
    params: { order_id: String(orderId) },
    data: change,
  });
  expect(res.status()).toBe(200);
}

const rowNumbers = (page: Page) =>
  page.getByTestId('order-row').locator('td:first-child').allTextContents();

test('Manage Orders pages by ten, sorts as the API does and filters problem orders', async ({
  page,
}) => {
  const { access_token: token } = await apiLogin(page.request, MANAGER);
  const first = await listOrders(page.request, token, { page: '1', order_by_age: '1' });
  const pages = Math.ceil(first.count / 10);
  expect(pages).toBeGreaterThan(1);

  await loginAs(page, MANAGER);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Manage Orders' })).toBeVisible();
  const paging = page.getByLabel('Pages');

  for (let n = 1; n <= pages; n++) {
    const expected = await listOrders(page.request, token, { page: String(n), order_by_age: '1' });
    if (n > 1) await paging.getByRole('button', { name: String(n), exact: true }).click();
    await expect(page.getByTestId('order-row')).toHaveCount(expected.results.length);
    expect(expected.results.length).toBe(n < pages ? 10 : first.count - 10 * (pages - 1));
    await expect.poll(() => rowNumbers(page)).toEqual(expected.results.map((o) => o.order_number));
  }
  await expect(paging.getByRole('button', { name: String(pages + 1), exact: true })).toHaveCount(0);

  // Another sort: back to page 1 in the API's order for that flag.
  const byItems = await listOrders(page.request, token, { page: '1', order_by_item_count: '1' });
  expect(byItems.results.map((o) => o.order_id)).not.toEqual(first.results.map((o) => o.order_id));
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Item count' }).click();
  await expect.poll(() => rowNumbers(page)).toEqual(byItems.results.map((o) => o.order_number));

  // Only orders with a problem.
  const problems = await listOrders(page.request, token, {
    page: '1',
    order_by_item_count: '1',
    filter_problems: '1',
  });
  expect(problems.count).toBeGreaterThan(0);
  expect(problems.results.every((o) => o.has_problem === 1)).toBe(true);
  await page.getByLabel('Only orders with a problem').check();
  await expect.poll(() => rowNumbers(page)).toEqual(problems.results.map((o) => o.order_number));
  await expect(page.getByTestId('order-row').getByText('Not solved')).toHaveCount(
    problems.results.length,
  );

  // View opens the order.
  const shown = problems.results[0];
  await page.getByTestId('order-row').first().getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${shown.order_id}$`));
  await expect(page.getByTestId('order-number')).toHaveText(shown.order_number);
  await expect(page.getByRole('heading', { name: `Order ${shown.order_number}` })).toBeVisible();
});

test('on the order detail the manager changes the picking status', async ({ page }) => {
  const { access_token: token } = await apiLogin(page.request, MANAGER);
  const before = await orderOnServer(page.request, token, STATUS_ORDER);
  expect(before.picking_status_id).not.toBe(PAUSED);
  // The dropdown reads the statuses in the warehouse's words, not the server's names.
  const WORDS: Record<number, string> = {
    1: 'Being picked',
    2: 'Unassigned',
    3: 'Paused',
    4: 'Picked',
  };
  const nameOf = (id: number) => WORDS[id];

  try {
    await loginAs(page, MANAGER);
    await page.goto(`/order/${STATUS_ORDER}`);
    await expect(page.getByTestId('order-number')).toHaveText(before.order_number);
    const dropdown = page.getByRole('combobox', { name: 'Picking status' });
    await expect(dropdown).toHaveValue(nameOf(before.picking_status_id));

    await dropdown.click();
    await page.getByRole('option', { name: nameOf(PAUSED), exact: true }).click();
    await expect(page.getByText('The order has been updated.')).toBeVisible();
    await expect
      .poll(async () => (await orderOnServer(page.request, token, STATUS_ORDER)).picking_status_id)
      .toBe(PAUSED);
    await expect(dropdown).toHaveValue(nameOf(PAUSED));

    // And back through the same dropdown.
    await dropdown.click();
    await page.getByRole('option', { name: nameOf(before.picking_status_id), exact: true }).click();
    await expect
      .poll(async () => (await orderOnServer(page.request, token, STATUS_ORDER)).picking_status_id)
      .toBe(before.picking_status_id);
  } finally {
    const now = await orderOnServer(page.request, token, STATUS_ORDER);
    if (now.picking_status_id !== before.picking_status_id) {
      await putOrder(page.request, token, STATUS_ORDER, {
        picking_status_id: before.picking_status_id,
      });
    }
  }
});

test('the Solved switch toggles the problem on the server', async ({ page }) => {
  const { access_token: token } = await apiLogin(page.request, MANAGER);
  const problems = await listOrders(page.request, token, { page: '1', filter_problems: '1' });
  const order = problems.results.find((o) => ![1, 3, 22].includes(o.order_id))!;
  expect(order.has_problem).toBe(1);

  try {
    await loginAs(page, MANAGER);
    await page.goto(`/order/${order.order_id}`);
    await expect(page.getByTestId('order-number')).toHaveText(order.order_number);
    await expect(page.getByTestId('order-issue')).toHaveText(order.picker_issue!);

    await page.getByRole('switch', { name: 'Not solved' }).click();
    await expect(page.getByText('The order has been updated.')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Solved' })).toBeChecked();
    await expect
      .poll(async () => (await orderOnServer(page.request, token, order.order_id)).has_problem)
      .toBe(0);

    await page.getByRole('switch', { name: 'Solved' }).click();
    await expect(page.getByRole('switch', { name: 'Not solved' })).not.toBeChecked();
    await expect
      .poll(async () => (await orderOnServer(page.request, token, order.order_id)).has_problem)
      .toBe(1);
  } finally {
    const now = await orderOnServer(page.request, token, order.order_id);
    if (now.has_problem !== 1)
      await putOrder(page.request, token, order.order_id, { has_problem: 1 });
  }
});

test('Notes shows an item’s private and public notes', async ({ page }) => {
  const { access_token: token } = await apiLogin(page.request, MANAGER);
  const res = await page.request.get(`/api/v1/order/item?order_id=${STATUS_ORDER}`, {
    headers: bearer(token),
  });
  const items: OrderItemWithLocations[] = (await res.json()).results;
  const index = items.findIndex((i) => i.public_note);
  expect(index).toBeGreaterThanOrEqual(0);
  const item = items[index];
  const privateNote = `e2e private note ${Date.now()}`;

  // No API writes item notes (they come from the store): set one in the database for this test.
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'warehouse.sqlite'), {
    fileMustExist: true,
    timeout: 5_000,
  });
  const setNote = (note: string | null) =>
    db
      .prepare('UPDATE order_items SET private_note = ? WHERE id = ?')
      .run(note, item.order_item_id);
  try {
    setNote(privateNote);
    await loginAs(page, MANAGER);
    await page.goto(`/order/${STATUS_ORDER}`);
    await expect(page.getByTestId('order-item')).toHaveCount(items.length);

    await page.getByTestId('order-item').nth(index).getByRole('button', { name: 'Notes' }).click();
    const modal = page.getByRole('dialog', { name: 'Notes' });
    await expect(modal.getByText('Private note', { exact: true })).toBeVisible();
    await expect(modal.getByText(privateNote)).toBeVisible();
    await expect(modal.getByText('Public note', { exact: true })).toBeVisible();
    await expect(modal.getByText(item.public_note!)).toBeVisible();
  } finally {
    setNote(item.private_note ?? null);
    db.close();
  }
});
