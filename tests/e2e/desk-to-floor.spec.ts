import type { APIRequestContext, Page } from '@playwright/test';
import { batchWithTrays } from './support/batches';
import { CATALOG_IMAGE_HOSTS, expect, loginAs, test } from './support/fixtures';

/**
 * From the digitizing desk to the floor: a digibrick manager sets a batch to 'ready for filling'
 * on the Project screen and a filler's device holds its trays after its next sync; then the
 * manager adds a tray from the catalog modal of the batch trays editor, and it arrives as a new
 * tray (quantity 1, 'ready for filling', price 0, NEW), on the filler's device too.
 */

const MANAGER = 'digi.manager@demo.test';
const FILLER = 'picker@demo.test';

interface Tray {
  tray_id: number;
  tray_nr: number;
  mold_id: number | null;
  quantity: number;
  status: string;
  price: number;
  condition: string | null;
}

/** A fresh batch with one tray of a demo variant, unclaimed, and a reader of its trays. */
async function batchWithATray(request: APIRequestContext, name: string) {
  const batch = await batchWithTrays(request, name, { count: 1, comments: 'e2e desk to floor' });
  const trays = async (): Promise<Tray[]> =>
    (await (await request.get(`/api/v1/trays?${batch.q}`, { headers: batch.headers })).json())
      .results;
  return { ...batch, trays };
}

/** The device's next sync: the network goes and comes back, and the app pulls. */
async function nextSync(filler: Page) {
  await filler.context().setOffline(true);
  await expect(filler.getByLabel('Offline')).toBeVisible();
  await filler.context().setOffline(false);
  await expect(filler.getByLabel('Online')).toBeVisible();
}

const onDevice = (filler: Page, trayId: number) =>
  filler.locator(`[data-tray-id="${trayId}"][data-local="1"]`);

test('a batch set ready for filling reaches a filler after the next sync; a tray added from the catalog follows', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const name = `E2E desk to floor ${Date.now()}`;
  const { batchId, headers, trays } = await batchWithATray(request, name);
  const [first] = await trays();

  // The filler's device, open on the batch before it is ready: it holds none of its trays.
  const floor = await browser.newContext({ baseURL });
  await floor.route(CATALOG_IMAGE_HOSTS, (route) => route.fulfill({ status: 200, body: '' }));
  try {
    const filler = await floor.newPage();
    await loginAs(filler, FILLER);
    await filler.goto(`/trays?batch_id=${batchId}`);
    await expect(filler.getByRole('heading', { name: 'Tray Overview' })).toBeVisible();
    await expect(filler.getByLabel('Syncing')).toHaveCount(0, { timeout: 30_000 });
    await expect(filler.locator(`[data-tray-id="${first.tray_id}"]`)).toHaveCount(0);

    // The manager readies the batch on the Project screen.
    await loginAs(page, MANAGER);
    await page.goto('/projects/1');
    await page.getByRole('combobox', { name: `status of ${name}` }).click();
    await page.getByRole('option', { name: 'ready for filling', exact: true }).click();
    await expect(page.getByRole('row', { name: `batch ${name}`, exact: true })).toHaveCount(0);
    const status = async () =>
      (
        (await (await request.get('/api/v1/batches?project_id=1', { headers })).json()).results as {
          batch_id: number;
          status: string;
        }[]
      ).find((b) => b.batch_id === batchId)?.status;
    expect(await status()).toBe('ready for filling');

    // The filler's next sync brings its tray onto the device.
    await nextSync(filler);
    await expect(onDevice(filler, first.tray_id)).toBeVisible({ timeout: 30_000 });
    await expect(onDevice(filler, first.tray_id).getByTestId('tray-status')).toHaveText(
      'Ready for filling',
    );

    // The manager adds a Brick 2 x 4 from the editor's catalog.
    await page.goto(`/projects/1/${batchId}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.getByRole('button', { name: 'Open catalog' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Select a type and theme or category')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'brick', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Search items' }).fill('3001');
    const items = dialog.getByRole('table', { name: 'Items' });
    await items.getByRole('cell', { name: 'Brick 2 x 4', exact: true }).click();
    await dialog.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByText('1 tray added')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    const added = page.getByRole('row', { name: 'tray 2', exact: true });
    await expect(added).toBeVisible();
    const cells = added.getByRole('gridcell');
    await expect(cells.nth(2)).toHaveText('ready for filling');
    await expect(cells.nth(3)).toHaveText('3001');
    await expect(cells.nth(6)).toHaveText('New');
    await expect(cells.nth(7)).toHaveText('1');
    await expect(cells.nth(8)).toHaveText('0.00');
    const now = await trays();
    expect(now).toHaveLength(2);
    expect(now[1]).toMatchObject({
      tray_nr: 2,
      mold_id: 3001,
      quantity: 1,
      status: 'ready for filling',
      price: 0,
      condition: 'NEW',
    });

    // The batch is on the floor, so the new tray reaches the filler at the next sync too.
    await nextSync(filler);
    await expect(onDevice(filler, now[1].tray_id)).toBeVisible({ timeout: 30_000 });
  } finally {
    await floor.close();
    // Off the floor again, so the filling specs choose among the demo batches as before.
    await request.post('/api/v1/batches/status?project_id=1', {
      headers,
      data: { batch_id: batchId, status: 'in progress' },
    });
  }
});
