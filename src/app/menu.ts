import { canOpenPath } from '../../contract/access';

export interface MenuEntry {
  label: string;
  to: string;
}

export interface MenuGroup {
  label: string;
  entries: MenuEntry[];
}

/** A menu group from its label and its entries as [label, path] pairs. */
const group = (label: string, entries: [label: string, to: string][]): MenuGroup => ({
  label,
  entries: entries.map(([label, to]) => ({ label, to })),
});

/**
 * The navigation menu (docs/access.md). An entry shows exactly when the guard would let the user
 * open its path (contract/access PATH_RULES), so the menu never offers a page that is denied.
 */
export const MENU: MenuGroup[] = [
  group('Admin', [
    ['User Admin', '/admin'],
    ['Company Admin', '/brick_admin'],
    ['New Company', '/brick_admin/new_company'],
    ['Audit Log', '/audit'],
  ]),
  group('BrickBase', [
    ['BrickBase Catalog', '/brickbase/catalog'],
    ['Changelog', '/brickbase/changelog'],
    ['Suggestions', '/brickbase/suggestions'],
    ['Controllers', '/brickbase/controllers'],
  ]),
  group('Bricksyncer', [
    ['Sync Batches', '/bricksyncer/add_items'],
    ['Edit Prices', '/bricksyncer/edit_items'],
    ['Stock Issues', '/bricksyncer/issues'],
    ['Jobs', '/bricksyncer/jobs'],
    ['Logs', '/bricksyncer/logs'],
    ['Stores', '/bricksyncer/stores'],
  ]),
  group('Sales', [
    ['Inventory', '/inventory'],
    ['Kulla Catalog', '/item_overview'],
  ]),
  group('Orders', [
    ['Manage Orders', '/orders'],
    ['Picker Orders', '/user_orders'],
  ]),
  group('Fill orders', [
    ['Manage Batches', '/fill_orders'],
    ['Tray Overview', '/trays'],
  ]),
  group('Projects', [
    ['Projects', '/projects'],
    ['Catalog', '/catalog'],
  ]),
  group('Warehouse', [
    ['Warehouse Overview', '/location'],
    ['Find an item', '/find_item'],
  ]),
  group('Reports', [
    ['Warehouse Reports', '/reports'],
    ['Item Reports', '/item_reports'],
  ]),
  // Last, for everyone: whether the phone in hand can work offline on this address.
  group('Devices', [
    ['Set up devices', '/devices'],
    ['Check this device', '/device-check'],
  ]),
];

/** The groups and entries a user with these permissions sees; empty groups are left out. */
export function menuFor(permissions: readonly number[]): MenuGroup[] {
  return MENU.map((group) => ({
    label: group.label,
    entries: group.entries.filter((entry) => canOpenPath(permissions, entry.to)),
  })).filter((group) => group.entries.length > 0);
}
