import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { lazyLoaded } from './lazyLoaded';

/** A page loaded on demand, whose code can also be fetched ahead of its render. */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

export interface AreaRoute {
  /** react-router path pattern; the roles that open it are contract/access.ts PATH_RULES. */
  path: string;
  /** The area's name, shown while it is not built yet. */
  area: string;
  page: LazyPage | ComponentType;
}

/** One chunk per page: rendering loads it, `preload` starts its download (both share one load). */
const lazyPage = (load: () => Promise<{ default: ComponentType }>): LazyPage => lazyLoaded(load);

// One line per path: a feature plugs in with its lazy page,
// e.g. `lazyPage(() => import('../features/orders/OrdersPage'))`. Every page loads on demand.
const admin = lazyPage(() => import('../features/admin/AdminPage'));
const brickAdmin = lazyPage(() => import('../features/admin/BrickAdminPage'));
const newCompany = lazyPage(() => import('../features/admin/NewCompanyPage'));
const auditLog = lazyPage(() => import('../features/audit/AuditPage'));
const projectsOverview = lazyPage(() => import('../features/projects/ProjectsPage'));
const project = lazyPage(() => import('../features/projects/ProjectPage'));
const backups = lazyPage(() => import('../features/backups/BackupsPage'));
const batchTrays = lazyPage(() => import('../features/batch-trays/BatchTraysPage'));
const syncBatches = lazyPage(() => import('../features/bricksyncer/SyncBatchesPage'));
const syncBatch = lazyPage(() => import('../features/bricksyncer/BatchPage'));
const importBsx = lazyPage(() => import('../features/bricksyncer/ImportBsxPage'));
const manageOrders = lazyPage(() => import('../features/orders/ManageOrdersPage'));
const orderDetail = lazyPage(() => import('../features/orders/OrderDetailPage'));
const pickerOrders = lazyPage(() => import('../features/orders/PickerOrdersPage'));
const picker = lazyPage(() => import('../features/picking/PickerPage'));
const batches = lazyPage(() => import('../features/trays/BatchesPage'));
const trays = lazyPage(() => import('../features/trays/TraysPage'));
const fillTray = lazyPage(() => import('../features/trays/FillTrayPage'));
const inventory = lazyPage(() => import('../features/inventory/InventoryPage'));
const itemOverview = lazyPage(() => import('../features/inventory/KullaCatalogPage'));
const warehouse = lazyPage(() => import('../features/locations/LocationsPage'));
const reports = lazyPage(() => import('../features/reports/ReportsPage'));
const itemReports = lazyPage(() => import('../features/reports/ItemReportsPage'));
const catalogBrowser = lazyPage(() => import('../features/catalog/CatalogPage'));
const editItem = lazyPage(() => import('../features/catalog/EditItemPage'));
const setInfo = lazyPage(() => import('../features/catalog/SetInfoPage'));
const suggestions = lazyPage(() => import('../features/catalog/SuggestionsPage'));
const changelog = lazyPage(() => import('../features/catalog/ChangelogPage'));
const itemInfo = lazyPage(() => import('../features/catalog/ItemInfoPage'));
const digiCatalog = lazyPage(() => import('../features/catalog-modal/CatalogPage'));

/** Pages inside the app shell (signed in). */
export const AREA_ROUTES: AreaRoute[] = [
  { path: '/admin', area: 'User administration', page: admin },
  { path: '/brick_admin', area: 'Company administration', page: brickAdmin },
  { path: '/brick_admin/new_company', area: 'Company administration', page: newCompany },
  { path: '/audit', area: 'Audit log', page: auditLog },

  { path: '/projects', area: 'Projects', page: projectsOverview },
  { path: '/projects/:projectid', area: 'Projects', page: project },
  { path: '/projects/:projectid/:batchid', area: 'Batch trays', page: batchTrays },
  { path: '/backup/:projectid', area: 'Batch backups', page: backups },
  { path: '/catalog', area: 'Catalog', page: digiCatalog },

  { path: '/bricksyncer/add_items', area: 'Bricksyncer', page: syncBatches },
  { path: '/bricksyncer/batch/:batchId', area: 'Bricksyncer', page: syncBatch },
  { path: '/bricksyncer/bsx_batch', area: 'Bricksyncer', page: importBsx },
  {
    path: '/bricksyncer/edit_items',
    area: 'Bricksyncer',
    page: lazyPage(() => import('../features/bricksyncer-admin/EditItemsPage')),
  },
  {
    path: '/bricksyncer/issues',
    area: 'Bricksyncer',
    page: lazyPage(() => import('../features/bricksyncer-admin/StockIssuesPage')),
  },
  {
    path: '/bricksyncer/jobs',
    area: 'Bricksyncer',
    page: lazyPage(() => import('../features/bricksyncer-jobs/JobsPage')),
  },
  {
    path: '/bricksyncer/logs',
    area: 'Bricksyncer',
    page: lazyPage(() => import('../features/bricksyncer-admin/LogsPage')),
  },
  {
    path: '/bricksyncer/stores',
    area: 'Bricksyncer',
    page: lazyPage(() => import('../features/bricksyncer-admin/StoresPage')),
  },
  {
    path: '/bricksyncer/stores/add',
    area: 'Bricksyncer',
    page: lazyPage(() => import('../features/bricksyncer-admin/AddStorePage')),
  },
  {
    path: '/bricksyncer/stores/:storeId',
    area: 'Bricksyncer',
    page: lazyPage(() => import('../features/bricksyncer-admin/StorePage')),
  },
  {
    path: '/bricksyncer/stores/:storeId/edit',
    area: 'Bricksyncer',
    page: lazyPage(() => import('../features/bricksyncer-admin/EditStorePage')),
  },
  {
    path: '/bricksyncer/stores/:storeId/delete',
    area: 'Bricksyncer',
    page: lazyPage(() => import('../features/bricksyncer-admin/DeleteStorePage')),
  },

  { path: '/orders', area: 'Orders', page: manageOrders },
  { path: '/order/:orderId', area: 'Orders', page: orderDetail },
  { path: '/user_orders', area: 'Orders', page: pickerOrders },
  { path: '/picker/:orderId', area: 'Picking', page: picker },
  { path: '/fill_orders', area: 'Batches', page: batches },
  { path: '/trays', area: 'Trays', page: trays },
  { path: '/trays/:trayId', area: 'Trays', page: fillTray },

  { path: '/inventory', area: 'Inventory', page: inventory },
  { path: '/item_overview', area: 'Kulla Catalog', page: itemOverview },

  { path: '/location', area: 'Warehouse', page: warehouse },
  { path: '/location/:locationId', area: 'Warehouse', page: warehouse },
  {
    path: '/find_item',
    area: 'Find an item',
    page: lazyPage(() => import('../features/find-item/FindItemPage')),
  },
  { path: '/reports', area: 'Reports', page: reports },
  { path: '/item_reports', area: 'Reports', page: itemReports },

  {
    path: '/devices',
    area: 'Set up devices',
    page: lazyPage(() => import('../features/devices/DeviceSetupPage')),
  },
  {
    path: '/device-check',
    area: 'Check this device',
    page: lazyPage(() => import('../features/devices/DeviceCheckPage')),
  },

  { path: '/brickbase/catalog', area: 'BrickBase', page: catalogBrowser },
  { path: '/brickbase/:id/edit', area: 'BrickBase', page: editItem },
  { path: '/brickbase/setinfo/:id', area: 'BrickBase', page: setInfo },
  { path: '/brickbase/suggestions', area: 'BrickBase', page: suggestions },
  { path: '/brickbase/changelog', area: 'BrickBase', page: changelog },
  {
    path: '/brickbase/controllers',
    area: 'BrickBase',
    page: lazyPage(() => import('../features/controllers/ControllersPage')),
  },
  { path: '/brickbase/iteminfo/:id', area: 'BrickBase', page: itemInfo },
];

/** Pages open without a session (no app shell). */
export const PUBLIC_ROUTES: AreaRoute[] = [
  { path: '/', area: 'Login', page: lazyPage(() => import('../features/auth/LoginPage')) },
  {
    path: '/forgot_password',
    area: 'Forgot password',
    page: lazyPage(() => import('../features/auth/ForgotPasswordPage')),
  },
  {
    path: '/set_password/:token',
    area: 'Set password',
    page: lazyPage(() => import('../features/auth/SetPasswordPage')),
  },
];

/**
 * Start downloading the page at `pathname` (and what it imports) at once, before the session is
 * read and the shell is loaded, so a cold open fetches them side by side instead of one after
 * the other. Rendering still goes through the page's React.lazy and its Suspense fallback.
 */
export function preloadPage(pathname: string): void {
  for (const route of [...PUBLIC_ROUTES, ...AREA_ROUTES]) {
    if (!matchPath(route.path, pathname)) continue;
    if ('preload' in route.page) void route.page.preload().catch(() => undefined);
    return;
  }
}

/** Whether `pathname` is a page inside the app shell. */
export function isAreaPath(pathname: string): boolean {
  return AREA_ROUTES.some((route) => matchPath(route.path, pathname));
}
