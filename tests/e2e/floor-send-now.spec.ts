import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  CUT_CONNECTION,
  orderOnServer,
  pickerSignsIn,
  serverToken,
  useProxiedServer,
} from './support/proxied-server';
import { readMeta, writeMeta } from './support/service-worker';
import { shoot, tapCentre } from './support/phone';

/**
 * Wi-Fi up, server unreachable, then back: the device has backed off (here for a minute, as after
 * a long outage) and would wait. On a 360 × 740 phone, "Send now" in the sync drawer, and a tap
 * on the header's unsent count, send at once; while the server is still away they say so.
 */

const PICKER = 'picker@demo.test';
const BEING_PICKED = 1;
const UNASSIGNED = 2;
const A_MINUTE = 60_000;

test.use({
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
  allowedConsoleError: CUT_CONNECTION,
});

const env = useProxiedServer('send-now');

const apiToken = () => serverToken(env.server, PICKER);

const pickingStatus = async (token: string, id: number) =>
  (await orderOnServer(env.server, token, id))?.picking_status_id;

async function unassignedOrder(token: string): Promise<number> {
  for (let id = 1; id <= 24; id++) {
    if ((await pickingStatus(token, id)) === UNASSIGNED) return id;
  }
  throw new Error('no unassigned demo order');
}

/** The device has failed to reach the server and waits a minute before it tries again. */
async function backedOffForAMinute(page: Page) {
  await expect
    .poll(async () => (await readMeta<{ failures: number }>(page, 'push_backoff'))?.failures ?? 0, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  await writeMeta(page, 'push_backoff', { failures: 6, until: Date.now() + A_MINUTE });
}

test('Send now and a tap on the unsent count send at once when the server is back', async ({
  page,
}, testInfo) => {
  const token = await apiToken();
  const orderId = await unassignedOrder(token);

  await pickerSignsIn(page, env.proxy.url, PICKER);

  // The server goes away with the Wi-Fi up: opening the order queues its claim.
  await env.proxy.setMode('refuse');
  await page.goto(`${env.proxy.url}/picker/${orderId}`);
  const unsent = page.getByText('1 unsent');
  await expect(unsent).toBeVisible();
  await backedOffForAMinute(page);

  // A tap on the count tries at once: still away, and the drawer says so.
  const status = page.getByRole('button', { name: 'Sync status' });
  await tapCentre(page, status);
  await expect(page.getByTestId('sync-summary')).toContainText('1 not sent');
  await expect(page.getByText(/The server cannot be reached right now/)).toBeVisible();
  await shoot(page, testInfo, 'send-now-server-away');

  // The server is back. Without Send now the device would wait out its minute.
  await env.proxy.setMode('pass');
  await backedOffForAMinute(page);
  const tapped = Date.now();
  await tapCentre(page, page.getByRole('button', { name: 'Send now' }));
  await expect(page.getByTestId('send-result')).toHaveText('Sent.', { timeout: 25_000 });
  await expect(page.getByTestId('sync-summary')).toContainText('Everything sent');
  expect(Date.now() - tapped, 'sent long before the backoff ended').toBeLessThan(A_MINUTE / 2);
  await shoot(page, testInfo, 'send-now-sent');
  expect(await pickingStatus(token, orderId)).toBe(BEING_PICKED);
  await page.keyboard.press('Escape');

  // Once more through the header's count alone: a report made while the server was away.
  await env.proxy.setMode('refuse');
  await page.getByRole('button', { name: 'Report issue' }).tap();
  await page.getByRole('combobox', { name: 'Type of issue' }).tap();
  await page.getByRole('option', { name: 'Item damaged' }).tap();
  await page.getByRole('button', { name: 'Send report' }).tap();
  await expect(unsent).toBeVisible();
  await backedOffForAMinute(page);
  await env.proxy.setMode('pass');
  // The report's window has gone (it closes with a short slide).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await tapCentre(page, status);
  await expect(page.getByTestId('send-result')).toHaveText('Sent.', { timeout: 25_000 });
  await expect(unsent).toHaveCount(0);
});
