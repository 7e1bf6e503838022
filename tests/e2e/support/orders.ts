import type { APIRequestContext, Page } from '@playwright/test';
import type { OrderItemWithLocations } from '../../../contract/orders';
import { apiLogin, bearer, expect } from './fixtures';
import { wedgeScan } from './scanner';

/**
 * How long the picker's screen may take to say the server has the claim: the claim is pushed,
 * then the pull of its effects follows shortly after. Seconds on a loaded two-core machine.
 */
export const CLAIM_ANSWERED = { timeout: 15_000 };

/** The picking status of an order nobody has claimed. */
export const UNASSIGNED = 2;
/** The demo data's orders have the ids 1 to 24. */
const DEMO_ORDERS = 24;

/** An order's items with the locations holding them, as the picker's device gets them. */
export async function orderItems(
  request: APIRequestContext,
  token: string,
  orderId: number,
): Promise<OrderItemWithLocations[]> {
  const res = await request.get(`/api/v1/order/item?order_id=${orderId}`, {
    headers: bearer(token),
  });
  expect(res.status()).toBe(200);
  return (await res.json()).results;
}

/** How many of an item are in stock over all its locations. */
export const stockOf = (item: { locations: { quantity: number }[] }) =>
  item.locations.reduce((n, l) => n + l.quantity, 0);

export interface ClaimableOrderOptions {
  /** Demo orders not to take: those other specs pick by id, and those the test already used. */
  skip?: Iterable<number>;
  /** Look from order 1 upwards (by default from the last demo order downwards). */
  fromFirst?: boolean;
  /** Only an order with an item still to pick that is in stock somewhere. */
  withStock?: boolean;
}

/**
 * A demo order the picker can claim: pickable, without a problem and unassigned; or, when earlier
 * specs and tests have claimed every such one, the first of them that the order manager sets back
 * to unassigned (as the Manage Orders screen can). Asked of the API, which the test reaches also
 * while the browser is offline.
 */
export async function claimableOrder(
  request: APIRequestContext,
  token: string,
  options: ClaimableOrderOptions = {},
): Promise<{ id: number; number: string }> {
  const skip = new Set(options.skip ?? []);
  const ids = Array.from({ length: DEMO_ORDERS }, (_, i) => i + 1);
  if (!options.fromFirst) ids.reverse();
  const candidates: number[] = [];
  for (const id of ids) {
    if (skip.has(id)) continue;
    const res = await request.get(`/api/v1/order?order_id=${id}`, { headers: bearer(token) });
    if (!res.ok()) continue;
    const order = (await res.json()).results?.[0];
    if (!order?.pickable || order.has_problem) continue;
    if (options.withStock) {
      const left = (await orderItems(request, token, id)).some(
        (i) => i.quantity_picked < i.quantity_ordered && stockOf(i) > 0,
      );
      if (!left) continue;
    }
    if (order.picking_status_id === UNASSIGNED) return { id, number: String(order.order_number) };
    candidates.push(id);
  }
  const id = candidates[0];
  if (id === undefined) throw new Error('no demo order can be claimed');
  const { access_token: manager } = await apiLogin(request, 'orders@demo.test');
  const res = await request.put('/api/v1/order', {
    headers: bearer(manager),
    params: { order_id: String(id) },
    data: { picking_status_id: UNASSIGNED },
  });
  expect(res.status(), `order ${id} back to unassigned`).toBe(200);
  return { id, number: String((await res.json()).order.order_number) };
}

/**
 * The order is on the picker's device (the picker list pulled it, under a service worker) and the
 * pull has ended.
 */
export async function orderOnDevice(page: Page, orderNumber: string) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
  await page.goto('/user_orders');
  await expect(page.getByTestId('picker-order').filter({ hasText: orderNumber })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('last-sync')).toContainText('Last sync', { timeout: 30_000 });
}

/**
 * Scans the stop's location code until the picker screen takes it: a scan that comes while the
 * screen still moves focus to the new stop is lost, as on a real device, so it scans again
 * (scanning a location twice changes nothing).
 */
export async function scanLocation(page: Page, code: string) {
  await expect(async () => {
    await wedgeScan(page, code);
    await expect(page.getByText('Location scanned')).toBeVisible({ timeout: 4_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Confirms the quantity the stop prefills (the focus is on Confirm, so no phone keyboard opens);
 * returns that quantity, more than 0.
 */
export async function confirmPrefilled(page: Page): Promise<number> {
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeFocused();
  const quantity = Number(await page.getByLabel('Quantity').inputValue());
  expect(quantity).toBeGreaterThan(0);
  await confirm.click();
  return quantity;
}
