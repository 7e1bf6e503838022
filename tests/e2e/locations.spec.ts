import type { Locator, Page } from '@playwright/test';
import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';

interface Node {
  location_id: number;
  location_name: string;
  code: string;
}

function node(page: Page, name: string): Locator {
  return page.getByRole('treeitem', { name, exact: true });
}

async function act(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page
    .getByRole('menu', { name: `Actions for ${name}`, exact: true })
    .getByRole('menuitem', { name: action, exact: true })
    .click();
}

/** Adds a child to `parent` and renames it from 'new location' by clicking its name. */
async function addChild(page: Page, parent: string, name: string): Promise<void> {
  await act(page, parent, 'New location');
  await node(page, parent)
    .getByRole('button', { name: 'new location', exact: true })
    .first()
    .click();
  await page.getByLabel('Location name').fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(node(page, name)).toBeVisible();
}

test('a warehouse manager builds a subtree with copy, cut and paste and prints its labels', async ({
  page,
  request,
}) => {
  await loginAs(page, 'warehouse@demo.test');
  await expect(page).toHaveURL(/\/location\/1$/);
  await expect(page.getByRole('heading', { name: 'Warehouse Overview' })).toBeVisible();
  // The root is open at the start: its halls are listed.
  await expect(node(page, 'Hall 1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Actions for Hall 1' })).toBeVisible();

  await page.getByLabel('Editing').check();
  const zone = `E2E Zone ${Date.now() % 100000}`;
  await addChild(page, 'Warehouse', zone);
  await addChild(page, zone, 'Shelf A');
  await addChild(page, zone, 'Shelf B');
  await addChild(page, 'Shelf A', 'Bin 1');

  // Paste with nothing selected.
  await act(page, 'Shelf B', 'Paste');
  await expect(page.getByText('There are no nodes selected for copy or moving')).toBeVisible();

  // Copy Shelf A (with Bin 1) into Shelf B.
  await act(page, 'Shelf A', 'Copy');
  await act(page, 'Shelf B', 'Paste');
  const shelfB = node(page, 'Shelf B');
  await expect(shelfB.getByRole('treeitem', { name: 'Shelf A', exact: true })).toBeVisible();

  // Cut Shelf B and paste it into the original Shelf A: the move selection is cleared after.
  await act(page, 'Shelf B', 'Cut');
  await page.getByText('Selected for moving').waitFor();
  await node(page, zone).getByRole('button', { name: 'Actions for Shelf A' }).first().click();
  await page
    .getByRole('menu', { name: 'Actions for Shelf A' })
    .getByRole('menuitem', { name: 'Paste', exact: true })
    .click();
  await expect(page.getByText('Selected for moving')).toHaveCount(0);
  const zoneNode = node(page, zone);
  await expect(zoneNode.getByRole('treeitem', { name: 'Shelf B', exact: true })).toBeVisible();

  // The server holds: zone > Shelf A > [Bin 1, Shelf B > Shelf A > Bin 1].
  const { access_token } = await apiLogin(request, 'warehouse@demo.test');
  const children = async (id: number): Promise<Node[]> =>
    (
      await (
        await request.get(`/api/v1/location_children?parent_id=${id}`, {
          headers: bearer(access_token),
        })
      ).json()
    ).results;
  const rootKids = await children(1);
  const zoneRow = rootKids.find((n) => n.location_name === zone)!;
  expect(zoneRow).toBeTruthy();
  const shape = async (n: Node): Promise<unknown> => ({
    [n.location_name]: await Promise.all((await children(n.location_id)).map(shape)),
  });
  expect(await shape(zoneRow)).toEqual({
    [zone]: [{ 'Shelf A': [{ 'Bin 1': [] }, { 'Shelf B': [{ 'Shelf A': [{ 'Bin 1': [] }] }] }] }],
  });
  const codes: string[] = [];
  const collect = async (n: Node) => {
    codes.push(n.code);
    for (const c of await children(n.location_id)) await collect(c);
  };
  await collect(zoneRow);
  expect(new Set(codes).size).toBe(6);
  // Every node shows its code (the copy below Shelf B is still closed: open it).
  await zoneNode.getByRole('button', { name: 'Expand Shelf A', exact: true }).click();
  for (const code of codes) await expect(page.locator(`[data-code="${code}"]`)).toHaveCount(1);

  // Labels of the whole subtree open in a new window and hold every code of it.
  await act(page, zone, 'Print labels');
  await page.getByLabel('This location and everything inside it').check();
  await page.getByLabel('Label printer (one label per page)').check();
  const [labels] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Open labels' }).click(),
  ]);
  await expect(labels.locator('.label')).toHaveCount(codes.length);
  const printed = await labels
    .locator('.label')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-code')));
  expect(printed.sort()).toEqual([...codes].sort());
  for (const code of codes) await expect(labels.getByText(code, { exact: true })).toBeVisible();
  await labels.close();

  // Deleting asks first; the subtree is gone afterwards.
  await act(page, zone, 'Delete');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(node(page, zone)).toHaveCount(0);
  expect((await children(1)).some((n) => n.location_name === zone)).toBe(false);
});

test('a deep link opens the tree at a location; a picker sees it without editing controls', async ({
  page,
  request,
}) => {
  const { access_token } = await apiLogin(request, 'picker@demo.test');
  const detail = await (
    await request.get('/api/v1/location?location_id=1', { headers: bearer(access_token) })
  ).json();
  const hall = detail.children[0] as Node;
  await loginAs(page, 'picker@demo.test');
  await page.goto(`/location/${hall.location_id}`);
  const row = node(page, hall.location_name);
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Editing')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
});

test("the 'new items' flag is inherited; items: add from the catalog, quantity 0–100 only, move", async ({
  page,
}) => {
  await loginAs(page, 'warehouse@demo.test');
  await page.getByLabel('Editing').check();
  const area = `E2E Items ${Date.now() % 100000}`;
  await addChild(page, 'Warehouse', area);
  await addChild(page, area, 'Tray 1');
  await addChild(page, area, 'Tray 2');

  // The 'new items' flag: Tray 1 and Tray 2 inherit it (checked and disabled).
  const areaFlag = node(page, area).getByLabel('new items').first();
  await areaFlag.check();
  await expect(areaFlag).toBeChecked();
  for (const tray of ['Tray 1', 'Tray 2']) {
    await expect(node(page, tray).getByLabel('new items')).toBeChecked();
    await expect(node(page, tray).getByLabel('new items')).toBeDisabled();
  }
  await areaFlag.uncheck();
  await expect(node(page, 'Tray 1').getByLabel('new items')).not.toBeChecked();
  await expect(node(page, 'Tray 1').getByLabel('new items')).toBeEnabled();

  // Add item: the catalog table, 5 a page, filtered by mould name.
  await act(page, 'Tray 1', 'Add item');
  const dialog = page.getByRole('dialog', { name: 'Add item' });
  await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toHaveCount(5);
  const mould = (await dialog.getByRole('row').nth(1).getByRole('cell').nth(2).textContent())!;
  await dialog.getByLabel('Mould name').fill(mould);
  await expect(dialog.getByRole('row').nth(1)).toContainText(mould);
  await dialog.getByRole('button', { name: 'Add', exact: true }).first().click();
  await expect(dialog).toHaveCount(0);
  const tray1 = node(page, 'Tray 1');
  const item = tray1.getByRole('listitem').filter({ hasText: mould });
  await expect(item.getByLabel('Quantity', { exact: true })).toHaveText('1');

  // Edit quantity refuses anything but a whole number from 0 to 100.
  await item.getByRole('button', { name: /^Edit quantity of/ }).click();
  const quantity = page.getByRole('dialog').getByLabel('Quantity', { exact: true });
  await quantity.fill('101');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The quantity must be a whole number from 0 to 100.')).toBeVisible();
  await quantity.fill('42');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(item.getByLabel('Quantity', { exact: true })).toHaveText('42');

  // Move the item and paste it into Tray 2.
  await item.getByRole('button', { name: /^Move / }).click();
  await act(page, 'Tray 2', 'Paste item');
  const moved = node(page, 'Tray 2').getByRole('listitem').filter({ hasText: mould });
  await expect(moved.getByLabel('Quantity', { exact: true })).toHaveText('42');
  await expect(tray1.getByRole('listitem')).toHaveCount(0);
});

test('a node with 500 children opens with a window of 200 and "Show more"', async ({
  page,
  request,
}) => {
  const { access_token } = await apiLogin(request, 'warehouse@demo.test');
  const headers = bearer(access_token);
  const name = `E2E Wide ${Date.now() % 100000}`;
  await request.post('/api/v1/location', { headers, data: { parent_id: 1, name } });
  const kids: Node[] = (
    await (await request.get('/api/v1/location_children?parent_id=1', { headers })).json()
  ).results;
  const wide = kids.find((n) => n.location_name === name)!;
  for (let i = 0; i < 500; i += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, j) =>
        request.post('/api/v1/location', {
          headers,
          data: { parent_id: wide.location_id, name: `Slot ${String(i + j).padStart(4, '0')}` },
        }),
      ),
    );
  }

  await loginAs(page, 'warehouse@demo.test');
  await expect(node(page, name)).toBeVisible();
  const started = Date.now();
  await page.getByRole('button', { name: `Expand ${name}`, exact: true }).click();
  await expect(page.getByRole('button', { name: 'Show more (300 more)' })).toBeVisible();
  const opened = Date.now() - started;
  await expect(node(page, name).getByRole('treeitem')).toHaveCount(200);
  test.info().annotations.push({ type: 'expand 500 children (ms)', description: `${opened}` });
  const more = Date.now();
  await page.getByRole('button', { name: 'Show more (300 more)' }).click();
  await expect(node(page, name).getByRole('treeitem')).toHaveCount(400);
  test.info().annotations.push({ type: 'show 200 more (ms)', description: `${Date.now() - more}` });

  await request.delete(`/api/v1/location?location_id=${wide.location_id}`, { headers });
});
