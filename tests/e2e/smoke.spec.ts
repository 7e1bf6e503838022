import { expect, test } from './support/fixtures';

test('the server serves the PWA shell and its manifest', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Brick Warehouse',
    display: 'standalone',
    start_url: '/',
  });
  for (const icon of manifest.icons as { src: string }[]) {
    const res = await request.get(icon.src);
    expect(res.headers()['content-type'], icon.src).toBe('image/png');
  }
  await page.goto('/');
  await expect(page).toHaveTitle('Brick Warehouse');
});
