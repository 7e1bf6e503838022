import { homePath } from '../../contract/access';
import { Permission, type RoleName } from '../../contract/permissions';
import { apiLogin, bearer, expect, loginAs, test } from './support/fixtures';

/** An admin's menu, the same in each company. */
const ADMIN_MENU = [
  'User Admin',
  'Audit Log',
  'BrickBase Catalog',
  'Changelog',
  'Suggestions',
  'Controllers',
];

/**
 * Every demo account (server/seed.ts) with the menu entries its role gets (docs/access.md), as
 * narrowed by the guard's rules (contract/access PATH_RULES: a menu never offers a page the guard
 * refuses).
 */
const ACCOUNTS: { email: string; role: RoleName; menu: string[] }[] = [
  {
    email: 'platform@demo.test',
    role: 'brick_admin',
    menu: ['Company Admin', 'New Company', 'Audit Log'],
  },
  {
    email: 'admin@demo.test',
    role: 'admin',
    menu: ADMIN_MENU,
  },
  {
    email: 'warehouse@demo.test',
    role: 'warehouse_manager',
    menu: ['Warehouse Overview', 'Find an item', 'Warehouse Reports'],
  },
  {
    email: 'picker@demo.test',
    role: 'picker',
    menu: ['Picker Orders', 'Tray Overview', 'Warehouse Overview', 'Find an item'],
  },
  { email: 'sales@demo.test', role: 'sales_manager', menu: ['Inventory', 'Kulla Catalog'] },
  {
    email: 'orders@demo.test',
    role: 'order_manager',
    menu: [
      'Manage Orders',
      'Picker Orders',
      'Manage Batches',
      'Tray Overview',
      'Find an item',
      'Item Reports',
    ],
  },
  {
    email: 'syncer@demo.test',
    role: 'bricksyncer',
    menu: ['Sync Batches', 'Edit Prices', 'Stock Issues', 'Jobs', 'Logs', 'Stores'],
  },
  {
    email: 'digi.manager@demo.test',
    role: 'digibrick_manager',
    menu: ['BrickBase Catalog', 'Projects', 'Catalog'],
  },
  {
    email: 'digi.user@demo.test',
    role: 'digibrick_user',
    menu: ['BrickBase Catalog', 'Projects', 'Catalog'],
  },
  {
    email: 'admin@other.test',
    role: 'admin',
    menu: ADMIN_MENU,
  },
];

/** Every role reaches Check this device, last in the menu; managers set devices up before it. */
const withDevices = (account: (typeof ACCOUNTS)[number]) => [
  ...account.menu,
  ...(['admin', 'warehouse_manager'].includes(account.role) ? ['Set up devices'] : []),
  'Check this device',
];

for (const account of ACCOUNTS) {
  test(`${account.email} (${account.role}) sees exactly its menu and lands on its home`, async ({
    page,
  }) => {
    await loginAs(page, account.email);
    const home = homePath([Permission[account.role]]);
    await expect(page).toHaveURL((url) => url.pathname === home);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link')).toHaveText(withDevices(account));
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
  });
}

test('a path outside the role is refused in the PWA and by the API', async ({ page, request }) => {
  await loginAs(page, 'picker@demo.test');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Permission denied' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).not.toContainText('User Admin');

  // A path that only shares a prefix with an allowed one is refused as well: paths match by whole
  // segments, not by bare prefix.
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Permission denied' })).toBeVisible();

  const picker = await apiLogin(request, 'picker@demo.test');
  const users = await request.get('/api/user', { headers: bearer(picker.access_token) });
  expect(users.status()).toBe(403);
  const companies = await request.get('/api/company', { headers: bearer(picker.access_token) });
  expect(companies.status()).toBe(403);
  const anonymous = await request.get('/api/user');
  expect(anonymous.status()).toBe(401);
});

test('an allowed page opens from its menu entry', async ({ page }) => {
  await loginAs(page, 'orders@demo.test');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', {
      name: 'Picker Orders',
    })
    .click();
  await expect(page).toHaveURL(/\/user_orders$/);
  await expect(page.getByRole('heading', { name: 'Permission denied' })).toHaveCount(0);
});
