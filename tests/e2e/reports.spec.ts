import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';

test('an issue for the warehouse manager shows on /reports, is marked done and deleted', async ({
  page,
  request,
}) => {
  const picker = await apiLogin(request, 'picker@demo.test');
  const root = await (
    await request.get('/api/v1/location?location_id=1', { headers: bearer(picker.access_token) })
  ).json();
  const hall = root.children[0] as { location_id: number; location_name: string };
  const note = `E2E shelf broken ${Date.now()}`;
  const reported = await request.post('/api/v1/issue', {
    headers: bearer(picker.access_token),
    data: { location_id: hall.location_id, note, manager_id: 1 },
  });
  expect(reported.status()).toBe(200);
  const { issue_id } = await reported.json();

  await loginAs(page, 'warehouse@demo.test');
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Warehouse Reports' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: note });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').first()).toHaveText(String(issue_id));
  await expect(row.getByRole('link')).toHaveAttribute('href', `/location/${hall.location_id}`);

  await row.getByRole('button', { name: 'Done' }).click();
  await expect(row).toHaveCount(0);

  await page.getByLabel('Show solved issues').check();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);

  const left = await (
    await request.get('/api/v1/issue?manager_id=1&all_issues=true', {
      headers: bearer((await apiLogin(request, 'warehouse@demo.test')).access_token),
    })
  ).json();
  expect(left.results.some((i: { issue_id: number }) => i.issue_id === issue_id)).toBe(false);
});

test('the order manager reads item reports; nothing open shows the empty text', async ({
  page,
  request,
}) => {
  const orders = await apiLogin(request, 'orders@demo.test');
  const open = await (
    await request.get('/api/v1/issue?manager_id=2', { headers: bearer(orders.access_token) })
  ).json();
  await loginAs(page, 'orders@demo.test');
  await page.goto('/item_reports');
  await expect(page.getByRole('heading', { name: 'Item Reports' })).toBeVisible();
  if (open.results.length === 0) {
    await expect(page.getByText('There are no open reports')).toBeVisible();
  } else {
    await expect(page.getByRole('button', { name: 'Done' })).toHaveCount(open.results.length);
  }
});
