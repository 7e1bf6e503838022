import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import type { Page } from '@playwright/test';
import { freePort, startServerProcess, type ServerProcess } from '../support/server-process';
import { expectAccessible } from './support/axe';
import { DEMO_PASSWORD, expect, loginAs, test } from './support/fixtures';

/**
 * Setting up devices (docs/offline.md, "Devices on the warehouse Wi-Fi"): the manager's QR codes
 * decode to the addresses the server has, the certificate authority downloads as DER, a device
 * on a loopback address passes its check, and a picker's phone on the plain-HTTP LAN address is
 * told lastingly that it works online only.
 */

const PHONE = { width: 360, height: 740 };

/** This machine's first IPv4 address on a network (what a phone on the Wi-Fi would use). */
function lanAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return undefined;
}

/** Decodes the QR code drawn on the canvas labelled `name` (its own pixels, read in the page). */
async function qrText(page: Page, name: RegExp): Promise<string> {
  const canvas = page.getByRole('img', { name });
  await expect(canvas).toBeVisible();
  const { width, height, rgba } = await canvas.evaluate((el: HTMLCanvasElement) => {
    const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
    return { width: el.width, height: el.height, rgba: Array.from(data) };
  });
  const luminance = new Uint8ClampedArray(width * height);
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = [rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]];
    luminance[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)),
  );
  return new QRCodeReader().decode(bitmap).getText();
}

async function signIn(page: Page, url: string, email: string) {
  await page.goto(url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/$/);
}

test.describe('a server on plain HTTP only (the shared one)', () => {
  test('the device setup says HTTPS is off, and the page is accessible', async ({ page }) => {
    await loginAs(page, 'warehouse@demo.test');
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Set up devices' })
      .click();
    await expect(page.getByRole('heading', { name: 'Set up devices' })).toBeVisible();
    await expect(page.getByText(/^HTTPS is off on this server/)).toBeVisible();
    await expectAccessible(page);
  });

  test('a device on a loopback address passes its check', async ({ page }) => {
    await loginAs(page, 'picker@demo.test');
    // Once more, so the stored app controls the page.
    await page.goto('/device-check');
    await expect(page.getByRole('heading', { name: 'Check this device' })).toBeVisible();
    for (const check of ['secure', 'space', 'database', 'server']) {
      await expect(page.getByTestId(`check-${check}`)).toHaveAttribute('data-state', 'pass');
    }
    await expect(page.getByText(/^The server answered in \d+ ms\.$/)).toBeVisible();
    await expect(page.getByText(/ free for the app\.$/)).toBeVisible();
    // The stored app takes over once it is installed: a reload is then served by it.
    // Installing ~200 stored files takes a while on a busy two-core machine: as the floor specs.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then(() => true)), {
        timeout: 45_000,
      })
      .toBe(true);
    await page.reload();
    await expect(page.getByTestId('check-worker')).toHaveAttribute('data-state', 'pass');
    await expectAccessible(page);
  });
});

test.describe('a server on the machine’s own addresses', () => {
  const lan = lanAddress();
  test.skip(!lan, 'this machine has no network address but loopback');
  let dataDir: string;
  let server: ServerProcess | undefined;

  test.afterEach(async () => {
    await server?.stop();
    server = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a picker’s phone on plain HTTP is told it works online only', async ({ page }) => {
    dataDir = mkdtempSync(join(tmpdir(), 'bw-device-http-'));
    server = await startServerProcess({ dataDir, env: { HOST: '0.0.0.0', HTTPS_PORT: 'off' } });
    await page.setViewportSize(PHONE);
    const origin = `http://${lan}:${server.port}`;
    await signIn(page, `${origin}/`, 'picker@demo.test');
    await expect(page).toHaveURL(`${origin}/user_orders`);
    const warning = page.getByTestId('floor-warning');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(
      'This phone cannot keep working without Wi-Fi on this address. Ask your manager to set up this phone.',
    );
    await expect(warning.getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('last-sync')).toHaveText('Online only');
    await expect(page.getByText(/Last sync/)).toHaveCount(0);

    // On every floor screen, not only the first.
    await page.goto(`${origin}/trays`);
    await expect(page.getByTestId('floor-warning')).toBeVisible();
    await page.goto(`${origin}/device-check`);
    await expect(page.getByTestId('check-secure')).toHaveAttribute('data-state', 'fail');
    await expect(page.getByTestId('floor-warning')).toHaveCount(0);
    // Leave before the server stops, so no sync call of the page fails after the test.
    await page.goto('about:blank');
  });

  // Waits on the server's own HTTPS (server/tls): HTTPS on a port of its own, the CA in DATA_DIR/tls.
  test('the device setup’s QR codes decode to the addresses, and the CA downloads as DER', async ({
    page,
    request,
  }) => {
    dataDir = mkdtempSync(join(tmpdir(), 'bw-device-https-'));
    const httpsPort = await freePort();
    server = await startServerProcess({
      dataDir,
      env: { HOST: '0.0.0.0', HTTPS_PORT: String(httpsPort) },
    });
    await signIn(page, `${server.url}/`, 'warehouse@demo.test');
    await page.goto(`${server.url}/devices`);
    await expect(page.getByRole('heading', { name: '1. Trust this server' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '2. Open the app' })).toBeVisible();

    // The warehouse network's address comes first, so both codes point at it.
    expect(await qrText(page, /^1\. Trust this server: QR code/)).toBe(
      `http://${lan}:${server.port}/setup`,
    );
    expect(await qrText(page, /^2\. Open the app: QR code/)).toBe(`https://${lan}:${httpsPort}/`);

    const fingerprint = (await page.getByTestId('ca-fingerprint').textContent())!.trim();
    const res = await request.get(`${server.url}/api/device-setup/ca.crt`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/x-x509-ca-cert');
    const ca = new X509Certificate(await res.body());
    expect(ca.ca).toBe(true);
    expect(ca.fingerprint256).toBe(fingerprint);
    await expectAccessible(page);
    await page.goto('about:blank');
  });
});
