import { expect, loginAs, test } from './support/fixtures';

test('a bricksyncer adds a store, sees its credentials masked, edits it and deletes it after the question', async ({
  page,
}) => {
  const name = `E2E store ${Date.now()}`;
  await loginAs(page, 'syncer@demo.test');

  await page.goto('/bricksyncer/stores');
  await expect(page.getByRole('cell', { name: 'Demo Bricks on BrickLink' })).toBeVisible();
  await page.getByRole('link', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/bricksyncer\/stores\/add$/);

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('External id').fill('e2ebricks');
  // BrickOwl asks for one API key only.
  await page.getByRole('combobox', { name: 'Platform' }).click();
  await page.getByRole('option', { name: 'BRICKOWL' }).click();
  await expect(page.getByLabel('Consumer key')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('API key is required').first()).toBeVisible();
  await page.getByLabel('API key').fill('owl-api-key-e2e-9XYZ');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { name })).toBeVisible();
  // A secret shows only that it is set, never any of its characters.
  await expect(page.getByText('•••• set')).toBeVisible();
  await expect(page.getByText('owl-api-key-e2e')).toHaveCount(0);
  await expect(page.getByText('9XYZ')).toHaveCount(0);

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit store' })).toBeVisible();
  await expect(page.getByLabel('API key')).toHaveAttribute('placeholder', '•••• set');
  await page.getByLabel('Name').fill(`${name} edited`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `${name} edited` })).toBeVisible();
  await expect(page.getByText('•••• set')).toBeVisible();

  await page.getByRole('link', { name: 'Delete', exact: true }).click();
  await expect(
    page.getByText(
      `Are you sure you want to delete store "${name} edited" and all associated stock and orders?`,
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(page.getByRole('cell', { name: `${name} edited` })).toBeVisible();
  await page
    .getByRole('row', { name: new RegExp(`${name} edited`) })
    .getByRole('link', { name: 'Delete' })
    .click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/bricksyncer\/stores$/);
  await expect(page.getByRole('cell', { name: 'Demo Bricks on BrickLink' })).toBeVisible();
  await expect(page.getByRole('cell', { name: `${name} edited` })).toHaveCount(0);
});
