import {
  CATALOG_COLUMNS,
  type CatalogChunkInfo,
  type CatalogKind,
} from '../../contract/catalog-chunks';
import { CatalogIndex } from '../offline/catalog/catalog-index';
import type { CatalogTransport } from '../offline/catalog/transport';

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

/**
 * A catalog index from rows given by column name (missing columns are null), one chunk per kind:
 * for tests of what searches the device's copy.
 */
export function catalogIndexOf(
  rows: Partial<Record<CatalogKind, Record<string, Cell>[]>>,
): CatalogIndex {
  return new CatalogIndex(
    Object.entries(rows).map(([kind, list]) => {
      const columns = CATALOG_COLUMNS[kind as CatalogKind];
      return {
        name: `${kind}-0000`,
        hash: kind,
        kind: kind as CatalogKind,
        columns: [...columns],
        rows: list.map((r) => columns.map((c) => r[c] ?? null)),
      };
    }),
  );
}

/** A small catalog for search tests: moulds with their part or set, a book, a minifig, an element. */
export function sampleCatalogIndex(): CatalogIndex {
  return catalogIndexOf({
    colours: [{ id: 4, name: 'Red', hex: 'C91A09', rebrickable_id: '4' }],
    moulds: [
      {
        id: 3001,
        type_id: 2,
        name: 'Brick 2 x 4',
        image_url: 'https://img.test/3001.png',
        bl_mold_id: '3001',
        rebrickable_id: '3001',
        part_id: 1,
      },
      {
        id: 10696,
        type_id: 1,
        name: 'Medium Creative Brick Box',
        bl_mold_id: '10696-1',
        set_id: 1,
      },
      { id: 500, type_id: 4, name: 'Brick Book', bl_mold_id: 'b500' },
      { id: 600, type_id: 6, name: 'Catalog 2019', bl_mold_id: 'c2019' },
    ],
    parts: [
      { id: 1, name: 'Brick 2 x 4', rebrickable_id: '3001', bricklink_id: '3001', year: 1958 },
      {
        id: 2,
        name: 'Technic Liftarm 1 x 3',
        rebrickable_id: '32523',
        bricklink_id: '32523',
        brickowl_id: 'owl-77',
        image_url: 'https://img.test/32523.png',
        year: 2000,
      },
      { id: 3, name: 'Brick 1 x 1', rebrickable_id: '3005', bricklink_id: '3005' },
    ],
    minifigs: [
      {
        id: 1,
        name: 'Police Officer',
        rebrickable_id: 'fig-000001',
        bricklink_id: 'cty0001',
        year: 2022,
      },
    ],
    sets: [
      {
        id: 1,
        name: 'Medium Creative Brick Box',
        rebrickable_id: '10696-1',
        bricklink_id: '10696-1',
        year: 2015,
      },
    ],
    elements: [{ id: 1, part_id: 2, colour_id: 4, element_id: '4142822' }],
  });
}
