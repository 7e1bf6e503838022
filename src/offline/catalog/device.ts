import { getDb, type WarehouseDb } from '../db';
import type { CatalogIndex } from './catalog-index';
import { loadCatalogIndex } from './load';
import { catalogMeta } from './sync';

/** The device's copy of the catalog, searched where the network is not needed or not there. */
export interface DeviceCatalog {
  index: CatalogIndex;
  /** When the device last held the whole catalog; null while the first download is unfinished. */
  syncedAt: string | null;
}

/** The device's copy of the catalog, or null when the device holds no part of it. */
export async function openDeviceCatalog(db: WarehouseDb = getDb()): Promise<DeviceCatalog | null> {
  if ((await db.catalogChunks.count()) === 0) return null;
  const [index, meta] = await Promise.all([loadCatalogIndex(db), catalogMeta(db)]);
  return { index, syncedAt: meta?.syncedAt ?? null };
}

/** How old the device's copy is, in words: the day it was downloaded, or that it is not whole. */
export function copyDate(syncedAt: string | null): string {
  return syncedAt
    ? `downloaded ${new Date(syncedAt).toLocaleDateString()}`
    : 'download not finished yet';
}
