import {
  CATALOG_COLUMNS,
  type CatalogChunk,
  type CatalogKind,
} from '../../../contract/catalog-chunks';

type Cell = string | number | null;
export type CatalogRow = Record<string, Cell>;

/** Kinds searched by name, in the order results are listed. */
const NAMED: CatalogKind[] = ['moulds', 'parts', 'minifigs', 'sets', 'colours'];
/** Columns that hold another catalog's number for the same item. */
const ALTERNATE_IDS = ['rebrickable_id', 'bricklink_id', 'brickowl_id', 'bl_mold_id', 'element_id'];

export interface CatalogHit {
  kind: CatalogKind;
  row: CatalogRow;
}

/**
 * Names per search block: a block is scanned only when it holds every letter triple of the query
 * (every pair for a two-letter query), kept as hashed bits.
 */
const BLOCK = 256;
const GRAM_BITS = 8192;
const pairHash = (a: number, b: number) => (a * 31 + b) & (GRAM_BITS - 1);
const tripleHash = (a: number, b: number, c: number) =>
  (Math.imul(a * 961 + b * 31 + c, 0x9e3779b1) >>> 19) & (GRAM_BITS - 1);

/** The hashed letter pairs and triples of a name (or of a query). */
function grams(text: string, each: (h: number) => void, pairs: boolean, triples: boolean) {
  for (let k = 1; k < text.length; k++) {
    const b = text.charCodeAt(k - 1);
    const c = text.charCodeAt(k);
    if (pairs) each(pairHash(b, c));
    if (triples && k > 1) each(tripleHash(text.charCodeAt(k - 2), b, c));
  }
}

interface NameBlock {
  /** Lower-cased names of the block joined by '\n'. */
  text: string;
  /** Where each name starts in `text`. */
  starts: number[];
  /** The letter pairs and triples the block's names hold (hashed). */
  grams: Uint32Array;
}

class KindTable {
  readonly columns: readonly string[];
  readonly rows: Cell[][] = [];
  private byIdMap: Map<number, number> | null = null;
  private blocks: NameBlock[] | null = null;

  constructor(readonly kind: CatalogKind) {
    this.columns = CATALOG_COLUMNS[kind];
  }

  row(i: number): CatalogRow {
    const out: CatalogRow = {};
    const r = this.rows[i];
    this.columns.forEach((c, j) => (out[c] = r[j] ?? null));
    return out;
  }

  byId(id: number): CatalogRow | null {
    if (!this.byIdMap) {
      this.byIdMap = new Map();
      this.rows.forEach((r, i) => this.byIdMap!.set(r[0] as number, i));
    }
    const i = this.byIdMap.get(id);
    return i === undefined ? null : this.row(i);
  }

  private nameBlocks(nameAt: number): NameBlock[] {
    if (this.blocks) return this.blocks;
    const blocks: NameBlock[] = [];
    for (let first = 0; first < this.rows.length; first += BLOCK) {
      const names: string[] = [];
      const starts: number[] = [];
      const bits = new Uint32Array(GRAM_BITS / 32);
      const set = (h: number) => (bits[h >>> 5] |= 1 << (h & 31));
      let at = 0;
      for (let i = first; i < Math.min(first + BLOCK, this.rows.length); i++) {
        const name = String(this.rows[i][nameAt] ?? '').toLowerCase();
        grams(name, set, true, true);
        starts.push(at);
        names.push(name);
        at += name.length + 1;
      }
      blocks.push({ text: names.join('\n'), starts, grams: bits });
    }
    this.blocks = blocks;
    return blocks;
  }

  /**
   * Rows whose name holds `needle` (lower case) and that `keep` accepts, in catalog order, at
   * most `limit`.
   */
  search(needle: string, limit: number, keep?: (row: CatalogRow) => boolean): CatalogRow[] {
    const nameAt = this.columns.indexOf('name');
    if (nameAt < 0) return [];
    const wanted: number[] = [];
    grams(needle, (h) => wanted.push(h), needle.length === 2, needle.length > 2);
    const out: CatalogRow[] = [];
    const blocks = this.nameBlocks(nameAt);
    for (let b = 0; b < blocks.length && out.length < limit; b++) {
      const { text, starts, grams: bits } = blocks[b];
      if (!wanted.every((h) => bits[h >>> 5] & (1 << (h & 31)))) continue;
      let from = 0;
      while (out.length < limit) {
        const hit = text.indexOf(needle, from);
        if (hit < 0) break;
        const i = lastStartAtOrBefore(starts, hit);
        const row = this.row(b * BLOCK + i);
        if (!keep || keep(row)) out.push(row);
        from = starts[i + 1] ?? text.length;
      }
    }
    return out;
  }
}

function lastStartAtOrBefore(starts: number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The device's catalog in memory, built from the stored chunks: find by id, by another catalog's
 * number (BrickLink, Rebrickable, BrickOwl, element number) and by a piece of the name. A name
 * search scans only the blocks of names holding every letter triple of the query.
 */
export class CatalogIndex {
  private readonly tables = new Map<CatalogKind, KindTable>();
  private alternates: Map<string, { kind: CatalogKind; i: number }[]> | null = null;

  constructor(chunks: Iterable<CatalogChunk>) {
    const sorted = [...chunks].sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const chunk of sorted) {
      const table = this.table(chunk.kind);
      const at = chunk.columns.map((c) => table.columns.indexOf(c));
      const same = at.every((j, i) => j === i) && at.length === table.columns.length;
      for (const r of chunk.rows) {
        if (same) table.rows.push(r);
        else {
          const row: Cell[] = table.columns.map(() => null);
          at.forEach((j, i) => j >= 0 && (row[j] = r[i]));
          table.rows.push(row);
        }
      }
    }
  }

  private table(kind: CatalogKind): KindTable {
    let t = this.tables.get(kind);
    if (!t) this.tables.set(kind, (t = new KindTable(kind)));
    return t;
  }

  count(kind: CatalogKind): number {
    return this.tables.get(kind)?.rows.length ?? 0;
  }

  findItem(kind: CatalogKind, id: number): CatalogRow | null {
    return this.tables.get(kind)?.byId(id) ?? null;
  }

  /** Items whose BrickLink, Rebrickable, BrickOwl or element number is `code` (any case). */
  findByAlternateId(code: string): CatalogHit[] {
    if (!this.alternates) {
      const map = new Map<string, { kind: CatalogKind; i: number }[]>();
      for (const [kind, t] of this.tables) {
        const cols = ALTERNATE_IDS.map((c) => t.columns.indexOf(c)).filter((j) => j >= 0);
        t.rows.forEach((r, i) => {
          const seen = new Set<string>();
          for (const j of cols) {
            if (r[j] === null || r[j] === '') continue;
            const key = String(r[j]).toLowerCase();
            if (seen.has(key)) continue;
            seen.add(key);
            const hit = { kind, i };
            const list = map.get(key);
            if (list) list.push(hit);
            else map.set(key, [hit]);
          }
        });
      }
      this.alternates = map;
    }
    return (this.alternates.get(code.trim().toLowerCase()) ?? []).map((h) => ({
      kind: h.kind,
      row: this.table(h.kind).row(h.i),
    }));
  }

  /**
   * Items whose name holds `text` (any case): moulds, parts, minifigs, sets, then colours. `keep`,
   * when given, leaves out rows it refuses (they do not count towards `limit`).
   */
  searchByName(
    text: string,
    limit = 20,
    kinds: CatalogKind[] = NAMED,
    keep?: (kind: CatalogKind, row: CatalogRow) => boolean,
  ): CatalogHit[] {
    const needle = text.trim().toLowerCase();
    if (!needle) return [];
    const out: CatalogHit[] = [];
    for (const kind of kinds) {
      const t = this.tables.get(kind);
      if (!t || out.length >= limit) continue;
      const keepRow = keep && ((row: CatalogRow) => keep(kind, row));
      for (const row of t.search(needle, limit - out.length, keepRow)) out.push({ kind, row });
    }
    return out;
  }
}
