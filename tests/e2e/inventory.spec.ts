import { readFile } from 'node:fs/promises';
import { parseBsx } from '../../contract/bsx';
import type { Condition, InventoryResponse } from '../../contract/inventory';
import type { ItemListResponse } from '../../contract/locations';
import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';

// Demo catalog pictures live on an outside CDN the test machine cannot reach: answer them here
// (the service worker's image cache may still fetch them itself, hence the allowed error).
test('a sales manager maps the conditions, converts and downloads inventory.bsx with every lot', async ({
  page,
  request,
}) => {
  const sales = await apiLogin(request, 'sales@demo.test');
  const headers = bearer(sales.access_token);
  const inventory: InventoryResponse = await (
    await request.get('/api/v1/inventory', { headers })
  ).json();
  const conditions: Condition[] = await (
    await request.get('/api/v1/condition', { headers })
  ).json();
  expect(inventory.count).toBeGreaterThan(0);
  expect(conditions.length).toBeGreaterThan(1);

  // Hold the full inventory read a moment, so the 'Loading....' state can be seen.
  await page.route(
    (url) => url.pathname === '/api/v1/inventory' && url.search === '',
    async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    },
  );

  await loginAs(page, 'sales@demo.test');
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory' })).toBeVisible();
  const first = inventory.results[0];
  await expect(page.getByRole('row').filter({ hasText: first.mold_name }).first()).toBeVisible();
  for (const name of ['Mold', 'Condition', 'Colour', 'Quantity', 'Theme', 'Sub-theme', 'Type']) {
    await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  for (const name of ['Category', 'Weight', 'Private note', 'Public note', 'Image']) {
    await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }

  const convert = page.getByRole('button', { name: 'Convert to BSX' });
  await expect(convert).toBeDisabled();
  for (const c of conditions) {
    await page
      .getByLabel(c.new_condition_name, { exact: true })
      .selectOption(c.condition_name === 'NEW' ? 'N' : 'U');
  }
  await convert.click();
  await expect(page.getByText('Loading....', { exact: true })).toBeVisible();
  const link = page.getByRole('link', { name: 'Download BSX-File' });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Loading....', { exact: true })).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('inventory.bsx');
  const xml = await readFile(await download.path(), 'utf8');
  expect(xml).toContain('<BrickStoreXML>');
  expect(xml).toMatch(/\n {8}<Item>\n {12}<ItemID>/);

  const lots = parseBsx(xml).items;
  expect(lots).toHaveLength(inventory.count);
  lots.forEach((lot, i) => {
    const row = inventory.results[i];
    expect(lot, `lot ${i}`).toMatchObject({
      item_id: row.bl_mold_id?.trim() || String(row.mold_id),
      item_type_id: row.item_type,
      // Only parts and gear have a colour on BrickLink; sets and minifigures are written with 0.
      color_id: ['P', 'G'].includes(row.item_type ?? '') ? (row.bl_colour_id ?? 0) : 0,
      qty: row.quantity,
      price: row.price,
      condition: row.condition_name === 'NEW' ? 'N' : 'U',
      comments: row.public_note,
      remarks: row.private_note,
    });
  });
  expect(lots.some((l) => l.condition === 'N')).toBe(true);
  expect(lots.some((l) => l.condition === 'U')).toBe(true);
});

test('Kulla Catalog: filter by item id, select a row, add bricks with an amount', async ({
  page,
  request,
}) => {
  const headers = bearer((await apiLogin(request, 'sales@demo.test')).access_token);
  const items = async (query: string): Promise<ItemListResponse> =>
    (await request.get(`/api/v1/item?${query}`, { headers })).json();
  const all = await items('limit=5&page=1');
  expect(all.results).toHaveLength(5);
  const stocked = (await items('limit=100&page=1')).results.find((i) => i.quantity > 0);
  expect(stocked).toBeTruthy();
  const item = stocked!;

  await loginAs(page, 'sales@demo.test');
  await page.goto('/item_overview');
  await expect(page.getByRole('heading', { name: 'Kulla Catalog' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(1 + 5);
  if (all.count > 5)
    await expect(page.getByRole('button', { name: '2', exact: true })).toBeVisible();

  await page.getByLabel('Item id').fill(String(item.item_id));
  const row = page.getByRole('row').filter({ hasText: item.mold_name });
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(row.getByRole('cell').first()).toHaveText(String(item.item_id));

  await page.getByLabel('Select mode').check();
  const label = `${item.mold_name} (${item.colour_name})`;
  const amount = row.getByLabel(`Amount for ${label}`);
  await expect(amount).toBeDisabled();
  await row.getByLabel(`Select ${label}`).check();
  await expect(amount).toBeEnabled();
  await amount.pressSequentially('12a345');
  await expect(amount).toHaveValue('1234');
  await amount.fill('');
  await page.getByRole('button', { name: 'Add bricks' }).click();
  await expect(
    page.getByText('Enter an amount from 1 to 9999 for every selected item:'),
  ).toBeVisible();

  await amount.fill('12');
  await page.getByRole('button', { name: 'Add bricks' }).click();
  await expect(page.getByText(/12 bricks added to /)).toBeVisible();
  await expect(row.getByRole('cell').nth(6)).toHaveText(String(item.quantity + 12));
  const after = await items(`item_id=${item.item_id}&limit=5&page=1`);
  expect(after.results[0].quantity).toBe(item.quantity + 12);
});
