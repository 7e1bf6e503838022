import type { Page } from '@playwright/test';
import { batchWithTrays } from './support/batches';
import { expect, loginAs, test } from './support/fixtures';

const CLAIM_REFUSED = 'ERROR: someone else is probably already working on this batch';

const row = (page: Page, nr: number) => page.getByRole('row', { name: `tray ${nr}`, exact: true });
const cell = (page: Page, nr: number, col: number) => row(page, nr).getByRole('gridcell').nth(col);
const QUANTITY = 7;
const COMMENTS = 9;

async function typeInto(page: Page, nr: number, col: number, label: string, value: string) {
  await cell(page, nr, col).dblclick();
  const input = page.getByRole('textbox', { name: `${label} of tray ${nr}` });
  await input.fill(value);
  await input.press('Enter');
}

test('a digibrick manager edits cells, accepts some, denies others and splits; a second user is refused the claim', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Many edits, a split and a second user's browser: more than the default budget on a busy machine.
  const name = `E2E trays ${Date.now()}`;
  const { batchId, headers, q } = await batchWithTrays(request, name);
  await loginAs(page, 'digi.manager@demo.test');
  await page.goto(`/projects/1/${batchId}`);
  // A fresh browser's first render of the editor is slow on a busy machine.
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
  await expect(row(page, 4)).toBeVisible();

  await typeInto(page, 1, QUANTITY, 'quantity', '12');
  await expect(page.getByText(/You are editing this batch/)).toBeVisible();
  await typeInto(page, 2, COMMENTS, 'comments', 'two broken');
  await typeInto(page, 3, QUANTITY, 'quantity', '30');
  await expect(row(page, 1).getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(row(page, 3).getByRole('button', { name: 'Deny' })).toBeVisible();

  // A second user is refused the claim while the manager's edits are pending.
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await loginAs(second, 'digi.user@demo.test');
  await second.goto(`/projects/1/${batchId}`);
  await expect(second.getByText(/is editing this batch since/)).toBeVisible({ timeout: 20_000 });
  await cell(second, 1, QUANTITY).dblclick();
  await expect(second.getByText(CLAIM_REFUSED)).toBeVisible();
  await expect(second.getByRole('textbox', { name: 'quantity of tray 1' })).toHaveCount(0);
  await other.close();

  await row(page, 1).getByRole('button', { name: 'Accept' }).click();
  await row(page, 2).getByRole('button', { name: 'Accept' }).click();
  await row(page, 3).getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByText(/You are editing this batch/)).toHaveCount(0);
  // Accepted edits go through the device's outbox: they land once it has sent them.
  const saved = async () =>
    (
      (await (await request.get(`/api/v1/trays?${q}`, { headers })).json()).results as {
        tray_nr: number;
        quantity: number;
        comments: string;
      }[]
    ).map((t) => [t.tray_nr, t.quantity, t.comments]);
  await expect.poll(saved).toEqual([
    [1, 12, ''],
    [2, 1, 'two broken'],
    [3, 1, ''],
    [4, 1, ''],
  ]);
  await expect(page.getByText('not sent yet')).toHaveCount(0);

  // Split trays 3 and 4 into a new batch.
  await row(page, 3).click();
  await row(page, 4).click({ modifiers: ['Shift'] });
  await page.getByRole('button', { name: 'Split items' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Insert name of the new batch').fill(`${name} b`);
  await dialog.getByRole('button', { name: 'Split' }).click();
  await expect(row(page, 3)).toHaveCount(0);
  await expect(row(page, 2)).toBeVisible();
  const batches = (await (await request.get('/api/v1/batches?project_id=1', { headers })).json())
    .results as { name: string; trays: number; claimed: boolean }[];
  expect(batches.find((b) => b.name === `${name} b`)).toMatchObject({ trays: 2, claimed: false });
  expect(batches.find((b) => b.name === name)).toMatchObject({ trays: 2, claimed: false });
});
