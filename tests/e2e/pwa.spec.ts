import { expect, test } from './support/fixtures';

test('the server serves an installable manifest with real PNG icons', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Brick Warehouse',
    display: 'standalone',
    start_url: '/',
    theme_color: '#1c7ed6',
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
  expect(icons.map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512', '512x512']),
  );
  expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    const png = await res.body();
    expect(png.subarray(1, 4).toString('ascii'), icon.src).toBe('PNG');
    const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
  }
});

test('the app shell loads with the network off after one visit', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  // The worker installs, precaches the shell and claims the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  // A deep link that was never visited is served from the precached shell too.
  await page.goto('/forgot_password');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.goto('/orders/some/deep/link');
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByText('This site can’t be reached')).toHaveCount(0);

  // The API is never answered with the shell: offline it fails as a network error.
  const api = await page.evaluate(async () => {
    try {
      const res = await fetch('/api/health');
      return `status ${res.status} ${res.headers.get('content-type')}`;
    } catch {
      return 'network error';
    }
  });
  expect(api).toBe('network error');
  await context.setOffline(false);
});

test('API navigations are not answered with the app shell', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
  const res = await page.goto('/api/health');
  expect(res?.headers()['content-type']).toContain('application/json');
  expect(await res?.json()).toMatchObject({ status: 'ok' });
});
