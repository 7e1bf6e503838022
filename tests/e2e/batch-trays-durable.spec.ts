import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { batchWithTrays } from './support/batches';
import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';

/**
 * A digitizer's tray edits survive a reload without a network, Accept works offline and each edit
 * lands once when the network is back, and a closed tab leaves no batch locked: the claim is a
 * lease (3 s on this spec's own server) that lapses, and another user takes the batch.
 */

const TRAYS = 20;
const LEASE_SECONDS = '3';
let dataDir = '';
let starting: Promise<ServerProcess> | undefined;
/** This spec's own server, started on first use (the baseURL of its pages and requests). */
const ownServer = () => {
  dataDir ||= mkdtempSync(join(tmpdir(), 'bw-trays-durable-'));
  starting ??= startServerProcess({ dataDir, env: { TRAY_CLAIM_LEASE_SECONDS: LEASE_SECONDS } });
  return starting;
};
test.afterAll(async () => {
  await (await starting)?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.use({
  // Playwright reads the fixtures a fixture needs from this (empty) pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use((await ownServer()).url),
  viewport: { width: 1440, height: 900 },
});

const row = (page: Page, nr: number) => page.getByRole('row', { name: `tray ${nr}`, exact: true });
const QUANTITY = 7;

async function typeQuantity(page: Page, nr: number, value: string) {
  await row(page, nr).scrollIntoViewIfNeeded();
  await row(page, nr).getByRole('gridcell').nth(QUANTITY).dblclick();
  const input = page.getByRole('textbox', { name: `quantity of tray ${nr}` });
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveCount(0);
}

test('20 edits survive an offline reload, Accept offline lands each once, a closed tab frees the batch', async ({
  page,
  context,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // Leaving with pending edits asks first (the browser's own question on reload and close).
  page.on('dialog', (dialog) => void dialog.accept());
  const name = `Durable ${Date.now()}`;
  const { batchId, headers, q } = await batchWithTrays(request, name, { count: TRAYS });
  const saved = async () =>
    (
      (await (await request.get(`/api/v1/trays?${q}`, { headers })).json()).results as {
        tray_nr: number;
        quantity: number;
      }[]
    ).map((t) => [t.tray_nr, t.quantity]);

  await loginAs(page, 'digi.manager@demo.test');
  await page.goto(`/projects/1/${batchId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
  // The app works without the server once the service worker controls the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });

  for (let nr = 1; nr <= TRAYS; nr++) await typeQuantity(page, nr, String(100 + nr));
  await expect(page.getByText(`${TRAYS} edits not accepted yet`)).toBeVisible();

  // Reload without a network: the 20 edits are back.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`${TRAYS} edits not accepted yet`)).toBeVisible();
  await expect(row(page, 1).getByRole('gridcell').nth(QUANTITY)).toContainText('101');

  // Accept all offline: kept on the device, not sent yet, nothing on the server.
  await page.getByRole('button', { name: 'Accept all changes' }).click();
  await expect(page.getByText(/the accepted edits are kept on this device/)).toBeVisible();
  await expect(row(page, 1).getByText('not sent yet')).toBeVisible();
  expect((await saved()).every(([, quantity]) => quantity === 1)).toBe(true);

  // Back online: the outbox sends them; each tray lands once, with its own value.
  await context.setOffline(false);
  const wanted = Array.from({ length: TRAYS }, (_, i) => [i + 1, 101 + i]);
  await expect.poll(saved, { timeout: 60_000 }).toEqual(wanted);
  await expect(page.getByText('not sent yet')).toHaveCount(0, { timeout: 30_000 });
  expect(await saved()).toEqual(wanted);

  // An edit takes the claim; then the tab is closed without giving it up.
  await typeQuantity(page, 1, '7');
  await expect(page.getByText(/You are editing this batch/)).toBeVisible();
  await expect
    .poll(async () => (await (await request.get(`/api/v1/trays?${q}`, { headers })).json()).claimed)
    .toBe(true);
  await page.close({ runBeforeUnload: false });

  // Another user sees the batch held, and can take it once the lease has lapsed.
  const other = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
  });
  const second = await other.newPage();
  await loginAs(second, 'digi.user@demo.test');
  const user = await apiLogin(request, 'digi.user@demo.test');
  await expect
    .poll(
      async () =>
        (
          await (
            await request.get(`/api/v1/trays?${q}`, { headers: bearer(user.access_token) })
          ).json()
        ).claimed,
      { timeout: 30_000 },
    )
    .toBe(false);
  await second.goto(`/projects/1/${batchId}`);
  await expect(second.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
  await typeQuantity(second, 2, '55');
  await expect(second.getByText(/You are editing this batch/)).toBeVisible();
  // The first user's saved work is untouched.
  expect((await saved())[0]).toEqual([1, 101]);
  await second.getByRole('button', { name: 'Deny all changes' }).click();
  await other.close();
});
