import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBsxText } from '../../contract/bsx';
import type { SyncBatchItem } from '../../contract/sync-batches';
import { NO_STORE } from '../../server/jobs/upload';
import { keptFields } from '../support/bsx-kept-fields';
import { createBatchFromSample } from './support/batches';
import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';

// The refused upload (no store has credentials) is a 409 the browser logs.
test.use({ allowedConsoleError: /status of 409 .*sync_batch_upload/ });

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../fixtures');
const SAMPLE = join(FIXTURES, 'sample.bsx');
const ALL_FIELDS = join(FIXTURES, 'brickstore-all-fields.bsx');

test('a bricksyncer imports the BrickStore sample, creates a batch and edits a price', async ({
  page,
  request,
}) => {
  const name = `Attic ${Date.now()}`;
  await loginAs(page, 'syncer@demo.test');
  await page.goto('/bricksyncer/bsx_batch');
  await page.getByRole('button', { name: 'Convert to BC' }).click();
  await expect(page.getByText('Please select a BSX file to import')).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles(SAMPLE);
  await page.getByRole('button', { name: 'Convert to BC' }).click();
  await expect(page.getByTestId('import-row')).toHaveCount(4);
  await expect(page.getByText('Not in the catalog')).toHaveCount(2);

  // The minifigure and the set are not in the demo catalog: take them out; pick a condition for
  // the used plate (the new brick keeps NEW).
  await createBatchFromSample(page, name);
  const price = page.getByLabel('Price of Brick 2 x 2 White');
  await expect(price).toHaveValue('€ 0,085');
  await price.fill('1,25');
  await page.getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByText('Prices saved')).toBeVisible();
  // The demo stores have no credentials: the upload is refused with the server's message and a
  // way to Stores (nothing is queued, nothing is sent).
  await page.getByRole('button', { name: 'Upload items' }).click();
  await expect(page.getByText(NO_STORE)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Stores' })).toHaveAttribute(
    'href',
    '/bricksyncer/stores',
  );

  const batchId = Number(new URL(page.url()).pathname.split('/').pop());
  const syncer = await apiLogin(request, 'syncer@demo.test');
  const res = await request.get(`/api/v1/sync_batch_items?batch_id=${batchId}`, {
    headers: bearer(syncer.access_token),
  });
  const items = ((await res.json()) as { results: SyncBatchItem[] }).results;
  expect(items.map((i) => [i.mold_name, i.condition, i.quantity, i.price])).toEqual([
    ['Brick 2 x 2', 'NEW', 120, 1250],
    ['Plate 1 x 4', 'GOOD', 33, 40],
  ]);
});

test('a BrickStore file with every field is imported and exported again with the same lots', async ({
  page,
}) => {
  const name = `All fields ${Date.now()}`;
  await loginAs(page, 'syncer@demo.test');
  await page.goto('/bricksyncer/bsx_batch');
  await page.locator('input[type="file"]').setInputFiles(ALL_FIELDS);
  await page.getByRole('button', { name: 'Convert to BC' }).click();
  await expect(page.getByTestId('import-row')).toHaveCount(8);
  // The demo catalog has no minifigures: take the two out; every used lot becomes GOOD at once.
  await expect(page.getByText('Not in the catalog')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove row 8' }).click();
  await page.getByRole('button', { name: 'Remove row 7' }).click();
  await expect(
    page.getByText(
      'Bulk 10 · Sale 15 % · Tiers 100+ € 0,11, 500+ € 0,10, 1000+ € 0,09 · Stockroom B · Retain',
    ),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Condition of every used lot without one' }).click();
  await page.getByRole('option', { name: 'GOOD' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create batch' }).click();
  await expect(page).toHaveURL(/\/bricksyncer\/add_items$/);

  await page.getByRole('link', { name }).click();
  await page.getByRole('button', { name: 'Export BSX' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download ${name}.bsx` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name}.bsx`);
  const again = readBsxText(readFileSync(await download.path(), 'utf8'));
  const file = readBsxText(readFileSync(ALL_FIELDS, 'utf8'));
  expect(again.items.map(keptFields)).toEqual(file.items.slice(0, 6).map(keptFields));
});
