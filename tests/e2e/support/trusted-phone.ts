// A picker's phone at an HTTPS address its browser trusts (the server's own, or Caddy's): a
// 360 × 740 context of a trusting Chromium, signed in, with the order open, and the checks that
// picks made there landed exactly once.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { OrderItemWithLocations } from '../../../contract/orders';
import { CATALOG_IMAGE_HOSTS, DEMO_PASSWORD, expect } from './fixtures';
import { confirmPrefilled, orderItems, orderOnDevice, scanLocation, stockOf } from './orders';
import { outboxEntries, type QueuedEntry } from './service-worker';

export const PHONE = { width: 360, height: 740 };
export const PICKER = 'picker@demo.test';
const PICK = 'pick.confirm.v1';
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** Chromium's own offline noise: not the app's. */
const OFFLINE_NOISE = /net::ERR_INTERNET_DISCONNECTED/;

export interface Phone {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (offline noise left out). */
  problems: string[];
}

/** A phone's browser context at `origin`, outside pictures answered here. */
export async function phoneAt(browser: Browser, origin: string): Promise<Phone> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: PHONE,
    serviceWorkers: 'allow',
  });
  await context.route(CATALOG_IMAGE_HOSTS, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG }),
  );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !OFFLINE_NOISE.test(msg.text()))
      problems.push(`console error: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return { context, page, problems };
}

/** The picker signs in at the context's address and lands on Picker Orders. */
export async function signInPicker(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(PICKER);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Picker Orders' })).toBeVisible({
    timeout: 15_000,
  });
}

/**
 * The picker signs in at `origin`, the app's service worker (from that address) controls the
 * page, and the picker's order is on the device; the picker opens it (the claim).
 */
export async function signInAndOpen(page: Page, origin: string, orderNumber: string) {
  await signInPicker(page);
  await orderOnDevice(page, orderNumber);
  const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(worker).toBe(`${origin}/service-worker.js`);
  await page
    .getByTestId('picker-order')
    .filter({ hasText: orderNumber })
    .getByRole('link', { name: 'Pick' })
    .click();
  await expect(page.getByTestId('location-code')).toBeVisible();
  await expect(page.getByText('Claimed', { exact: true })).toBeVisible({ timeout: 30_000 });
}

/** Picks up to `stops` stops (fewer when the route ends first); the quantities confirmed. */
export async function pickStops(page: Page, stops: number): Promise<number[]> {
  const picked: number[] = [];
  for (let stop = 0; stop < stops; stop++) {
    const quantity = await pickStop(page);
    if (quantity === 0) break;
    picked.push(quantity);
  }
  return picked;
}

/**
 * With the network cut, picks two stops of the open order, reloads (the app then comes from the
 * service worker) and checks the picks are still queued; then the network comes back and the
 * outbox empties. Resolves the quantities picked and the outbox entries that carried them.
 */
export async function pickOfflineThroughReload({
  context,
  page,
}: Phone): Promise<{ picked: number[]; queued: QueuedEntry[] }> {
  await context.setOffline(true);
  await expect(page.getByLabel('Offline')).toBeVisible();
  const picked = await pickStops(page, 2);
  expect(picked.length).toBeGreaterThan(0);
  await expect(page.getByText(`${picked.length} unsent`)).toBeVisible();
  const queued = (await outboxEntries(page)).filter((e) => e.name === PICK);
  expect(queued).toHaveLength(picked.length);

  await page.reload();
  await expect(page.getByText(`${picked.length} unsent`)).toBeVisible({ timeout: 15_000 });
  expect((await outboxEntries(page)).filter((e) => e.name === PICK)).toEqual(queued);

  await context.setOffline(false);
  await expect(page.getByText(/\d+ unsent/)).toHaveCount(0, { timeout: 60_000 });
  return { picked, queued };
}

/** Scans the stop shown and confirms the prefilled quantity; 0 when no stop is left. */
export async function pickStop(page: Page): Promise<number> {
  const code = page.getByTestId('location-code');
  if (!(await code.isVisible())) return 0;
  await scanLocation(page, (await code.textContent())!.trim());
  const quantity = await confirmPrefilled(page);
  await expect(page.getByText('Location scanned')).toHaveCount(0, { timeout: 10_000 });
  return quantity;
}

const total = (rows: OrderItemWithLocations[], of: (i: OrderItemWithLocations) => number) =>
  rows.reduce((n, i) => n + of(i), 0);

/** The order's picks and stock moved by exactly `confirmed` pieces between `before` and now. */
export async function landedOnce(
  api: APIRequestContext,
  token: string,
  orderId: number,
  before: OrderItemWithLocations[],
  confirmed: number,
) {
  const after = await orderItems(api, token, orderId);
  expect(total(after, (i) => i.quantity_picked) - total(before, (i) => i.quantity_picked)).toBe(
    confirmed,
  );
  expect(total(before, stockOf) - total(after, stockOf)).toBe(confirmed);
}
