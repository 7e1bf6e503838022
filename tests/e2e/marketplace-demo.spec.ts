import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { giveDemoStoresCredentials } from '../../scripts/demo-marketplaces/stores';
import { FAKE_BRICKLINK_CREDENTIALS } from '../support/fake-bricklink';
import { FAKE_BRICKOWL_KEY } from '../support/fake-brickowl';
import { CATALOG_IMAGE_HOSTS, expect, test } from './support/fixtures';
import { logIn, menu, useMarketplaceServer } from './support/marketplace-server';
import { wedgeScan } from './support/scanner';

/**
 * What `npm run demo:marketplaces` lets a new user try, end to end in the browser with nothing
 * written to the database by hand: the demo stores get the fakes' credentials the way the demo
 * command gives them; a BrickStore file of coloured parts becomes a batch whose lots land on the
 * fake BrickLink and BrickOwl; a buyer orders on each marketplace; the orders are imported; the
 * stock sync lowers the other marketplace's lot; a picker picks both orders on a phone.
 * The file offers the demo warehouse's whole stock of two parts (55 yellow plates 2 x 2, 48 sand
 * green jumpers), so an order on one marketplace leaves less to sell on the other.
 */

const FILE = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/demo-flow.bsx');
const BL = 'Demo Bricks on BrickLink';
const BO = 'Demo Bricks on BrickOwl';
const PHONE = { width: 360, height: 740 };

const demo = useMarketplaceServer('demo');

/** On a busy machine a lazily loaded screen or a job of the server may take a while. */
const SLOW = { timeout: 20_000 };

/**
 * The picker opens the order, scans its stop's location, confirms what it suggests (the order's
 * whole quantity: the file offered the warehouse's stock of one location) and finishes.
 */
async function pickWholeOrder(page: Page, orderNumber: string): Promise<number> {
  const pick = page
    .getByTestId('picker-order')
    .filter({ hasText: orderNumber })
    .getByRole('link', { name: 'Pick' });
  const orderId = Number(/\/picker\/(\d+)$/.exec((await pick.getAttribute('href')) ?? '')?.[1]);
  await pick.click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible(SLOW);
  // The screen reads the device: the stop shows once the order's items and stock are on it.
  const location = page.getByTestId('location-code');
  await expect(location).toBeVisible();
  const code = (await location.textContent())!.trim();
  await expect(async () => {
    await wedgeScan(page, code);
    await expect(page.getByText('Location scanned')).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Nothing left to pick on the route.')).toBeVisible();
  // Told as confirmed when the server answers within the screen's wait, else as waiting. The
  // notice of the order picked before may still be up: this order's is the one after it.
  const finished = page.getByText(
    /^(Picking finished|Finishing will be confirmed when you are back online): everything ordered was picked/,
  );
  await expect(finished).toHaveCount(0, SLOW);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/user_orders$/);
  await expect(finished).toBeVisible(SLOW);
  return orderId;
}

test('a BrickStore file reaches both fake marketplaces, an order on each is imported, picked on a phone, and the stock synced', async ({
  page,
  browser,
}) => {
  // About 25 s on an idle 2-core machine; the margin is for a busy one.
  const { server, bricklink, brickowl } = demo;
  await giveDemoStoresCredentials(server.url, FAKE_BRICKLINK_CREDENTIALS, FAKE_BRICKOWL_KEY);

  // The bricksyncer imports the file into a batch and uploads it to both demo stores.
  const batch = `Demo batch ${Date.now()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, server.url, 'syncer@demo.test');
  await page.goto(`${server.url}/bricksyncer/bsx_batch`);
  await page.locator('input[type="file"]').setInputFiles(FILE);
  await page.getByRole('button', { name: 'Convert to BC' }).click();
  await expect(page.getByTestId('import-row')).toHaveCount(2);
  await page.getByLabel('Name').fill(batch);
  await page.getByRole('button', { name: 'Create batch' }).click();
  await expect(page).toHaveURL(/\/bricksyncer\/add_items$/);
  await page.getByRole('link', { name: batch }).click();
  await expect(page.getByRole('heading', { name: batch })).toBeVisible();
  await page.getByRole('button', { name: 'Upload items' }).click();
  const progress = page.getByTestId('upload-progress');
  await expect(progress.getByText('Uploaded')).toBeVisible(SLOW);
  await expect(progress.getByLabel(`Upload to ${BL}`).getByText('2/2')).toBeVisible();
  await expect(progress.getByLabel(`Upload to ${BO}`).getByText('2/2')).toBeVisible();

  // Both parts, in their colours, on both marketplaces: BrickOwl's with its own colour ids.
  const blLot = (no: string) => [...bricklink.inventory.values()].find((l) => l.item.no === no)!;
  const boLot = (boid: string) => [...brickowl.lots.values()].find((l) => l.boid === boid)!;
  expect([...bricklink.inventory.values()].map((l) => [l.item.no, l.color_id, l.quantity])).toEqual(
    [
      ['3022', 3, 55],
      ['3794b', 48, 48],
    ],
  );
  expect([...brickowl.lots.values()].map((l) => [l.boid, l.color_id, l.quantity])).toEqual([
    ['bo-3022', String(brickowl.colourFor(3)), '55'],
    ['bo-3794b', String(brickowl.colourFor(48)), '48'],
  ]);

  // A buyer orders 5 yellow plates on BrickLink, another 4 jumpers on BrickOwl.
  const blOrder = String(
    bricklink.sell([{ inventoryId: blLot('3022').inventory_id, quantity: 5 }]),
  );
  const boOrder = brickowl.sell([{ lotId: boLot('bo-3794b').lot_id, quantity: 4 }]);

  // Stores: import each store's orders now; the intakes queue the stock syncs of both stores.
  await menu(page, 'Stores');
  for (const store of [BL, BO]) {
    await page
      .getByRole('row')
      .filter({ hasText: store })
      .getByRole('button', { name: 'Import orders now' })
      .click();
    await expect(page.getByText(`Importing the orders of ${store}: job`)).toBeVisible();
  }

  // Each marketplace's lot is lowered by what the other one sold.
  await expect
    .poll(() => [boLot('bo-3022').quantity, blLot('3794b').quantity], SLOW)
    .toEqual(['50', 44]);
  expect([blLot('3022').quantity, boLot('bo-3794b').quantity]).toEqual([50, '44']);

  // The picker picks both orders on a phone.
  const phone = await browser.newContext({ viewport: PHONE });
  await phone.route(CATALOG_IMAGE_HOSTS, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: Buffer.alloc(0) }),
  );
  try {
    const picker = await phone.newPage();
    await logIn(picker, server.url, 'picker@demo.test');
    await expect(picker.getByRole('heading', { name: 'Picker Orders' })).toBeVisible(SLOW);
    // The device's first sync pulls the orders, then their items, the locations and the stock;
    // the list shows the orders after the first of these (and "Last sync" after any page), so
    // the sync has ended only when the Syncing mark has gone.
    for (const order of [blOrder, boOrder])
      await expect(picker.getByTestId('picker-order').filter({ hasText: order })).toBeVisible(SLOW);
    await expect(picker.getByLabel('Syncing')).toHaveCount(0, SLOW);
    const picked: [string, number][] = [];
    for (const order of [blOrder, boOrder])
      picked.push([order, await pickWholeOrder(picker, order)]);
    expect(await picker.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );

    // Manage Orders on a desk: both orders picked (the phone stays on until the server has them).
    const desk = await browser.newPage();
    try {
      await logIn(desk, server.url, 'orders@demo.test');
      for (const [number, id] of picked) {
        // Read from the server when the page opens: opened again until the finish has reached it.
        await expect(async () => {
          await desk.goto(`${server.url}/order/${id}`);
          await expect(desk.getByTestId('order-number')).toHaveText(number, SLOW);
          await expect(desk.getByRole('combobox', { name: 'Picking status' })).toHaveValue(
            'Picked',
          );
        }).toPass({ timeout: 45_000 });
      }
    } finally {
      await desk.close();
    }
  } finally {
    await phone.close();
  }

  // The marketplaces still hold what was synced.
  expect([blLot('3022').quantity, blLot('3794b').quantity]).toEqual([50, 44]);
  expect([boLot('bo-3022').quantity, boLot('bo-3794b').quantity]).toEqual(['50', '44']);
});
