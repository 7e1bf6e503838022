import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { OrderItemWithLocations } from '../../contract/orders';
import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';
import { wedgeScan } from './support/scanner';
import { CLAIM_ANSWERED } from './support/orders';

/**
 * Issue 3: a picker picks a whole order with the network gone, and every pick lands on the
 * server exactly once when it returns.
 */

// Demo catalog pictures live on an outside CDN the test machine cannot reach.
const ORDER = 1;

async function orderItems(page: Page, token: string): Promise<OrderItemWithLocations[]> {
  const res = await page.request.get(`/api/v1/order/item?order_id=${ORDER}`, {
    headers: bearer(token),
  });
  expect(res.status()).toBe(200);
  return (await res.json()).results;
}

const stockOf = (item: OrderItemWithLocations) =>
  item.locations.reduce((n, l) => n + l.quantity, 0);

/** "Scan" a code with a keyboard-wedge scanner (support/scanner.ts): no field needs focus. */
async function scan(page: Page, code: string) {
  await wedgeScan(page, code);
}

/** Scan the shown location when it is not scanned yet. */
async function scanIfNeeded(page: Page) {
  if (!(await page.getByText('Scan the location', { exact: true }).isVisible())) return;
  await scan(page, (await page.getByTestId('location-code').textContent())!.trim());
  await expect(page.getByText('Location scanned')).toBeVisible();
}

test('a picker picks a whole order offline, reloads, finishes; every pick lands once', async ({
  page,
  context,
}) => {
  const { access_token: token } = await apiLogin(page.request, 'picker@demo.test');
  const before = await orderItems(page, token);
  expect(before.every((i) => i.quantity_picked === 0)).toBe(true);
  const note = `e2e offline issue ${Date.now()}`;

  await loginAs(page, 'picker@demo.test');
  await expect(page.getByRole('heading', { name: 'Picker Orders' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });

  await page.goto(`/order/${ORDER}`);
  await expect(page.getByTestId('order-item')).toHaveCount(before.length);
  await page.getByRole('button', { name: 'Pick', exact: true }).click();
  await expect(page.getByText('You have claimed the order')).toBeVisible(CLAIM_ANSWERED);
  // The claim reached the server before the Wi-Fi goes.
  await expect(page.getByText('Claimed', { exact: true })).toBeVisible({ timeout: 15_000 });

  await context.setOffline(true);
  await expect(page.getByLabel('Offline')).toBeVisible();

  // A wrong location is refused and Confirm stays closed.
  await scan(page, 'H9-X99');
  await expect(page.getByText('This is not the right location.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeDisabled();

  let unsent = 0;
  let reloaded = false;
  for (let step = 0; step < 30; step++) {
    // After a confirm the screen moves on: to the next stop, or to Finish after the last one.
    const finish = page.getByRole('button', { name: 'Finish' });
    const confirm = page.getByRole('button', { name: 'Confirm' });
    await expect(
      finish
        .or(page.getByText('Scan the location', { exact: true }))
        .or(confirm.and(page.locator(':focus')))
        .first(),
    ).toBeVisible();
    if (await finish.isVisible()) break;
    await scanIfNeeded(page);
    // The quantity is prefilled and keeps the phone keyboard closed: Confirm has the focus.
    await expect(page.getByRole('button', { name: 'Confirm' })).toBeFocused();
    await expect(page.getByLabel('Quantity')).not.toBeFocused();
    await page.keyboard.press('Enter'); // Enter confirms
    unsent += 1;
    await expect(page.getByText(`${unsent} unsent`)).toBeVisible();

    if (!reloaded) {
      // Report an issue: the type is required.
      await page.getByRole('button', { name: 'Report issue' }).click();
      await page.getByRole('button', { name: 'Send report' }).click();
      await expect(page.getByText('Please select the type of your issue').first()).toBeVisible();
      await page.getByPlaceholder('Select the type').click();
      await page.getByRole('option', { name: 'Item damaged' }).click();
      await page.getByRole('radio', { name: 'Both' }).check();
      await page.getByLabel('Note').fill(note);
      await page.getByRole('button', { name: 'Send report' }).click();
      // Offline the report waits on the device: the managers are not told to have it yet.
      await expect(
        page.getByText('Report saved on this device — it is sent when the network is back.'),
      ).toBeVisible();
      await expect(page.getByText(/have been notified/)).toHaveCount(0);
      unsent += 1;
      await expect(page.getByText(`${unsent} unsent`)).toBeVisible();

      // Reload with the network off: the screen continues from the device's data.
      await page.reload();
      reloaded = true;
      await expect(page.getByText(`${unsent} unsent`)).toBeVisible();
      await expect(
        page.getByTestId('location-code').or(page.getByRole('button', { name: 'Finish' })),
      ).toBeVisible();
    }
  }
  expect(reloaded).toBe(true);
  await page.getByRole('button', { name: 'Finish' }).click();
  unsent += 1;
  await expect(page).toHaveURL(/\/user_orders$/);
  await expect(page.getByText(`${unsent} unsent`)).toBeVisible();

  // Back online: everything goes out.
  await context.setOffline(false);
  await expect(page.getByText(/\d+ unsent/)).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Sync status' }).click();
  await expect(page.getByText(/Online · Everything sent/)).toBeVisible();
  await expect(page.getByText('No sync problems.')).toBeVisible();

  // The server: each item picked exactly as ordered, its stock taken exactly once.
  const after = await orderItems(page, token);
  for (const item of before) {
    const now = after.find((i) => i.order_item_id === item.order_item_id)!;
    expect(now.quantity_picked, `picked of item ${item.item_id}`).toBe(item.quantity_ordered);
    expect(stockOf(now), `stock of item ${item.item_id}`).toBe(
      stockOf(item) - item.quantity_ordered,
    );
  }
  const order = await page.request.get(`/api/v1/order?order_id=${ORDER}`, {
    headers: bearer(token),
  });
  expect((await order.json()).results[0].picking_status_id).toBe(4);

  // The issue exists once.
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'warehouse.sqlite'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    const rows = db
      .prepare('SELECT manager_id, order_id, note FROM issues WHERE note LIKE ?')
      .all(`%${note}%`);
    expect(rows).toEqual([{ manager_id: 3, order_id: ORDER, note: `Item damaged: ${note}` }]);
  } finally {
    db.close();
  }
});
