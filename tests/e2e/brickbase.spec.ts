import { apiLogin, bearer, CATALOG_IMAGE_HOSTS, expect, loginAs, test } from './support/fixtures';

/**
 * BrickBase end to end: a digitizer browses the catalog, opens a part and suggests an edit; a
 * curator (an admin of the company that runs the platform, not who made it) accepts it in
 * Suggestions and finds it in the changelog; the part shows the new value.
 */
test('a digitizer suggests an edit; a curator accepts it and reads it in the changelog', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Two users' browsers, a suggestion and its review: more than the default budget on a busy machine.
  const weight = (1 + (Date.now() % 900) / 100).toFixed(2);
  const description = `E2E weight ${Date.now()}`;

  await loginAs(page, 'digi.user@demo.test');
  await page.getByRole('link', { name: 'BrickBase Catalog' }).click();
  await expect(page).toHaveURL(/\/brickbase\/catalog/);
  await expect(page.getByRole('heading', { name: 'BrickBase Catalog' })).toBeVisible();
  for (const tab of ['Overview', 'Parts', 'Minifigures', 'Sets', 'Books', 'Catalogs']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }

  await page.getByRole('tab', { name: 'Parts' }).click();
  await expect(page.getByRole('row')).toHaveCount(26); // the header and 25 parts
  await expect(page.getByRole('navigation', { name: 'Pages' })).toBeVisible();
  await page.getByLabel('Search').fill('brick 2 x 2');
  await expect(page.getByRole('link', { name: 'Brick 2 x 2', exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3); // 'Brick 2 x 2' and 'Brick 2 x 2 Corner'
  await page.getByRole('link', { name: 'Brick 2 x 2', exact: true }).click();

  await expect(page).toHaveURL(/\/brickbase\/iteminfo\//);
  await expect(page.getByRole('heading', { name: 'Brick 2 x 2' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rebrickable' })).toHaveAttribute(
    'href',
    'https://rebrickable.com/parts/3003/',
  );
  await expect(page.getByText('? x ? x ? cm')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Elements' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // An element card opens its part in the side panel.
  await page.getByRole('tabpanel').getByRole('button').first().click();
  await expect(
    page.getByRole('dialog').getByRole('link', { name: 'Open item info' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Suggest a change' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Brick 2 x 2' })).toBeVisible();
  // Nothing changed yet: refused on the device, no request made.
  await page.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(page.getByText('Suggestion unsuccessful: no changes detected')).toBeVisible();
  await page.getByLabel('Weight (g)').fill(weight);
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(page.getByText('Suggestion sent')).toBeVisible();
  await expect(page).toHaveURL(/\/brickbase\/iteminfo\//);

  // The curator reviews on her own device.
  const curator = await browser.newContext({ baseURL });
  await curator.route(CATALOG_IMAGE_HOSTS, (route) => route.fulfill({ status: 200, body: '' }));
  const reviewer = await curator.newPage();
  await loginAs(reviewer, 'admin@demo.test');
  await reviewer.getByRole('link', { name: 'BrickBase Catalog' }).click();

  await reviewer.getByRole('link', { name: 'Suggestions' }).click();
  await expect(reviewer.getByRole('heading', { name: 'Suggestions' })).toBeVisible();
  const row = reviewer.getByRole('row').filter({ hasText: description });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Dirk Digi');
  await row.getByRole('button', { name: /open: show details/ }).click();
  await expect(reviewer.getByText(`weight: from null to ${Number(weight)}`)).toBeVisible();
  await reviewer.getByRole('button', { name: 'Accept' }).click();
  await expect(reviewer.getByText('Suggestion accepted!')).toBeVisible();
  await expect(row).toHaveCount(0);

  await reviewer.getByRole('link', { name: 'Changelog' }).click();
  await expect(reviewer.getByRole('heading', { name: 'Changes' })).toBeVisible();
  const entry = reviewer.getByRole('row').filter({ hasText: `from null to ${Number(weight)}` });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Ada Admin');
  await expect(entry).toContainText('update');
  await expect(entry.getByRole('link', { name: 'Brick 2 x 2' })).toBeVisible();

  // The catalog holds the new weight.
  const admin = await apiLogin(request, 'admin@demo.test');
  const part = await (
    await request.get('/api/v3/brickbase/parts/3', { headers: bearer(admin.access_token) })
  ).json();
  expect(part.results[0]).toMatchObject({ name: 'Brick 2 x 2', weight: Number(weight) });
  await curator.close();
});
