import type { Page } from '@playwright/test';
import type { OrderItemWithLocations } from '../../contract/orders';
import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';
import { CLAIM_ANSWERED } from './support/orders';

/** Issue 3: a pick the server refuses shows up under Sync problems with the server's message. */

// Demo catalog pictures live on an outside CDN the test machine cannot reach.
const ORDER = 3;

/** Type a code into the scan bar's field and press Enter (see picking-offline.spec.ts). */
async function scan(page: Page, code: string) {
  await page.getByLabel('Location code').click();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test('a pick the server rejects appears in sync problems with its message', async ({
  page,
  context,
}) => {
  const { access_token: token } = await apiLogin(page.request, 'picker@demo.test');

  await loginAs(page, 'picker@demo.test');
  await page.goto(`/picker/${ORDER}`);
  await expect(page.getByText('You have claimed the order')).toBeVisible(CLAIM_ANSWERED);
  await expect(page.getByText('Claimed', { exact: true })).toBeVisible({ timeout: 15_000 });

  await context.setOffline(true);
  await expect(page.getByLabel('Offline')).toBeVisible();
  const code = (await page.getByTestId('location-code').textContent())!.trim();
  await scan(page, code);
  await expect(page.getByText('Location scanned')).toBeVisible();
  const quantity = Number(await page.getByLabel('Quantity').inputValue());
  expect(quantity).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('1 unsent')).toBeVisible();

  // Meanwhile the stock of that item at that location is gone (someone else took it).
  const res = await page.request.get(`/api/v1/order/item?order_id=${ORDER}`, {
    headers: bearer(token),
  });
  const items: OrderItemWithLocations[] = (await res.json()).results;
  const item = items
    .sort((a, b) => a.order_item_id - b.order_item_id)
    .find((i) => i.quantity_picked === 0 && i.locations.some((l) => l.code === code))!;
  const here = item.locations.find((l) => l.code === code)!;
  const take = await page.request.post(
    `/api/v1/location_content?location_id=${here.location_id}&item_id=${item.item_id}`,
    { headers: bearer(token), data: { change: -here.quantity } },
  );
  expect(take.status()).toBe(200);
  expect((await take.json()).quantity).toBe(0);

  // Back online: the pick is refused, listed under sync problems with the server's message.
  await context.setOffline(false);
  await expect(page.getByText(/\d+ unsent/)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('The server refused 1 of your changes to this order')).toBeVisible();
  await page.getByRole('button', { name: 'Sync status' }).click();
  const problem = page.getByTestId('sync-problem');
  await expect(problem).toHaveCount(1);
  await expect(problem).toContainText('You cannot pick more than the current stock');
  // In the floor's words: the order, the quantity and where the pieces go back; no internal name.
  await expect(problem).not.toContainText('pick.confirm.v1');
  await expect(problem).not.toContainText('409');
  await expect(problem).toContainText(`Pick: ${quantity} × ${item.mold_name}`);
  await expect(problem).toContainText(`back at ${code}`);
  await expect(page.getByTestId('sync-problem-group')).toContainText('Order');

  // The server took nothing: the item's picked quantity is unchanged.
  const after = await page.request.get(`/api/v1/order/item?order_id=${ORDER}`, {
    headers: bearer(token),
  });
  const now = ((await after.json()).results as OrderItemWithLocations[]).find(
    (i) => i.order_item_id === item.order_item_id,
  )!;
  expect(now.quantity_picked).toBe(0);

  // Dismissed, it leaves the list.
  await problem.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('No sync problems.')).toBeVisible();
});
