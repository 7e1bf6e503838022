// Page side of the catalog-device bench: bundled for the browser by catalog-device.ts, it runs the
// shipped catalog sync and index (src/offline/catalog) and, beside them, the same catalog stored
// one IndexedDB record per item with Dexie, and the raw IndexedDB ceiling for the same chunks.
import { Dexie } from 'dexie';
import {
  CATALOG_COLUMNS,
  CatalogManifest,
  type CatalogChunk,
  type CatalogKind,
} from '../../contract/catalog-chunks';
import { CatalogIndex } from '../../src/offline/catalog/catalog-index';
import { WarehouseDb } from '../../src/offline/db';
import { buildCatalogIndex, syncCatalogAndIndex } from '../../src/offline/catalog/load';
import type { CatalogTransport } from '../../src/offline/catalog/transport';

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

/** Fetches every chunk body as text, four at once as the shipped sync does. */
async function fetchBodies(auth: string) {
  const t = transport(auth);
  const manifest = await t.manifest();
  const bodies = new Map<string, string>();
  const queue = [...manifest.chunks];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        bodies.set(next.name, await t.chunk(next.name, next.hash));
      }
    }),
  );
  return { infos: manifest.chunks, bodies };
}

const done = (req: IDBRequest | IDBTransaction) =>
  new Promise<void>((ok, fail) => {
    if (req instanceof IDBTransaction) {
      req.oncomplete = () => ok();
      req.onerror = req.onabort = () => fail(req.error);
    } else {
      req.onsuccess = () => ok();
      req.onerror = () => fail(req.error);
    }
  });

/**
 * The raw IndexedDB ceiling and the first sync's steps taken alone: fetch every chunk (text, four
 * at once); then, from memory, write the same records straight into IndexedDB (raw API, one
 * transaction, one put per chunk, the shipped store's keys); write them again through Dexie one
 * put per chunk as the sync does; parse every body; build the index from the parsed chunks.
 */
async function ceiling(auth: string) {
  const f0 = performance.now();
  const { infos, bodies } = await fetchBodies(auth);
  const fetchMs = performance.now() - f0;
  const storedAt = new Date().toISOString();
  const records = infos.map((info) => ({
    name: info.name,
    hash: info.hash,
    kind: info.kind,
    rows: info.rows,
    body: bodies.get(info.name)!,
    storedAt,
  }));

  const open = indexedDB.open(`catalog-bench-raw-${crypto.randomUUID()}`, 1);
  open.onupgradeneeded = () => {
    const store = open.result.createObjectStore('catalogChunks', { keyPath: 'name' });
    store.createIndex('[name+hash]', ['name', 'hash']);
  };
  await done(open);
  const raw = open.result;
  const r0 = performance.now();
  const tx = raw.transaction('catalogChunks', 'readwrite');
  const store = tx.objectStore('catalogChunks');
  for (const record of records) store.put(record);
  await done(tx);
  const rawMs = performance.now() - r0;
  raw.close();

  const db = new WarehouseDb(`catalog-bench-store-${crypto.randomUUID()}`);
  await db.open();
  const d0 = performance.now();
  await Promise.all(records.map((record) => db.catalogChunks.put(record)));
  const dexieMs = performance.now() - d0;
  db.close();

  const p0 = performance.now();
  const parsed = records.map((r) => JSON.parse(r.body) as CatalogChunk);
  const parseMs = performance.now() - p0;
  const i0 = performance.now();
  new CatalogIndex(parsed).searchByName('brick', 1, ['parts']);
  const indexMs = performance.now() - i0;
  const bytes = records.reduce((s, r) => s + r.body.length, 0);
  return { fetchMs, rawMs, dexieMs, parseMs, indexMs, chunks: records.length, bytes };
}

(globalThis as unknown as { __catalogBench: object }).__catalogBench = {
  chunks,
  ceiling,
  reloadIndex,
  search,
  perItem,
};
