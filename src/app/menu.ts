import { canOpenPath } from '../../contract/access';

export interface MenuEntry {
  label: string;
  to: string;
}

export interface MenuGroup {
  label: string;
  entries: MenuEntry[];
}

/**
 * The navigation menu (docs/access.md). An entry shows exactly when the guard would let the user
 * open its path (contract/access PATH_RULES), so the menu never offers a page that is denied.
 */
export const MENU: MenuGroup[] = [
  {
    label: 'Admin',
    entries: [
      { label: 'User Admin', to: '/admin' },
      { label: 'Company Admin', to: '/brick_admin' },
      { label: 'New Company', to: '/brick_admin/new_company' },
      { label: 'Audit Log', to: '/audit' },
    ],
  },
  {
    label: 'BrickBase',
    entries: [
      { label: 'BrickBase Catalog', to: '/brickbase/catalog' },
      { label: 'Changelog', to: '/brickbase/changelog' },
      { label: 'Suggestions', to: '/brickbase/suggestions' },
      { label: 'Controllers', to: '/brickbase/controllers' },
    ],
  },
  {
    label: 'Bricksyncer',
    entries: [
      { label: 'Sync Batches', to: '/bricksyncer/add_items' },
      { label: 'Edit Prices', to: '/bricksyncer/edit_items' },
      { label: 'Stock Issues', to: '/bricksyncer/issues' },
      { label: 'Jobs', to: '/bricksyncer/jobs' },
      { label: 'Logs', to: '/bricksyncer/logs' },
      { label: 'Stores', to: '/bricksyncer/stores' },
    ],
  },
  {
    label: 'Sales',
    entries: [
      { label: 'Inventory', to: '/inventory' },
      { label: 'Kulla Catalog', to: '/item_overview' },
    ],
  },
  {
    label: 'Orders',
    entries: [
      { label: 'Manage Orders', to: '/orders' },
      { label: 'Picker Orders', to: '/user_orders' },
    ],
  },
  {
    label: 'Fill orders',
    entries: [
      { label: 'Manage Batches', to: '/fill_orders' },
      { label: 'Tray Overview', to: '/trays' },
    ],
  },
  {
    label: 'Projects',
    entries: [
      { label: 'Projects', to: '/projects' },
      { label: 'Catalog', to: '/catalog' },
    ],
  },
  {
    label: 'Warehouse',
    entries: [
      { label: 'Warehouse Overview', to: '/location' },
      { label: 'Find an item', to: '/find_item' },
    ],
  },
  {
    label: 'Reports',
    entries: [
      { label: 'Warehouse Reports', to: '/reports' },
      { label: 'Item Reports', to: '/item_reports' },
    ],
  },
];

/** The groups and entries a user with these permissions sees; empty groups are left out. */
export function menuFor(permissions: readonly number[]): MenuGroup[] {
  return MENU.map((group) => ({
    label: group.label,
    entries: group.entries.filter((entry) => canOpenPath(permissions, entry.to)),
  })).filter((group) => group.entries.length > 0);
}
