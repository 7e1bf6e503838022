import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, bearer, expect } from './fixtures';

/**
 * A fresh batch of project 1 ('in progress') with `count` trays of the first demo tray's variant
 * (quantity 1), made through the API by the digibrick manager and left unclaimed.
 */
export async function batchWithTrays(
  request: APIRequestContext,
  name: string,
  { count = 4, comments = 'e2e' }: { count?: number; comments?: string } = {},
) {
  const { access_token } = await apiLogin(request, 'digi.manager@demo.test');
  const headers = bearer(access_token);
  const created = await request.put('/api/v1/batches?project_id=1', {
    headers,
    data: { name, comments },
  });
  expect(created.status()).toBe(200);
  const batch = (await created.json()).results.find((b: { name: string }) => b.name === name);
  const q = `project_id=1&batch_id=${batch.batch_id}`;
  const demo = (
    await (await request.get('/api/v1/trays?project_id=1&batch_id=1', { headers })).json()
  ).results[0];
  await request.post(`/api/v1/trays/claim?${q}`, { headers, data: { claim: true } });
  for (let i = 0; i < count; i++) {
    const added = await request.put(`/api/v1/trays?${q}`, {
      headers,
      data: { mold_id: demo.mold_id, colour_id: demo.colour_id, condition: demo.condition },
    });
    expect(added.status()).toBe(200);
  }
  await request.post(`/api/v1/trays/claim?${q}`, { headers, data: { claim: false } });
  return { batchId: batch.batch_id as number, headers, q };
}

/**
 * On the BSX import page with the sample's four rows converted: takes out the minifigure and the
 * set (not in the demo catalog), gives the used plate the condition GOOD, creates the batch `name`
 * and opens it.
 */
export async function createBatchFromSample(page: Page, name: string) {
  await page.getByRole('button', { name: 'Remove row 4' }).click();
  await page.getByRole('button', { name: 'Remove row 3' }).click();
  await page.getByRole('button', { name: 'Edit row 2' }).click();
  await page.getByRole('combobox', { name: 'Condition of row 2' }).click();
  await page.getByRole('option', { name: 'GOOD' }).click();
  await page.getByRole('button', { name: 'Apply row 2' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create batch' }).click();
  await expect(page).toHaveURL(/\/bricksyncer\/add_items$/);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
}
