import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { OrderMessages } from '../../contract/orders';
import { apiLogin, expect, loginAs, test } from './support/fixtures';
import { claimableOrder, scanLocation } from './support/orders';
import { wedgeScan } from './support/scanner';
import { shoot } from './support/phone';

/**
 * The scanner on a 360 × 740 phone: a good scan buzzes once, a bad one twice; both can be muted in
 * the scanner settings beside the scan field, which also hold the shortest code the handheld
 * scanner may send (2 by default, so 2-character codes scan), kept on the device. A notice at the
 * end of a screen without the thumb bar leaves its last buttons uncovered.
 */

const PHONE = { width: 360, height: 740 };
const PICKER = 'picker@demo.test';
/** Orders other specs pick by number; free ones are taken from the other end. */
const USED_ELSEWHERE = new Set([1, 2, 3, 5, 21, 22]);
const GOOD = 50;
const BAD = [80, 60, 80];

test.use({ viewport: PHONE });

/** An order the picker can claim with something left to pick (counting down from 24). */
async function freeOrder(request: APIRequestContext, token: string) {
  return (await claimableOrder(request, token, { skip: USED_ELSEWHERE, withStock: true })).number;
}

/** What the page asked navigator.vibrate for, in order. */
const buzzes = (page: Page) =>
  page.evaluate(() => (window as unknown as { buzzes: unknown[] }).buzzes);

async function overlaps(a: Locator, b: Locator) {
  const x = (await a.boundingBox())!;
  const y = (await b.boundingBox())!;
  return !(
    x.x + x.width <= y.x ||
    y.x + y.width <= x.x ||
    x.y + x.height <= y.y ||
    y.y + y.height <= x.y
  );
}

test('scans buzz good and bad, can be muted, and take 2-character codes unless set otherwise', async ({
  page,
  request,
}, testInfo) => {
  await page.addInitScript(() => {
    const w = window as unknown as { buzzes: unknown[] };
    w.buzzes = [];
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern: unknown) => {
        w.buzzes.push(pattern);
        return true;
      },
    });
  });
  const { access_token: token } = await apiLogin(request, PICKER);
  const orderNumber = await freeOrder(request, token);
  await loginAs(page, PICKER);
  await page.goto('/user_orders');
  const card = page.getByTestId('picker-order').filter({ hasText: orderNumber });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByRole('link', { name: 'Pick' }).click();
  await expect(page.getByText('Claimed', { exact: true })).toBeVisible({ timeout: 30_000 });
  const code = (await page.getByTestId('location-code').textContent())!.trim();
  const wrong = page.getByText(OrderMessages.wrongLocation);

  // A 2-character code is a scan by default: the wrong one is told and buzzes twice.
  await expect(async () => {
    await wedgeScan(page, 'Q9');
    await expect(wrong.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  expect(await buzzes(page)).toContainEqual(BAD);
  expect(await buzzes(page)).not.toContain(GOOD);

  // Shortest code 3: a 2-character burst is no scan any more.
  const openSettings = async () => {
    await page.getByRole('button', { name: 'Scanner settings' }).click();
    await expect(settings).toBeVisible();
    // Let the menu finish fading in.
    await page.waitForTimeout(300);
  };
  const closeSettings = async () => {
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
  };
  const settings = page.getByTestId('scan-settings');
  const sound = settings.getByRole('switch', { name: 'Sound and vibration on a scan' });
  const length = settings.getByLabel('Shortest code from the handheld scanner');
  await openSettings();
  await shoot(page, testInfo, 'scanner-settings-360');
  await expect(sound).toBeChecked();
  await expect(length).toHaveValue('2');
  await length.fill('3');
  await closeSettings();
  let count = (await buzzes(page)).length;
  await wedgeScan(page, 'Q9');
  await page.waitForTimeout(500);
  expect((await buzzes(page)).length).toBe(count);

  // Muted: a wrong scan is still told, without a buzz.
  await openSettings();
  await sound.click();
  await expect(sound).not.toBeChecked();
  await closeSettings();
  // The earlier notice has gone, so the next one is this scan's.
  await expect(wrong).toHaveCount(0, { timeout: 15_000 });
  count = (await buzzes(page)).length;
  await wedgeScan(page, 'QQ9');
  await expect(wrong.first()).toBeVisible();
  await page.waitForTimeout(300);
  expect((await buzzes(page)).length).toBe(count);

  // The settings belong to the device: still there after a reload. Sound on again.
  await page.reload();
  await openSettings();
  await expect(sound).not.toBeChecked();
  await expect(length).toHaveValue('3');
  await sound.click();
  await closeSettings();

  // The right location: one buzz.
  await scanLocation(page, code);
  expect((await buzzes(page)).at(-1)).toBe(GOOD);

  // Leaving tells the order is paused, at the bottom of Picker Orders: scrolled to its end, the
  // last card's buttons are above the notice, not under it.
  await page.getByRole('link', { name: 'Back' }).click();
  const notice = page.getByText(/You left the order: it is paused/);
  await expect(notice).toBeVisible();
  // A pointer resting on a notice keeps it up, so it is still there to be measured.
  await notice.hover();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(300);
  const box = page.locator('.mantine-Notification-root').filter({ has: notice });
  const last = page.getByTestId('picker-order').last();
  await shoot(page, testInfo, 'notice-at-the-end-360');
  for (const name of ['Pick', 'View']) {
    const button = last.getByRole('link', { name });
    await expect(button).toBeInViewport({ ratio: 1 });
    expect(await overlaps(button, box), `${name} under the notice`).toBe(false);
  }
});
