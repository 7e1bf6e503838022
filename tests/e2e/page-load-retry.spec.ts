import { expect, loginAs, test } from './support/fixtures';

/**
 * The code of a page comes when it is first opened. When it does not arrive (the Wi-Fi blipped),
 * the page says so; opened again once the network is back, it loads, without a reload of the app.
 * Here the service worker is kept out, so the page's code comes from the network as on a first
 * visit before the app is stored on the device.
 */
test.use({
  serviceWorkers: 'block',
  allowedConsoleError: /Failed to fetch dynamically imported module/,
});

test('a page whose code did not arrive opens when opened again', async ({ page }) => {
  let refused = 0;
  await page.route(/\/assets\/ReportsPage-[^/]*\.js$/, async (route) => {
    if (refused > 0) return route.continue();
    refused++;
    return route.abort('internetdisconnected');
  });
  await loginAs(page, 'warehouse@demo.test');
  const menu = page.getByRole('navigation', { name: 'Main menu' });

  await menu.getByRole('link', { name: 'Warehouse Reports' }).click();
  await expect(page.getByText(/This page could not be shown/)).toBeVisible();
  expect(refused).toBe(1);

  // The error stands in the page's place: the menu is still there. Another page, then Reports again.
  await menu.getByRole('link', { name: 'Find an item' }).click();
  await expect(page.getByText(/This page could not be shown/)).toHaveCount(0);
  await menu.getByRole('link', { name: 'Warehouse Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Warehouse Reports' })).toBeVisible();
});

test.describe('the notices', () => {
  test.use({ allowedConsoleError: /status (code |of )401/ });

  test('show once their code arrives after it first failed to, without a reload', async ({
    page,
    context,
  }) => {
    // The notices' container loads after the sign-in screen is up; here its code is refused once.
    let refused = 0;
    await page.route(/\/assets\/NoticeHost-[^/]*\.js$/, async (route) => {
      if (refused > 0) return route.continue();
      refused++;
      return route.abort('internetdisconnected');
    });
    await page.goto('/');
    await expect.poll(() => refused).toBe(1);

    await page.getByLabel('Email').fill('warehouse@demo.test');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const notice = page.getByText('Invalid e-mail or password.');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
    await expect(notice).toHaveCount(0);

    // The Wi-Fi drops and comes back: the container loads and the waiting notice shows.
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(notice).toBeVisible();
  });
});
