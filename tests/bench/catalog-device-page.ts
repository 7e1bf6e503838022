// Page side of the catalog-device bench: bundled for the browser by catalog-device.ts, it runs the
// shipped catalog sync and index (src/offline/catalog) and, beside them, the same catalog stored
// one IndexedDB record per item with Dexie.
import { Dexie } from 'dexie';
import { CATALOG_COLUMNS, CatalogManifest, type CatalogKind } from '../../contract/catalog-chunks';
import { WarehouseDb } from '../../src/offline/db';
import { buildCatalogIndex, syncCatalogAndIndex } from '../../src/offline/catalog/load';
import type { CatalogTransport } from '../../src/offline/catalog/transport';
import type { CatalogIndex } from '../../src/offline/catalog/catalog-index';

function transport(auth: string): CatalogTransport {
  const get = async (url: string) => {
    const res = await fetch(url, { headers: { authorization: auth }, cache: 'no-store' });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return res;
  };
  return {
    manifest: async () =>
      CatalogManifest.parse(await (await get('/api/v1/catalog/manifest')).json()),
    chunk: async (name, hash) => (await get(`/api/v1/catalog/chunks/${name}?hash=${hash}`)).text(),
  };
}

let index: CatalogIndex | null = null;
let chunkDb: WarehouseDb | null = null;

/** Chunks: fetch + store (one record per chunk) + build the in-memory index. */
async function chunks(auth: string) {
  chunkDb = new WarehouseDb(`catalog-bench-${crypto.randomUUID()}`);
  const t0 = performance.now();
  const synced = await syncCatalogAndIndex(transport(auth), chunkDb);
  const result = synced.result;
  const t1 = performance.now();
  index = synced.index ?? (await buildCatalogIndex(chunkDb));
  index.searchByName('brick', 1, ['parts']);
  const t2 = performance.now();
  return {
    ms: t2 - t0,
    syncMs: t1 - t0,
    indexMs: t2 - t1,
    chunks: result.fetched.length,
    parts: index.count('parts'),
    elements: index.count('elements'),
    sets: index.count('sets'),
    minifigs: index.count('minifigs'),
  };
}

/** After a reload: the index from the stored chunks alone (no network). */
async function reloadIndex() {
  const t0 = performance.now();
  index = await buildCatalogIndex(chunkDb!);
  index.searchByName('brick', 1, ['parts']);
  return performance.now() - t0;
}

/** Substring searches over the part names: each query's time in ms. */
function search(queries: string[]) {
  return queries.map((q) => {
    const t0 = performance.now();
    index!.searchByName(q, 20, ['parts']);
    return performance.now() - t0;
  });
}

/** The same catalog one Dexie record per item: fetch + parse + bulkPut every row. */
async function perItem(auth: string) {
  const kinds = Object.keys(CATALOG_COLUMNS) as CatalogKind[];
  const db = new Dexie(`catalog-bench-items-${crypto.randomUUID()}`);
  db.version(1).stores(Object.fromEntries(kinds.map((k) => [k, 'id'])));
  await db.open();
  const t = transport(auth);
  const t0 = performance.now();
  const manifest = await t.manifest();
  let records = 0;
  for (const info of manifest.chunks) {
    const body = JSON.parse(await t.chunk(info.name, info.hash)) as {
      columns: string[];
      rows: unknown[][];
    };
    const rows = body.rows.map((r) => Object.fromEntries(body.columns.map((c, i) => [c, r[i]])));
    await db.table(info.kind).bulkPut(rows);
    records += rows.length;
  }
  const stored = performance.now() - t0;
  const s0 = performance.now();
  const hits = await db
    .table('parts')
    .filter((p: { name?: string }) => (p.name ?? '').toLowerCase().includes('no such brick'))
    .limit(20)
    .toArray();
  const searchMs = performance.now() - s0;
  db.close();
  return { ms: stored, records, searchMs, hits: hits.length };
}

(globalThis as unknown as { __catalogBench: object }).__catalogBench = {
  chunks,
  reloadIndex,
  search,
  perItem,
};
