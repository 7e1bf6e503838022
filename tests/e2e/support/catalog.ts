import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Waits until the sync drawer says the catalog is on the device (it syncs after sign-in). */
export async function catalogOnDevice(page: Page) {
  await page.getByRole('button', { name: 'Sync status' }).click();
  await expect(page.getByTestId('catalog-status')).toHaveText(/^Catalog on this device \(/, {
    timeout: 30_000,
  });
  await page.keyboard.press('Escape');
}
