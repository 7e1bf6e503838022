import {
  CATALOG_COLUMNS,
  type CatalogChunkInfo,
  type CatalogKind,
} from '../../../contract/catalog-chunks';
import type { CatalogTransport } from './transport';

// Test support: a catalog server in memory, answering as server/modules/catalog-chunks does.

export type Cell = string | number | null;

/** A catalog server in memory: chunks in the server's format, each hashed over its content. */
export function fakeCatalog() {
  const rows = new Map<string, { kind: CatalogKind; rows: Cell[][] }>();
  const calls: string[] = [];
  let failAfter = Infinity;
  const hashOf = (text: string) => {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
    return (h >>> 0).toString(16);
  };
  const content = (name: string) => {
    const c = rows.get(name)!;
    return JSON.stringify({ kind: c.kind, columns: CATALOG_COLUMNS[c.kind], rows: c.rows });
  };
  const body = (name: string) => {
    const text = content(name);
    return `{"name":"${name}","hash":"${hashOf(text)}",${text.slice(1)}`;
  };
  const transport: CatalogTransport = {
    async manifest() {
      calls.push('manifest');
      const chunks: CatalogChunkInfo[] = [...rows].map(([name, c]) => ({
        name,
        kind: c.kind,
        hash: hashOf(content(name)),
        rows: c.rows.length,
        bytes: body(name).length,
      }));
      return { version: hashOf(chunks.map((c) => c.hash).join()), built_at: '', chunks };
    },
    async chunk(name) {
      if (calls.filter((c) => c !== 'manifest').length >= failAfter) {
        throw new TypeError('Failed to fetch');
      }
      calls.push(name);
      return body(name);
    },
  };
  return {
    transport,
    calls,
    set: (name: string, kind: CatalogKind, r: Cell[][]) => rows.set(name, { kind, rows: r }),
    remove: (name: string) => rows.delete(name),
    failAfter: (n: number) => (failAfter = n),
    fetched: () => calls.filter((c) => c !== 'manifest'),
  };
}
