import type { APIRequestContext } from '@playwright/test';
import type { OrderItemWithLocations } from '../../contract/orders';
import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';
import { wedgeScan } from './support/scanner';
import { CLAIM_ANSWERED } from './support/orders';

/**
 * The device's storage runs full in the middle of picking (Chromium's own quota, lowered through
 * the DevTools protocol): the pick is not saved, the picker is told so in plain words, the screen
 * does not count it, and once there is room again the same Confirm saves it.
 */

// An unclaimed demo order no other browser test uses.
const ORDER = 2;

async function pickedOnServer(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get(`/api/v1/order/item?order_id=${ORDER}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  const items = (await res.json()).results as OrderItemWithLocations[];
  return items.reduce((n, i) => n + i.quantity_picked, 0);
}

// The app logs the failed write for the developers. On a phone, tapped.
test.use({
  allowedConsoleError: /^Local write failed \(This pick/,
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
});

test('a pick on a device whose storage is full is not counted and the picker is told', async ({
  page,
}, testInfo) => {
  const { access_token: token } = await apiLogin(page.request, 'picker@demo.test');
  const pickedBefore = await pickedOnServer(page.request, token);
  await loginAs(page, 'picker@demo.test');
  await expect(page.getByRole('heading', { name: 'Picker Orders' })).toBeVisible();
  await page.goto(`/order/${ORDER}`);
  await page.getByRole('button', { name: 'Pick', exact: true }).click();
  await expect(page.getByText('You have claimed the order')).toBeVisible(CLAIM_ANSWERED);
  await expect(page.getByText('Claimed', { exact: true })).toBeVisible({ timeout: 15_000 });

  await wedgeScan(page, (await page.getByTestId('location-code').textContent())!.trim());
  await expect(page.getByText('Location scanned')).toBeVisible();
  const toPick = (await page.getByTestId('to-pick').textContent())!;
  const stock = (await page.getByTestId('stock-here').textContent())!;

  // The device's storage is full: every IndexedDB write fails as Chromium fails it then.
  // (Chromium ignores the DevTools protocol's quota override in these contexts, so the page's
  // IndexedDB is made to answer as a full disk does.)
  await page.evaluate(() => {
    const full = { on: true };
    (window as unknown as { __storageFull: typeof full }).__storageFull = full;
    for (const method of ['add', 'put'] as const) {
      const original = IDBObjectStore.prototype[method];
      IDBObjectStore.prototype[method] = function (
        this: IDBObjectStore,
        ...args: [unknown, IDBValidKey?]
      ) {
        if (full.on) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      };
    }
  });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByText(/This device's storage is full: this pick .* was NOT saved\./),
  ).toBeVisible();
  await expect(page.getByText(/Everything you did before it is still saved/)).toBeVisible();
  // Not done: the same stop, the same counts, nothing waiting to be sent.
  await expect(page.getByText('Location scanned')).toBeVisible();
  await expect(page.getByTestId('to-pick')).toHaveText(toPick);
  await expect(page.getByTestId('stock-here')).toHaveText(stock);
  await expect(page.getByText(/\d+ unsent/)).toHaveCount(0);
  expect(await pickedOnServer(page.request, token)).toBe(pickedBefore);

  // The header says so on every screen, and a tap tells what to do.
  const warning = page.getByRole('button', { name: 'Storage full' });
  await expect(warning).toBeVisible();
  const shot = testInfo.outputPath('storage-full-header.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('storage-full-header', { path: shot, contentType: 'image/png' });
  await warning.tap();
  await expect(page.getByText(/Free some space on the device/).last()).toBeVisible();
  await page.keyboard.press('Escape');

  // Room again: the same Confirm saves the pick.
  await page.evaluate(() => {
    (window as unknown as { __storageFull: { on: boolean } }).__storageFull.on = false;
  });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect
    .poll(() => pickedOnServer(page.request, token), { timeout: 15_000 })
    .toBeGreaterThan(pickedBefore);
  // Saved again: the header's warning goes.
  await expect(warning).toHaveCount(0);
  // No second storage message (the first one may have closed on its own by now).
  expect(await page.getByText(/This device's storage is full/).count()).toBeLessThanOrEqual(1);
});
