import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { FAKE_BRICKLINK_CREDENTIALS } from '../support/fake-bricklink';
import { FAKE_BRICKOWL_KEY } from '../support/fake-brickowl';
import { createBatchFromSample } from './support/batches';
import { expect, test } from './support/fixtures';
import { logIn, menu, useMarketplaceServer } from './support/marketplace-server';

/**
 * The whole marketplace flow as a bricksyncer works it, against local fake marketplaces: add a
 * BrickLink and a BrickOwl store, import the BrickStore sample into a batch, price and upload it,
 * see the lots land on both stores; lower the plate's price and quantity on both stores in Edit
 * prices, send the changes and follow them on the Jobs screen until the lots hold them; the Logs
 * screen records the uploads and the stock syncs.
 * This spec runs its own server, whose marketplaces are the fakes started here.
 */

const SAMPLE = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/sample.bsx');
const SYNCER = 'syncer@demo.test';

const flow = useMarketplaceServer('flow');

async function addStore(
  page: Page,
  name: string,
  platform: 'BRICKLINK' | 'BRICKOWL',
  fields: Record<string, string>,
) {
  await page.goto(`${flow.server.url}/bricksyncer/stores/add`);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('combobox', { name: 'Platform' }).click();
  await page.getByRole('option', { name: platform }).click();
  await page.getByLabel('External id').fill(`${platform.toLowerCase()}-e2e`);
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}

/**
 * Edit prices lists the demo company's many items on sale too, 10 a page by item name: turn the
 * pages (each page's number is beside the current one) until the row shows.
 */
async function turnToRow(page: Page, row: Locator): Promise<void> {
  const first = page.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  for (let next = 2; !(await row.isVisible()); next++) {
    const shown = (await first.textContent()) ?? '';
    const button = page.getByRole('button', { name: String(next), exact: true });
    if ((await button.count()) === 0) throw new Error('the row is on no page of Edit prices');
    await button.click();
    await expect(first).not.toHaveText(shown);
  }
}

/** Edit, type the price and quantity, Save; the row shows them. */
async function editRow(row: Locator, price: string, quantity: string): Promise<void> {
  await row.getByRole('button', { name: 'Edit' }).click();
  await row.getByLabel('Price', { exact: true }).fill(price);
  await row.getByLabel('Quantity', { exact: true }).fill(quantity);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('button', { name: 'Edit' })).toBeVisible();
}

test('a bricksyncer uploads a BrickStore batch to BrickLink and BrickOwl, then sends a lowered price and quantity', async ({
  page,
}) => {
  const { server, bricklink, brickowl } = flow;
  const BL = 'Flow Bricks on BrickLink';
  const BO = 'Flow Bricks on BrickOwl';
  const batch = `Flow batch ${Date.now()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, server.url, SYNCER);

  const c = FAKE_BRICKLINK_CREDENTIALS;
  await addStore(page, BL, 'BRICKLINK', {
    'Consumer key': c.consumerKey,
    'Consumer secret': c.consumerSecret,
    'Token value': c.tokenValue,
    'Token secret': c.tokenSecret,
  });
  await addStore(page, BO, 'BRICKOWL', { 'API key': FAKE_BRICKOWL_KEY });
  // BrickOwl's colour list, read now with the new store's key (uploads map colours through it).
  await page.goto(`${server.url}/bricksyncer/stores`);
  await page
    .getByRole('row')
    .filter({ hasText: BO })
    .getByRole('button', { name: 'Refresh BrickOwl colours' })
    .click();
  await expect(
    page.getByText(/^Reading BrickOwl's colour list: job \d+, (queued|running|done)$/),
  ).toBeVisible();
  await expect.poll(() => brickowl.colourLists, { timeout: 15_000 }).toBe(1);

  // Import the sample: the minifigure and the set are not in the demo catalog; the used plate
  // needs a condition.
  await page.goto(`${server.url}/bricksyncer/bsx_batch`);
  await page.locator('input[type="file"]').setInputFiles(SAMPLE);
  await page.getByRole('button', { name: 'Convert to BC' }).click();
  await expect(page.getByTestId('import-row')).toHaveCount(4);
  await createBatchFromSample(page, batch);
  const batchId = Number(new URL(page.url()).pathname.split('/').pop());

  await page.getByLabel('Price of Brick 2 x 2 White').fill('1,25');
  await page.getByLabel('Price of Plate 1 x 4 Dark Bluish Gray').fill('0,5');
  await page.getByRole('button', { name: 'Upload items' }).click();
  const progress = page.getByTestId('upload-progress');
  await expect(progress.getByText('Uploaded')).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByLabel(`Upload to ${BL}`).getByText('2/2')).toBeVisible();
  await expect(progress.getByLabel(`Upload to ${BO}`).getByText('2/2')).toBeVisible();
  await expect(page.getByText(/ · uploaded · /)).toBeVisible();

  // The lots, with the quantities from the file and the prices typed (BrickLink 4 decimals,
  // BrickOwl euro), each carrying the warehouse's mark.
  const blLots = [...bricklink.inventory.values()];
  expect(
    blLots.map((l) => [l.item.no, l.color_id, l.new_or_used, l.quantity, l.unit_price]),
  ).toEqual([
    ['3003', 1, 'N', 120, '1.2500'],
    ['3710', 85, 'U', 33, '0.5000'],
  ]);
  expect(blLots.map((l) => l.remarks)).toEqual([
    expect.stringMatching(/^C-04-02 \[bw-\d+\]$/),
    expect.stringMatching(/^\[bw-\d+\]$/),
  ]);
  expect(blLots[1].description).toBe('Light play wear <used>');
  const boLots = [...brickowl.lots.values()];
  // BrickOwl's ids, from its own catalog API: BOIDs by id lookup, colours by its colour list.
  expect(boLots.map((l) => [l.boid, l.color_id, l.condition, l.quantity, Number(l.price)])).toEqual(
    [
      ['bo-3003', String(brickowl.colourFor(1)), 'new', '120', 1.25],
      ['bo-3710', String(brickowl.colourFor(85)), 'usedg', '33', 0.5],
    ],
  );
  expect(boLots.every((l) => /^bw-\d+$/.test(l.external_lot_ids?.['1'] ?? ''))).toBe(true);

  // Edit prices: lower the plate's price and quantity on both stores (the warehouse keeps 143
  // of it, so any quantity up to that may be offered).
  await menu(page, 'Edit Prices');
  await expect(page.getByRole('heading', { name: 'Edit prices' })).toBeVisible();
  const blPlate = page.getByRole('row').filter({ hasText: 'Plate 1 x 4' }).filter({ hasText: BL });
  const boPlate = page.getByRole('row').filter({ hasText: 'Plate 1 x 4' }).filter({ hasText: BO });
  await turnToRow(page, blPlate);
  await expect(blPlate).toContainText('33 / 143');
  await editRow(blPlate, '0,45', '30');
  await editRow(boPlate, '0.4', '25');
  await expect(blPlate).toContainText('€ 0,45');
  await expect(blPlate).toContainText('30 / 143');
  await expect(boPlate).toContainText('€ 0,40');
  await expect(boPlate).toContainText('25 / 143');
  await expect(blPlate.getByText('Not sent yet')).toBeVisible();
  await expect(boPlate.getByText('Not sent yet')).toBeVisible();
  await page.getByRole('button', { name: 'Send changes to the stores' }).click();
  await expect(page.getByText('Sending changes to 2 stores')).toBeVisible();

  await menu(page, 'Jobs');
  await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible();
  const syncs = page.getByLabel(/^Stock changes job \d+$/);
  await expect(syncs).toHaveCount(2);
  for (const store of [BL, BO]) {
    const card = syncs.filter({ hasText: store });
    await expect(card.getByText('done', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText('1/1')).toBeVisible();
  }
  const uploads = page.getByLabel(/^Upload job \d+$/);
  await expect(uploads).toHaveCount(2);
  await expect(uploads.getByText('done', { exact: true })).toHaveCount(2);

  // The plate's lots hold the new price and quantity; the brick's did not change.
  expect(bricklink.inventory.get(blLots[1].inventory_id)).toMatchObject({
    quantity: 30,
    unit_price: '0.4500',
  });
  expect(bricklink.inventory.get(blLots[0].inventory_id)).toMatchObject({
    quantity: 120,
    unit_price: '1.2500',
  });
  const boPlateLot = brickowl.lots.get(boLots[1].lot_id);
  expect([boPlateLot?.quantity, Number(boPlateLot?.price)]).toEqual(['25', 0.4]);
  const boBrickLot = brickowl.lots.get(boLots[0].lot_id);
  expect([boBrickLot?.quantity, Number(boBrickLot?.price)]).toEqual(['120', 1.25]);

  // On a phone the Jobs screen fits its width.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(syncs.first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = (await syncs.first().boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Back on Edit prices the changes are sent.
  await menu(page, 'Edit Prices');
  await turnToRow(page, blPlate);
  await expect(blPlate).toContainText('€ 0,45');
  await expect(blPlate.getByText('Not sent yet')).toHaveCount(0);
  await expect(boPlate.getByText('Not sent yet')).toHaveCount(0);

  // Logs: each store's upload and stock sync, newest first.
  await menu(page, 'Logs');
  await expect(page.getByRole('heading', { name: 'Logs' })).toBeVisible();
  for (const store of [BL, BO]) {
    await expect(
      page.getByRole('cell', {
        name: `Upload of sync batch ${batchId} to '${store}': Uploaded (2 of 2)`,
        exact: true,
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('cell', {
        name: `Stock sync to '${store}': Stock changes sent (1 of 1)`,
        exact: true,
      }),
    ).toBeVisible();
  }
});
