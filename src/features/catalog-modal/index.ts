/** The digitizing desk's catalog: the modal of the batch trays editor and the /catalog page. */
export { CatalogModal, type CatalogModalProps } from './CatalogModal';
export { CatalogBrowser, type CatalogBrowserProps } from './CatalogBrowser';
export { addCatalogTrays } from './api';
export type { CatalogAddition } from './types';
