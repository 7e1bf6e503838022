/** The catalog on the device (docs/catalog-offline.md). */
export { CatalogIndex, type CatalogHit, type CatalogRow } from './catalog-index';
export { CatalogFactsLine } from './CatalogFactsLine';
export { CatalogStatusLine } from './CatalogStatusLine';
export { mouldFacts, sizeText, type CatalogFacts } from './facts';
export { copyDate, openDeviceCatalog, type DeviceCatalog } from './device';
export {
  useCatalogFacts,
  useCatalogStatus,
  useCatalogSync,
  useDeviceCatalog,
  type DeviceCatalogState,
} from './hooks';
export { buildCatalogIndex, loadCatalogIndex, syncCatalogAndIndex } from './load';
export { startCatalogSync, type CatalogSyncOptions } from './schedule';
export { catalogStatus, type CatalogStatusState } from './status';
export { catalogMeta, storedHashes, syncCatalog, type CatalogSyncResult } from './sync';
export { CatalogFetchError, kyCatalogTransport, type CatalogTransport } from './transport';
