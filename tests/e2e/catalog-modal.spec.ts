import { expect, loginAs, test } from './support/fixtures';

/**
 * The digitizing desk's catalog at /catalog: a digibrick user browses the theme tree of sets,
 * explores a set and its inventory, then the category tree of bricks (with its search), searches
 * an item and reads its relations. The standalone page only browses: no Add buttons.
 */
test('a digibrick user browses the tree, searches, explores an item and sees its relations', async ({
  page,
}) => {
  await loginAs(page, 'digi.user@demo.test');
  await page.getByRole('link', { name: 'Catalog', exact: true }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByRole('heading', { name: 'Catalog', exact: true })).toBeVisible();
  await expect(page.getByText('Select a type and theme or category')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add item' })).toHaveCount(0);

  // Sets are browsed by theme: City holds Police, and the police car.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'set', exact: true }).click();
  const themes = page.getByRole('tree', { name: 'Themes' });
  await expect(themes.getByText('Police', { exact: true })).toHaveCount(0);
  await themes.getByRole('button', { name: 'Expand City' }).click();
  await themes.getByText('Police', { exact: true }).click();
  const items = page.getByRole('table', { name: 'Items' });
  await items.getByText('Police Car').click();
  await page.getByRole('button', { name: 'Explore item' }).click();
  await expect(page.getByRole('heading', { name: 'Police Car' })).toBeVisible();
  const description = page.getByRole('table', { name: 'Description' });
  await expect(description.getByRole('row', { name: /Sub theme/ })).toContainText('Police');
  await expect(description.getByRole('row', { name: /Year/ })).toContainText('2022');
  await page.getByText('Inventory children', { exact: true }).click();
  await expect(
    page.getByRole('table', { name: 'Inventory children' }).getByText('Police Officer'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add all children' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to the list' }).click();

  // Bricks are browsed by category; the tree search opens the way to a sub-category.
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'brick', exact: true }).click();
  const categories = page.getByRole('tree', { name: 'Categories' });
  await page.getByRole('textbox', { name: 'Search themes or categories' }).fill('special');
  await expect(categories.getByText('Bricks', { exact: true })).toHaveCount(0);
  await categories.getByText('Plates Special').click();
  await expect(items.getByText(/\(Jumper\)$/)).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Search items' }).fill('bottom stud');
  await expect(items.getByRole('row')).toHaveCount(2);
  await items.getByRole('row').nth(1).dblclick();

  // Items and their screens carry the moulds' BrickLink names, relations the parts' Rebrickable
  // names.
  const heading = 'Plate, Modified 1 x 2 with 1 Stud with Groove and Bottom Stud Holder (Jumper)';
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await page.getByText('Other relations', { exact: true }).click();
  const relations = page.getByRole('table', { name: 'Other relations' });
  await expect(relations.getByRole('row')).toHaveCount(1);
  await expect(relations.getByRole('row')).toContainText('Mold');
  // A relation opens its own info, which leads back through the same relation.
  await relations
    .getByRole('button', { name: 'Plate Special 1 x 2 with 1 Stud with Groove (Jumper)' })
    .click();
  await expect(
    page.getByRole('heading', { name: 'Plate, Modified 1 x 2 with 1 Stud with Groove (Jumper)' }),
  ).toBeVisible();
  await page.getByText('Other relations', { exact: true }).click();
  await expect(
    page.getByRole('table', { name: 'Other relations' }).getByRole('button', {
      name: 'Plate Special 1 x 2 with 1 Stud with Groove and Inside Stud Holder (Jumper)',
    }),
  ).toBeVisible();
});
