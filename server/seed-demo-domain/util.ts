import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import { nextVersion } from '../sync/version';

export type Trx = Kysely<Database>;

/** A stable UUID (v5 layout) from a name, so every seeded database has the same catalog uuids. */
export function stableUuid(name: string): string {
  const h = createHash('sha1').update(`brick-warehouse-demo:${name}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A small seeded pseudo-random generator (mulberry32): the same demo data on every run. */
export function prng(seed: number): { next(): number; int(min: number, max: number): number } {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

export function isoAgo(now: number, minutes: number): string {
  return new Date(now - minutes * 60_000).toISOString();
}

const CHUNK = 400;

/**
 * Inserts rows in chunks. When `scope` is given (a company id, or 0 for the shared catalog), every
 * chunk takes its own sync version, so devices pull the rows in pages of at most one chunk.
 */
export async function insertRows<T extends keyof Database & string>(
  trx: Trx,
  table: T,
  rows: Record<string, unknown>[],
  scope?: number,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    let chunk = rows.slice(i, i + CHUNK);
    if (scope !== undefined) {
      const version = await nextVersion(trx, scope);
      chunk = chunk.map((r) => ({ ...r, version }));
    }
    await trx
      .insertInto(table)
      .values(chunk as never)
      .execute();
  }
}

/** After inserting explicit ids, PostgreSQL's serial sequences must move past them. */
export async function syncSequences(trx: Trx, tables: string[]): Promise<void> {
  if (!isPostgres(trx as Kysely<unknown>)) return;
  for (const t of tables) {
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), coalesce((select max(id) from ${sql.table(t)}), 0) + 1, false)`.execute(
      trx,
    );
  }
}
