import type { Locator, Page } from '@playwright/test';
import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';
import { orderItems } from './support/orders';
import { catalogOnDevice } from './support/catalog';
import { shoot } from './support/phone';

/**
 * The order detail on a 360 × 740 touch phone, for a picker and for an order manager: nothing
 * scrolls sideways, every item's Catalog and Notes buttons lie wholly on the screen, are big
 * enough for a thumb, and a tap at their centre opens what they open.
 */

const PHONE = { width: 360, height: 740 };
/** The smallest touch target the floor gets, in CSS pixels. */
const THUMB = 40;

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

async function sideways(page: Page) {
  return page.evaluate(() => {
    const s = document.scrollingElement!;
    return { scrollWidth: s.scrollWidth, clientWidth: s.clientWidth };
  });
}

/** The button is wholly inside the viewport and large enough; answers its centre. */
async function onScreen(button: Locator, what: string): Promise<{ x: number; y: number }> {
  // Scrolled up or down (never sideways: a phone user would not find it there) to the middle of
  // the screen, where a thumb taps it; measured once the scroll is done.
  await button.evaluate(async (el) => {
    const r = el.getBoundingClientRect();
    window.scrollBy({ top: r.top + r.height / 2 - window.innerHeight / 2, behavior: 'instant' });
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  const box = (await button.boundingBox())!;
  expect(box, what).not.toBeNull();
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(PHONE.width);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(PHONE.height);
  expect(box.height, `${what}: height`).toBeGreaterThanOrEqual(THUMB);
  expect(box.width, `${what}: width`).toBeGreaterThanOrEqual(THUMB);
  // The label is not cut ("Ca…"): the text fits its button.
  const cut = await button.evaluate((el) => {
    const label = el.querySelector<HTMLElement>('.mantine-Button-label') ?? el;
    return label.scrollWidth > label.clientWidth;
  });
  expect(cut, `${what}: label cut`).toBe(false);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function tapAndClose(page: Page, button: Locator, dialogName: string, shows: string) {
  const what = `${dialogName} of ${shows}`;
  const centre = await onScreen(button, what);
  // Nothing lies over the button's centre: a tap there reaches the button itself.
  const reached = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    centre,
  );
  expect(reached, `${what}: what a tap at its centre reaches`).toBe(await button.textContent());
  await page.touchscreen.tap(centre.x, centre.y);
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog, what).toBeVisible();
  await expect(dialog).toContainText(shows);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

/**
 * The device has the catalog and the page has stopped growing: each item's catalog facts line
 * appears once the device's catalog is read, which moves the buttons below it.
 */
async function settled(page: Page) {
  const height = () => page.evaluate(() => document.scrollingElement!.scrollHeight);
  await expect
    .poll(async () => {
      const before = await height();
      await page.waitForTimeout(400);
      return (await height()) === before;
    })
    .toBe(true);
}

/** The demo order with the most items (read only: nothing here changes it). */
async function longestOrder(page: Page, token: string) {
  const res = await page.request.get('/api/v1/order', {
    headers: bearer(token),
    params: { order_by_item_count: '1', limit: '1' },
  });
  expect(res.status()).toBe(200);
  const order = (await res.json()).results[0] as { order_id: number; order_number: string };
  const items = await orderItems(page.request, token, order.order_id);
  expect(items.length).toBeGreaterThan(2);
  return { ...order, items };
}

for (const [role, email] of [
  ['picker', 'picker@demo.test'],
  ['order manager', 'orders@demo.test'],
] as const) {
  test(`the order detail fits a 360 px phone for the ${role}; Catalog and Notes open on a tap`, async ({
    page,
  }, testInfo) => {
    const { access_token: token } = await apiLogin(page.request, email);
    const order = await longestOrder(page, token);

    await loginAs(page, email);
    await catalogOnDevice(page);
    await page.goto(`/order/${order.order_id}`);
    await expect(page.getByTestId('order-number')).toHaveText(order.order_number);
    const items = page.getByTestId('order-item');
    await expect(items).toHaveCount(order.items.length);
    await settled(page);

    const { scrollWidth, clientWidth } = await sideways(page);
    expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(clientWidth);
    await shoot(page, testInfo, `order-detail-360-${role.replace(' ', '-')}`, true);

    for (const [i, item] of order.items.entries()) {
      const row = items.nth(i);
      await expect(row).toContainText(item.mold_name);
      await expect(row).toContainText(item.colour_name);
      await expect(row).toContainText(`${item.quantity_picked}|${item.quantity_ordered}`);
      const catalog = row.getByRole('button', { name: 'Catalog' });
      const notes = row.getByRole('button', { name: 'Notes' });
      if (i === 0 || i === order.items.length - 1) {
        await tapAndClose(page, catalog, 'Item info', item.mold_name);
        await tapAndClose(page, notes, 'Notes', item.private_note || 'No private note.');
      } else {
        await onScreen(catalog, `Catalog of ${item.mold_name}`);
        await onScreen(notes, `Notes of ${item.mold_name}`);
      }
    }
    // Opening and closing the dialogs left nothing wider than the phone.
    expect((await sideways(page)).scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
}
