import type { CatalogChunk } from '../../../contract/catalog-chunks';
import { getDb, type WarehouseDb } from '../db';
import { CatalogIndex } from './catalog-index';
import { catalogMeta, syncCatalog, type CatalogProgress, type CatalogSyncResult } from './sync';
import { catalogStatus } from './status';
import type { CatalogTransport } from './transport';

let cached: { key: string; db: WarehouseDb; index: Promise<CatalogIndex> } | null = null;

/** What the stored chunks are now: the synced version, their number and this context's syncs. */
async function stateKey(db: WarehouseDb): Promise<string> {
  const [meta, count] = await Promise.all([catalogMeta(db), db.catalogChunks.count()]);
  return `${meta?.version ?? ''}|${count}|${catalogStatus.getState().generation}`;
}

/** Builds the in-memory index from every stored chunk (parsing each chunk's JSON once). */
export async function buildCatalogIndex(db: WarehouseDb): Promise<CatalogIndex> {
  const chunks: CatalogChunk[] = [];
  await db.catalogChunks.each((record) => {
    chunks.push(JSON.parse(record.body) as CatalogChunk);
  });
  return new CatalogIndex(chunks);
}

/**
 * The device's catalog index, built on first use and again only when the stored chunks changed.
 * Works offline from whatever the device holds (all of it after the first sync).
 */
export async function loadCatalogIndex(db: WarehouseDb = getDb()): Promise<CatalogIndex> {
  const key = await stateKey(db);
  if (cached && cached.key === key && cached.db === db) return cached.index;
  const index = buildCatalogIndex(db);
  cached = { key, db, index };
  index.catch(() => {
    if (cached?.index === index) cached = null;
  });
  return index;
}

/**
 * Syncs the catalog and, when the sync fetched every chunk (the first sync), builds the index
 * from the bodies as they arrive instead of reading them back: the catalog is searchable as soon
 * as it is stored.
 */
export async function syncCatalogAndIndex(
  transport: CatalogTransport,
  db: WarehouseDb,
  onProgress?: (p: CatalogProgress) => void,
): Promise<{ result: CatalogSyncResult; index: CatalogIndex | null }> {
  const parsed: CatalogChunk[] = [];
  const result = await syncCatalog(transport, db, onProgress, (body) =>
    parsed.push(JSON.parse(body) as CatalogChunk),
  );
  if (result.skipped > 0 || result.deleted.length > 0 || !result.complete) {
    return { result, index: null };
  }
  const index = new CatalogIndex(parsed);
  cached = { key: await stateKey(db), db, index: Promise.resolve(index) };
  return { result, index };
}
