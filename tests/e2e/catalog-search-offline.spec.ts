import type { Page, TestInfo } from '@playwright/test';
import { catalogOnDevice } from './support/catalog';
import { expect, loginAs, test } from './support/fixtures';

/**
 * Searching the catalog with the network cut, on a 360 × 740 phone, once the device holds its
 * copy of the catalog: the desk's BrickBase Catalog lists the device's matches under a line saying
 * where they come from, and the floor's "Find an item" box finds a scanned number or a name.
 */

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

/** Signs in and waits until the service worker runs and the catalog is on the device. */
async function signInWithCatalog(page: Page, email: string) {
  await loginAs(page, email);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
  await catalogOnDevice(page);
}

/** Checks the page does not scroll sideways and attaches a screenshot of it to the report. */
async function fitsThePhone(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0], 'page width').toBeLessThanOrEqual(widths[1]);
}

test('the desk catalog searches the device copy when the network is cut', async ({
  page,
  context,
}, testInfo) => {
  await signInWithCatalog(page, 'digi.manager@demo.test');
  await page.goto('/brickbase/catalog');
  await expect(page.getByRole('heading', { name: 'BrickBase Catalog' })).toBeVisible();
  try {
    await context.setOffline(true);
    const search = page.getByLabel('Search');
    await search.fill('technic beam');
    await search.press('Enter');
    await expect(page.getByTestId('device-catalog-source')).toHaveText(
      /^No network: results from this device's copy of the catalog \(downloaded .+\)\.$/,
    );
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows.first()).toContainText('Technic Beam');
    for (const text of await rows.allTextContents()) expect(text).toMatch(/technic beam/i);
    await expect(page.getByText(/^\d+ found$/)).toBeVisible();
    await fitsThePhone(page, testInfo, 'desk-catalog-offline');
  } finally {
    await context.setOffline(false);
  }
});

test('the floor finds an item by a scanned number or a name with the network cut', async ({
  page,
  context,
}, testInfo) => {
  await signInWithCatalog(page, 'picker@demo.test');
  try {
    await context.setOffline(true);
    await expect(page.getByLabel('Offline')).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Find an item' })
      .click();
    await expect(page.getByRole('heading', { name: 'Find an item' })).toBeVisible();
    const box = page.getByLabel('Item number or name');
    await expect(box).toBeFocused();
    await expect(page.getByTestId('device-catalog-source')).toHaveText(
      /^Searching this device's copy of the catalog \(downloaded .+\)\.$/,
    );

    // A scanner types the number and Enter into the focused box.
    await page.keyboard.type('3001');
    await page.keyboard.press('Enter');
    const first = page.getByTestId('found-item').first();
    await expect(first).toContainText('Mould 3001');
    await expect(first).toContainText('Brick 2 x 4');
    await expect(first.getByRole('img', { name: 'Brick 2 x 4' })).toBeVisible();

    // The next scan replaces the last one; a name works too.
    await page.keyboard.type('liftarm');
    await page.keyboard.press('Enter');
    await expect(box).toHaveValue('liftarm');
    await expect(page.getByTestId('found-item').first()).toContainText(/liftarm/i);
    await fitsThePhone(page, testInfo, 'find-an-item-offline');

    // After a reload without the network the box still finds from the stored copy.
    await page.reload();
    await page.getByLabel('Item number or name').fill('brick 2 x 4');
    await expect(page.getByTestId('found-item').first()).toContainText('Brick 2 x 4');
  } finally {
    await context.setOffline(false);
  }
});
