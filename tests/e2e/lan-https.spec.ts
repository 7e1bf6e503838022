import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process';
import { expectAccessible } from './support/axe';
import { apiLogin, expect } from './support/fixtures';
import { claimableOrder, orderItems } from './support/orders';
import { outboxEntries } from './support/service-worker';
import { launchTrusting, type TrustingBrowser } from './support/trusted-browser';
import {
  landedOnce,
  PHONE,
  phoneAt,
  pickOfflineThroughReload,
  PICKER,
  signInAndOpen,
} from './support/trusted-phone';

/**
 * `npm start` as a warehouse runs it: one server with its own HTTPS (a certificate authority made
 * in its data folder, a certificate for the machine's network address), reached by phones on the
 * warehouse Wi-Fi at that address. A new phone is led from the plain address to the setup page;
 * a phone that trusts the server's CA (installed in its browser's store, as a user does once) is
 * in a secure context there: the service worker runs and picks made offline survive a reload and
 * land once. This file starts a server of its own and leaves the worker's shared server alone.
 */

/** This machine's first IPv4 address on a network (what a phone on the Wi-Fi would use). */
function lanAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return undefined;
}

const lan = lanAddress();
test.skip(!lan, 'this machine has no network address but loopback');
test.describe.configure({ mode: 'serial' });

let dataDir: string;
let server: ServerProcess;
let httpsOrigin: string;
let plainOrigin: string;
let ca: X509Certificate;
let trusting: TrustingBrowser;
/** The API at the server's loopback address (the whole app answers there over plain HTTP). */
let api: APIRequestContext;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bw-lan-https-'));
  const httpsPort = await freePort();
  server = await startServerProcess({
    dataDir,
    env: { HOST: '0.0.0.0', HTTPS_PORT: String(httpsPort) },
  });
  httpsOrigin = `https://${lan}:${httpsPort}`;
  plainOrigin = `http://${lan}:${server.port}`;
  const caPem = readFileSync(join(dataDir, 'tls', 'ca.crt'), 'utf8');
  ca = new X509Certificate(caPem);
  trusting = await launchTrusting(caPem);
  api = await apiRequest.newContext({ baseURL: server.url });
});

test.afterAll(async () => {
  await api?.dispose();
  await trusting?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a new phone on the plain address is led to the setup page, and on to HTTPS once it trusts the server', async ({
  browser,
}) => {
  // A phone that does not trust the server yet: its check of the HTTPS address fails.
  const fresh = await browser.newContext({ viewport: PHONE });
  const page = await fresh.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/ERR_CERT_AUTHORITY_INVALID/.test(msg.text()))
      problems.push(msg.text());
  });
  await page.goto(`${plainOrigin}/user_orders`);
  await expect(page).toHaveURL(`${plainOrigin}/setup?next=%2Fuser_orders`);
  await expect(page.getByRole('status')).toHaveText(
    'This device does not trust the server yet: install the certificate (step 1), then come back to this page.',
  );
  await expect(page.getByText(ca.fingerprint256, { exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the certificate' }).click(),
  ]);
  const downloaded = new X509Certificate(readFileSync((await download.path())!));
  expect(downloaded.fingerprint256).toBe(ca.fingerprint256);
  expect(downloaded.ca).toBe(true);
  await expectAccessible(page);
  // Anything but a page load goes straight to HTTPS, method and body kept.
  const post = await page.request.post(`${plainOrigin}/api/login`, {
    data: {},
    maxRedirects: 0,
  });
  expect(post.status()).toBe(308);
  expect(post.headers().location).toBe(`${httpsOrigin}/api/login`);
  await fresh.close();
  expect(problems).toEqual([]);

  // The same address on a phone that trusts the server: the setup page forwards by itself.
  const phone = await phoneAt(trusting.browser, httpsOrigin);
  await phone.page.goto(`${plainOrigin}/user_orders`);
  await expect(phone.page).toHaveURL(new RegExp(`^${httpsOrigin}/`), { timeout: 15_000 });
  await expect(phone.page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await phone.page.evaluate(() => window.isSecureContext)).toBe(true);
  await phone.context.close();
  expect(phone.problems).toEqual([]);
});

test('at the HTTPS address a picker’s phone works offline: picks survive a reload and land once', async () => {
  test.setTimeout(180_000);
  const { access_token: token } = await apiLogin(api, PICKER);
  const order = await claimableOrder(api, token, { withStock: true });
  const before = await orderItems(api, token, order.id);
  const phone = await phoneAt(trusting.browser, httpsOrigin);
  const { context, page, problems } = phone;

  await signInAndOpen(page, httpsOrigin, order.number);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
  await expect(page.getByTestId('floor-warning')).toHaveCount(0);
  // Offline picks, a reload with the Wi-Fi gone, then back online.
  const { picked } = await pickOfflineThroughReload(phone);
  await landedOnce(
    api,
    token,
    order.id,
    before,
    picked.reduce((n, q) => n + q, 0),
  );
  expect(await outboxEntries(page)).toEqual([]);

  // The phone's own check agrees: secure, the stored app in control, storage, the server.
  await page.goto('/device-check');
  for (const check of ['secure', 'worker', 'space', 'database', 'server']) {
    await expect(page.getByTestId(`check-${check}`)).toHaveAttribute('data-state', 'pass');
  }
  await context.close();
  expect(problems).toEqual([]);
});
