import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Kysely } from 'kysely';
import {
  CATALOG_CHUNK_IDS,
  CATALOG_COLUMNS,
  CATALOG_KINDS,
  type CatalogChunkInfo,
  type CatalogKind,
  type CatalogManifest,
} from '../../../contract/catalog-chunks';
import type { Database } from '../../db/schema';

const gzipAsync = promisify(gzip);

/** Columns read as numbers whatever the driver returns (PostgreSQL gives numeric as text). */
const NUMERIC = new Set([
  'length',
  'width',
  'height',
  'weight',
  'dim_x',
  'dim_y',
  'dim_z',
  'year',
  'num_parts',
  'bl_colour_id',
  'is_transparent',
  'part_id',
  'colour_id',
  'minifig_id',
  'set_id',
  'type_id',
]);

export interface BuiltChunk extends CatalogChunkInfo {
  /** The JSON the client receives: {name, hash, kind, columns, rows}. */
  body: Buffer;
  /** The same, gzipped on first request and kept. */
  gzipped?: Promise<Buffer>;
}

export interface BuiltCatalog {
  key: string;
  manifest: CatalogManifest;
  chunks: Map<string, BuiltChunk>;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** `parts-0007`: the kind and its range number. */
export const chunkName = (kind: CatalogKind, range: number) =>
  `${kind}-${String(range).padStart(4, '0')}`;

function cell(column: string, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (column === 'id' || NUMERIC.has(column)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return String(value);
}

/** One chunk from its rows: hashed over the content, so equal content gives an equal hash. */
export function makeChunk(
  kind: CatalogKind,
  range: number,
  rows: (string | number | null)[][],
): BuiltChunk {
  const name = chunkName(kind, range);
  const columns = CATALOG_COLUMNS[kind];
  const content = JSON.stringify({ kind, columns, rows });
  const hash = sha(content).slice(0, 24);
  const body = Buffer.from(`{"name":"${name}","hash":"${hash}",${content.slice(1)}`);
  return { name, kind, hash, rows: rows.length, bytes: body.length, body };
}

/** Reads one kind ordered by id and cuts it at fixed id ranges. */
async function kindChunks(db: Kysely<Database>, kind: CatalogKind): Promise<BuiltChunk[]> {
  const columns = CATALOG_COLUMNS[kind] as readonly string[];
  const rows = (await db
    .selectFrom(kind)
    .select(columns as never)
    .orderBy('id')
    .execute()) as Record<string, unknown>[];
  const size = CATALOG_CHUNK_IDS[kind];
  const out: BuiltChunk[] = [];
  let range = -1;
  let current: (string | number | null)[][] = [];
  for (const row of rows) {
    const r = Math.floor(Number(row.id) / size);
    if (r !== range) {
      if (current.length) out.push(makeChunk(kind, range, current));
      range = r;
      current = [];
    }
    current.push(columns.map((c) => cell(c, row[c])));
  }
  if (current.length) out.push(makeChunk(kind, range, current));
  return out;
}

/**
 * What identifies the catalog's state cheaply: per table its row count, highest id and highest
 * sync version, and the changelog's count and last id (an import and an accepted suggestion both
 * write it). The chunks are rebuilt when this changes.
 */
export async function catalogKey(db: Kysely<Database>): Promise<string> {
  const parts: string[] = [];
  for (const table of CATALOG_KINDS) {
    const r = await db
      .selectFrom(table)
      .select((eb) => [
        eb.fn.countAll().as('n'),
        eb.fn.max('id').as('max_id'),
        eb.fn.max('version').as('max_version'),
      ])
      .executeTakeFirstOrThrow();
    parts.push(`${table}:${r.n}:${r.max_id ?? 0}:${r.max_version ?? 0}`);
  }
  const c = await db
    .selectFrom('catalog_changes')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('id').as('max_id')])
    .executeTakeFirstOrThrow();
  parts.push(`changes:${c.n}:${c.max_id ?? 0}`);
  return parts.join('|');
}

/** Every chunk of every kind, and the manifest listing them. */
export async function buildCatalog(db: Kysely<Database>, key: string): Promise<BuiltCatalog> {
  const chunks = new Map<string, BuiltChunk>();
  for (const kind of CATALOG_KINDS) {
    for (const chunk of await kindChunks(db, kind)) chunks.set(chunk.name, chunk);
  }
  const list = [...chunks.values()].map(({ name, kind, hash, rows, bytes }) => ({
    name,
    kind,
    hash,
    rows,
    bytes,
  }));
  const version = sha(list.map((c) => `${c.name}:${c.hash}`).join('\n')).slice(0, 24);
  return {
    key,
    manifest: { version, built_at: new Date().toISOString(), chunks: list },
    chunks,
  };
}

/** The chunk's gzipped body, made once. */
export function gzipped(chunk: BuiltChunk): Promise<Buffer> {
  chunk.gzipped ??= gzipAsync(chunk.body, { level: 6 });
  return chunk.gzipped;
}
