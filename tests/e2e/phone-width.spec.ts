import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './support/fixtures';

/**
 * Managers open desk screens on a phone too (a warehouse manager on the floor reads the reports
 * and the tree). On a 360 × 740 phone no screen is wider than the phone: a wide table scrolls in
 * its own box and a long row wraps, so the header, the filters and the menu stay in place.
 */
test.use({ viewport: { width: 360, height: 740 } });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

test('the warehouse tree, deep down and while editing, fits a phone', async ({ page }) => {
  await loginAs(page, 'warehouse@demo.test');
  // A bin six levels down that holds two items.
  await page.goto('/location/104');
  const bin = page.locator('[role="treeitem"][data-code="H1-A01-R02-S3-B2"]');
  await expect(bin.getByRole('listitem').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('switch', { name: 'Editing' }).check();
  await expect(bin.getByRole('button', { name: /^Delete / }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('the warehouse reports fit a phone', async ({ page }) => {
  await loginAs(page, 'warehouse@demo.test');
  await page.goto('/reports');
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('the audit log and the suggestions fit a phone', async ({ page }) => {
  await loginAs(page, 'admin@demo.test');
  await page.goto('/audit');
  await expect(page.getByRole('table', { name: 'Audit entries' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto('/brickbase/suggestions');
  await expect(page.getByRole('table', { name: 'Suggestions' })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
