import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CatalogChunkParams,
  CatalogChunkQuery,
  CatalogManifest,
  CatalogMessages,
} from '../../../contract/catalog-chunks';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import { buildCatalog, catalogKey, gzipped, type BuiltCatalog, type BuiltChunk } from './build';
import { routesOf } from '../../http/routes';

/**
 * The catalog on the device (docs/catalog-offline.md): a manifest of chunks and each chunk by
 * name. The catalog is global reference data, so any signed-in user of any company reads it.
 * Built chunks are kept in memory until the catalog's state key changes.
 */
export function catalogChunkCache(db: Kysely<Database>) {
  let built: Promise<BuiltCatalog> | null = null;
  let last: BuiltCatalog | null = null;
  /**
   * A chunk asked for by name and hash that the last build holds: its content is what the hash
   * names, whatever changed since, so it is served without checking the catalog's state.
   */
  function byHash(name: string, hash: string | undefined): BuiltChunk | null {
    const chunk = last?.chunks.get(name);
    return chunk && hash !== undefined && chunk.hash === hash ? chunk : null;
  }
  async function current(): Promise<BuiltCatalog> {
    const key = await catalogKey(db);
    const previous = built;
    if (previous) {
      const catalog = await previous.catch(() => null);
      if (catalog?.key === key) return catalog;
      // Another request may already be building the newer state.
      if (built !== previous) return current();
    }
    built = buildCatalog(db, key);
    void built.then(
      (catalog) => {
        last = catalog;
        return precompress(catalog);
      },
      () => undefined,
    );
    return built;
  }
  return { current, byHash };
}

/** Gzips every chunk once, one after another, so the first device's sync finds them ready. */
async function precompress(catalog: BuiltCatalog): Promise<void> {
  for (const chunk of catalog.chunks.values()) await gzipped(chunk);
}

const IMMUTABLE = 'private, max-age=31536000, immutable';

async function sendChunk(request: FastifyRequest, reply: FastifyReply, chunk: { body: Buffer }) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(accepts)) {
    reply.header('content-encoding', 'gzip');
    return reply.send(await gzipped(chunk as never));
  }
  return reply.send(chunk.body);
}

export async function catalogChunksModule(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'catalog');
  const cache = catalogChunkCache(app.db);

  api.get(
    '/v1/catalog/manifest',
    {
      access: 'user',
      summary: 'The catalog on the device: its version and chunks {name, hash, rows, bytes}',
      answer: CatalogManifest,
    },
    async ({ reply }) => {
      reply.header('cache-control', 'no-cache');
      return (await cache.current()).manifest;
    },
  );

  api.get(
    '/v1/catalog/chunks/:name',
    {
      access: 'user',
      summary:
        'One catalog chunk {name, hash, kind, columns, rows}; cached for good when ?hash= is its hash',
      params: CatalogChunkParams,
      query: CatalogChunkQuery,
    },
    async ({ query, params, request, reply }) => {
      const { name } = params;
      const chunk = cache.byHash(name, query.hash) ?? (await cache.current()).chunks.get(name);
      if (!chunk) throw notFound(CatalogMessages.chunkNotFound);
      const fresh = query.hash === chunk.hash;
      reply
        .header('etag', `"${chunk.hash}"`)
        .header('cache-control', fresh ? IMMUTABLE : 'no-cache');
      return sendChunk(request, reply, chunk);
    },
  );
}
