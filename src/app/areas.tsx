import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AreaRoute {
  /** react-router path pattern; the roles that open it are contract/access.ts PATH_RULES. */
  path: string;
  /** The area's name, shown while it is not built yet. */
  area: string;
  page: LazyExoticComponent<ComponentType> | ComponentType;
}

// One line per path: a feature plugs in by replacing `notAvailable(...)` with its lazy page,
// e.g. `lazy(() => import('../features/orders/OrdersPage'))`. Every page loads on demand.
const admin = lazy(() => import('../features/admin/AdminPage'));
const brickAdmin = lazy(() => import('../features/admin/BrickAdminPage'));
const newCompany = lazy(() => import('../features/admin/NewCompanyPage'));
const auditLog = lazy(() => import('../features/audit/AuditPage'));
const projectsOverview = lazy(() => import('../features/projects/ProjectsPage'));
const project = lazy(() => import('../features/projects/ProjectPage'));
const backups = lazy(() => import('../features/backups/BackupsPage'));
const batchTrays = lazy(() => import('../features/batch-trays/BatchTraysPage'));
const syncBatches = lazy(() => import('../features/bricksyncer/SyncBatchesPage'));
const syncBatch = lazy(() => import('../features/bricksyncer/BatchPage'));
const importBsx = lazy(() => import('../features/bricksyncer/ImportBsxPage'));
const manageOrders = lazy(() => import('../features/orders/ManageOrdersPage'));
const orderDetail = lazy(() => import('../features/orders/OrderDetailPage'));
const pickerOrders = lazy(() => import('../features/orders/PickerOrdersPage'));
const picker = lazy(() => import('../features/picking/PickerPage'));
const batches = lazy(() => import('../features/trays/BatchesPage'));
const trays = lazy(() => import('../features/trays/TraysPage'));
const fillTray = lazy(() => import('../features/trays/FillTrayPage'));
const inventory = lazy(() => import('../features/inventory/InventoryPage'));
const itemOverview = lazy(() => import('../features/inventory/KullaCatalogPage'));
const warehouse = lazy(() => import('../features/locations/LocationsPage'));
const reports = lazy(() => import('../features/reports/ReportsPage'));
const itemReports = lazy(() => import('../features/reports/ItemReportsPage'));
const catalogBrowser = lazy(() => import('../features/catalog/CatalogPage'));
const editItem = lazy(() => import('../features/catalog/EditItemPage'));
const setInfo = lazy(() => import('../features/catalog/SetInfoPage'));
const suggestions = lazy(() => import('../features/catalog/SuggestionsPage'));
const changelog = lazy(() => import('../features/catalog/ChangelogPage'));
const itemInfo = lazy(() => import('../features/catalog/ItemInfoPage'));
const digiCatalog = lazy(() => import('../features/catalog-modal/CatalogPage'));

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
    page: lazy(() => import('../features/bricksyncer-admin/EditItemsPage')),
  },
  {
    path: '/bricksyncer/issues',
    area: 'Bricksyncer',
    page: lazy(() => import('../features/bricksyncer-admin/StockIssuesPage')),
  },
  {
    path: '/bricksyncer/jobs',
    area: 'Bricksyncer',
    page: lazy(() => import('../features/bricksyncer-jobs/JobsPage')),
  },
  {
    path: '/bricksyncer/logs',
    area: 'Bricksyncer',
    page: lazy(() => import('../features/bricksyncer-admin/LogsPage')),
  },
  {
    path: '/bricksyncer/stores',
    area: 'Bricksyncer',
    page: lazy(() => import('../features/bricksyncer-admin/StoresPage')),
  },
  {
    path: '/bricksyncer/stores/add',
    area: 'Bricksyncer',
    page: lazy(() => import('../features/bricksyncer-admin/AddStorePage')),
  },
  {
    path: '/bricksyncer/stores/:storeId',
    area: 'Bricksyncer',
    page: lazy(() => import('../features/bricksyncer-admin/StorePage')),
  },
  {
    path: '/bricksyncer/stores/:storeId/edit',
    area: 'Bricksyncer',
    page: lazy(() => import('../features/bricksyncer-admin/EditStorePage')),
  },
  {
    path: '/bricksyncer/stores/:storeId/delete',
    area: 'Bricksyncer',
    page: lazy(() => import('../features/bricksyncer-admin/DeleteStorePage')),
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
    page: lazy(() => import('../features/find-item/FindItemPage')),
  },
  { path: '/reports', area: 'Reports', page: reports },
  { path: '/item_reports', area: 'Reports', page: itemReports },

  { path: '/brickbase/catalog', area: 'BrickBase', page: catalogBrowser },
  { path: '/brickbase/:id/edit', area: 'BrickBase', page: editItem },
  { path: '/brickbase/setinfo/:id', area: 'BrickBase', page: setInfo },
  { path: '/brickbase/suggestions', area: 'BrickBase', page: suggestions },
  { path: '/brickbase/changelog', area: 'BrickBase', page: changelog },
  {
    path: '/brickbase/controllers',
    area: 'BrickBase',
    page: lazy(() => import('../features/controllers/ControllersPage')),
  },
  { path: '/brickbase/iteminfo/:id', area: 'BrickBase', page: itemInfo },
];

/** Pages open without a session (no app shell). */
export const PUBLIC_ROUTES: AreaRoute[] = [
  { path: '/', area: 'Login', page: lazy(() => import('../features/auth/LoginPage')) },
  {
    path: '/forgot_password',
    area: 'Forgot password',
    page: lazy(() => import('../features/auth/ForgotPasswordPage')),
  },
  {
    path: '/set_password/:token',
    area: 'Set password',
    page: lazy(() => import('../features/auth/SetPasswordPage')),
  },
];
