import type { Page } from '@playwright/test';
import { batchWithTrays } from './support/batches';
import { expect, loginAs, test } from './support/fixtures';

test.use({ viewport: { width: 1280, height: 800 } });

const row = (page: Page, nr: number) => page.getByRole('row', { name: `tray ${nr}`, exact: true });
const MOLD = 3;

test('at 1280×800 the grid fits, destructive actions ask, delete is undone, the mould picker picks', async ({
  page,
  request,
}, testInfo) => {
  // Login, the grid, two confirmations, a round trip through the backup and the picker: more than
  // the default budget on a busy machine, though every step waits on state.
  const name = `E2E desk ${Date.now()}`;
  const { batchId, headers } = await batchWithTrays(request, name);
  await loginAs(page, 'digi.manager@demo.test');
  await page.goto(`/projects/1/${batchId}`);
  // A fresh browser's first render of the editor is slow on a busy machine.
  await expect(row(page, 4)).toBeVisible({ timeout: 20_000 });

  // Every column is in view: the grid does not scroll sideways and Changes ends inside it.
  const grid = page.getByRole('grid', { name: 'Trays' });
  const sideways = await grid.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  const gridBox = (await grid.boundingBox())!;
  const changes = (await page.getByRole('columnheader').last().boundingBox())!;
  expect(changes.x + changes.width).toBeLessThanOrEqual(gridBox.x + gridBox.width);
  await testInfo.attach('trays-grid-1280x800', {
    body: await page.screenshot(),
    contentType: 'image/png',
  });

  // Update prices asks first; closing it changes nothing.
  await row(page, 1).click();
  await page.getByRole('button', { name: 'Update prices' }).click();
  const prices = page.getByRole('dialog');
  await expect(prices.getByText(/variant's price/)).toBeVisible();
  await prices.getByRole('button', { name: /Cancel|Close/ }).click();
  await expect(prices).toHaveCount(0);

  // Delete asks, deletes, and Undo puts the tray back.
  await row(page, 2).click();
  await page.getByRole('button', { name: 'Delete items' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Tray 2 is removed from the batch.')).toBeVisible();
  await expect(dialog.getByText('Are you sure you want to do that?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 2)).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(row(page, 2)).toBeVisible();
  const trays = async () =>
    (
      await (
        await request.get(`/api/v1/trays?project_id=1&batch_id=${batchId}`, { headers })
      ).json()
    ).results as { tray_nr: number; mold_id: number }[];
  expect((await trays()).map((t) => t.tray_nr)).toEqual([1, 2, 3, 4]);

  // The mould picker: search by name, a click puts the mould in the cell.
  const moulds = await (
    await request.get('/api/v1/catalog/items?type=2&search=Plate&size=1', { headers })
  ).json();
  const mould = moulds.results[0] as { id: number; name: string };
  await row(page, 3).getByRole('gridcell').nth(MOLD).dblclick();
  await page.getByRole('button', { name: 'Find a mould' }).click();
  const picker = page.getByRole('dialog', { name: 'Mould of tray 3' });
  await picker.getByRole('textbox', { name: 'Search moulds' }).fill(mould.name);
  await picker.getByRole('option', { name: `${mould.name} (${mould.id})` }).click();
  await expect(row(page, 3).getByRole('gridcell').nth(MOLD)).toContainText(String(mould.id));
  await row(page, 3).getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByText('You are editing this batch')).toHaveCount(0);
});
