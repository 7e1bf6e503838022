import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import type { OrderItemWithLocations } from '../../contract/orders';
import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';
import {
  claimableOrder,
  confirmPrefilled,
  orderItems,
  orderOnDevice,
  scanLocation,
  stockOf,
} from './support/orders';
import { shoot } from './support/phone';

/**
 * The floor on a phone whose Wi-Fi comes and goes: a picker at 360 × 740 picks an order while the
 * network drops and returns every one or two seconds. Afterwards every pick landed on the server
 * exactly once, and the pending states on the phone settle (nothing left unsent, the order card's
 * "not sent yet" badge gone). Then, with the network up but the server not taking the picks, the
 * order manager sees the picks still on the picker's device, and no longer once they are sent.
 */

const PHONE = { width: 360, height: 740 };
const PICKER = 'picker@demo.test';
/** Orders other specs pick by number; free ones are taken from the other end. */
const USED_ELSEWHERE = new Set([1, 2, 3, 5, 21, 22]);

test.use({ viewport: PHONE, allowedConsoleError: /status of 503/ });

/** A demo order the picker can claim with something in stock to pick, from 24 down. */
const freeOrder = (request: APIRequestContext, token: string, skip: number[] = []) =>
  claimableOrder(request, token, { skip: [...USED_ELSEWHERE, ...skip], withStock: true });

/** Scan the stop shown and confirm the prefilled quantity; returns it (0: nothing left). */
async function pickStop(page: Page): Promise<number> {
  const code = page.getByTestId('location-code');
  if (!(await code.isVisible())) return 0;
  await scanLocation(page, (await code.textContent())!.trim());
  const quantity = await confirmPrefilled(page);
  // The stop moved on (or the quantity there went down): the pick is on the device. A busy
  // phone whose network flaps took up to 15 s to save a pick here.
  await expect(page.getByText('Location scanned')).toHaveCount(0, { timeout: 30_000 });
  return quantity;
}

/**
 * Drops and restores the context's network every 1–2 s until stopped, and at least `least` times
 * (so a short order still sees the network come and go while its picks are sent).
 */
function flap(context: BrowserContext, least: number) {
  let on = true;
  let drops = 0;
  const done = (async () => {
    let offline = false;
    while (on || drops < least) {
      offline = !offline;
      if (offline) drops++;
      await context.setOffline(offline);
      await new Promise((resolve) => setTimeout(resolve, 1_000 + Math.random() * 1_000));
    }
    await context.setOffline(false);
  })();
  return async () => {
    on = false;
    await done;
    return drops;
  };
}

async function onDevice(request: APIRequestContext, manager: string, orderId: number) {
  const res = await request.get(`/api/v1/order/on_device?order_id=${orderId}`, {
    headers: bearer(manager),
  });
  expect(res.status()).toBe(200);
  return (await res.json()).results as { pending_picks: number; user_name: string }[];
}

test('picking while the network flaps: every pick lands once and the pending states settle', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const { access_token: token } = await apiLogin(request, PICKER);
  const { access_token: manager } = await apiLogin(request, 'orders@demo.test');
  const order = await freeOrder(request, token);
  const before = await orderItems(request, token, order.id);

  await loginAs(page, PICKER);
  await orderOnDevice(page, order.number);
  // A second tab of the app shows the Picker Orders list while the first one picks.
  const list = await context.newPage();
  await list.goto('/user_orders');
  const card = list.getByTestId('picker-order').filter({ hasText: order.number });
  await expect(card).toBeVisible({ timeout: 30_000 });

  await page
    .getByTestId('picker-order')
    .filter({ hasText: order.number })
    .getByRole('link', { name: 'Pick' })
    .click();
  await expect(page.getByTestId('location-code')).toBeVisible();

  // Pick every stop while the network comes and goes.
  const stopFlapping = flap(context, 5);
  const picked: number[] = [];
  try {
    for (let stop = 0; stop < 12; stop++) {
      const remaining = await page.getByTestId('location-code').count();
      if (remaining === 0) break;
      picked.push(await pickStop(page));
    }
  } finally {
    const drops = await stopFlapping();
    test.info().annotations.push({
      type: 'flapping',
      description: `${picked.length} stops picked, network dropped ${drops} times`,
    });
  }
  expect(picked.length).toBeGreaterThan(0);
  await expect(page.getByText('Nothing left to pick on the route.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish' })).toBeInViewport({ ratio: 1 });
  await shoot(page, testInfo, 'end-screen-360');

  // Back online for good: nothing stays unsent, the claim is confirmed, no refusal.
  await expect(page.getByText(/\d+ unsent/)).toHaveCount(0, { timeout: 90_000 });
  await expect(page.getByTestId('picks-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Claimed', { exact: true })).toBeVisible();
  await expect(page.getByTestId('refusal-notice')).toHaveCount(0);
  await expect(card.getByTestId('order-sync-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(card.getByTestId('order-sync-refused')).toHaveCount(0);

  // Every pick landed exactly once: picked up and stock down by just what was confirmed.
  const after = await orderItems(request, token, order.id);
  const total = (rows: OrderItemWithLocations[], of: (i: OrderItemWithLocations) => number) =>
    rows.reduce((n, i) => n + of(i), 0);
  const confirmed = picked.reduce((n, q) => n + q, 0);
  expect(total(after, (i) => i.quantity_picked) - total(before, (i) => i.quantity_picked)).toBe(
    confirmed,
  );
  expect(total(before, stockOf) - total(after, stockOf)).toBe(confirmed);
  for (const item of after) expect(item.quantity_picked).toBeLessThanOrEqual(item.quantity_ordered);

  // The server refuses to take changes for a while (the network is up): the card says they are
  // not sent yet, and the order manager sees the picks still on the picker's device.
  await expect.poll(() => onDevice(request, manager, order.id), { timeout: 30_000 }).toEqual([]);
  const second = await freeOrder(request, token, [order.id]);
  await list.goto('/user_orders');
  const secondCard = list.getByTestId('picker-order').filter({ hasText: second.number });
  await expect(secondCard).toBeVisible({ timeout: 30_000 });
  await page.goto('/user_orders');
  await page
    .getByTestId('picker-order')
    .filter({ hasText: second.number })
    .getByRole('link', { name: 'Pick' })
    .click();
  await expect(page.getByText('Claimed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await context.route('**/api/v1/sync/push', (route) => route.fulfill({ status: 503, body: '' }));
  const quantity = await pickStop(page);
  await expect(secondCard.getByTestId('order-sync-pending')).toBeVisible({ timeout: 15_000 });
  await secondCard.scrollIntoViewIfNeeded();
  await shoot(list, testInfo, 'order-card-not-sent-360');
  await expect
    .poll(() => onDevice(request, manager, second.id), { timeout: 45_000 })
    .toEqual([expect.objectContaining({ pending_picks: 1 })]);
  const managerPage = await context.browser()!.newPage({ viewport: PHONE });
  await loginAs(managerPage, 'orders@demo.test');
  await managerPage.goto(`/order/${second.id}`);
  await expect(managerPage.getByTestId('on-device')).toContainText(
    /^1 pick still on .+'s device \(last told at \d\d:\d\d/,
  );
  await shoot(managerPage, testInfo, 'order-detail-on-device-360');
  expect(quantity).toBeGreaterThan(0);

  // The server takes changes again: the pick lands, the badge goes, the report clears.
  await context.unroute('**/api/v1/sync/push');
  await expect(secondCard.getByTestId('order-sync-pending')).toHaveCount(0, { timeout: 90_000 });
  await expect.poll(() => onDevice(request, manager, second.id), { timeout: 45_000 }).toEqual([]);
  await managerPage.reload();
  await expect(managerPage.getByRole('heading', { name: `Order ${second.number}` })).toBeVisible();
  await expect(managerPage.getByTestId('on-device')).toHaveCount(0);
  await managerPage.close();
});
