import type { CatalogChunkInfo } from '../../../contract/catalog-chunks';
import type { CatalogChunkRecord, WarehouseDb } from '../db';
import { getMeta, setMeta } from '../meta';
import { catalogStatus } from './status';
import type { CatalogTransport } from './transport';

/** Meta record: the catalog version the device holds in full, and since when. */
export const CATALOG_META = 'catalog';
export interface CatalogMeta {
  version: string;
  syncedAt: string;
  chunks: number;
  rows: number;
}

export interface CatalogProgress {
  done: number;
  total: number;
}

export interface CatalogSyncResult {
  version: string;
  fetched: string[];
  deleted: string[];
  skipped: number;
  /** False when the catalog changed during the sync: run it again to finish. */
  complete: boolean;
}

/** Chunks fetched at once: enough to hide latency, few enough not to crowd the floor's calls. */
const PARALLEL = 4;

/** The hash a chunk's body names (its first field after the name). */
function bodyHash(body: string): string | null {
  return /^\{"name":"[^"]*","hash":"([^"]*)"/.exec(body.slice(0, 200))?.[1] ?? null;
}

/** name → hash of every stored chunk, read from the index without loading the bodies. */
export async function storedHashes(db: WarehouseDb): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  for (const key of await db.catalogChunks.orderBy('[name+hash]').keys()) {
    // The compound index's keys are [name, hash] pairs of text.
    if (Array.isArray(key) && typeof key[0] === 'string' && typeof key[1] === 'string') {
      hashes.set(key[0], key[1]);
    }
  }
  return hashes;
}

/**
 * Brings the device's catalog to the server's manifest: fetches the chunks it lacks or holds with
 * another hash, deletes those the manifest no longer lists. Each chunk is stored on its own as it
 * arrives, so an interrupted sync (reload, dropped connection) resumes where it stopped: chunks
 * already stored with the right hash are skipped. Writes only the catalog table and its meta
 * record, in small transactions, so floor writes never wait on it.
 */
export async function syncCatalog(
  transport: CatalogTransport,
  db: WarehouseDb,
  onProgress?: (p: CatalogProgress) => void,
  onChunk?: (body: string) => void,
): Promise<CatalogSyncResult> {
  const manifest = await transport.manifest();
  const stored = await storedHashes(db);
  const wanted = new Map(manifest.chunks.map((c) => [c.name, c]));
  const missing = manifest.chunks.filter((c) => stored.get(c.name) !== c.hash);
  const total = manifest.chunks.length;
  let done = total - missing.length;
  onProgress?.({ done, total });
  let mismatched = false;

  const fetchOne = async (info: CatalogChunkInfo) => {
    const body = await transport.chunk(info.name, info.hash);
    const hash = bodyHash(body) ?? info.hash;
    // The catalog changed while this sync ran: keep what came, a later sync finishes it.
    if (hash !== info.hash) mismatched = true;
    const record: CatalogChunkRecord = {
      name: info.name,
      hash,
      kind: info.kind,
      rows: info.rows,
      body,
      storedAt: new Date().toISOString(),
    };
    const stored = db.catalogChunks.put(record);
    // While IndexedDB writes, the caller may already read the chunk (e.g. to build the index).
    onChunk?.(body);
    await stored;
    done += 1;
    onProgress?.({ done, total });
  };
  const queue = [...missing];
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await fetchOne(next);
    }),
  );

  const deleted = [...stored.keys()].filter((name) => !wanted.has(name));
  if (deleted.length) await db.catalogChunks.bulkDelete(deleted);
  if (!mismatched) {
    const meta: CatalogMeta = {
      version: manifest.version,
      syncedAt: new Date().toISOString(),
      chunks: total,
      rows: manifest.chunks.reduce((s, c) => s + c.rows, 0),
    };
    await setMeta(db, CATALOG_META, meta);
  }
  if (missing.length || deleted.length) {
    catalogStatus.setState((s) => ({ generation: s.generation + 1 }));
  }
  return {
    version: manifest.version,
    fetched: missing.map((c) => c.name),
    deleted,
    skipped: total - missing.length,
    complete: !mismatched,
  };
}

export const catalogMeta = (db: WarehouseDb) => getMeta<CatalogMeta>(db, CATALOG_META);
