import { sql, type Kysely } from 'kysely';
import { runNamed } from '../db/named-statements';
import type { Database } from '../db/schema';
import { visibleVersion } from './version';

export interface Tombstone {
  row_key: string;
  version: number;
}

/** What a pull reads first, in one statement (one snapshot). All 0 before the first synced write. */
export interface PullHead {
  /** The counter: the highest version taken. */
  latest: number;
  /** The visibility horizon (versionState's `visible`): the page reads up to it. */
  ceiling: number;
  /** The version up to which tombstones had been pruned when they were read. */
  pruned: number;
  /** The collection's tombstones with cursor < version <= ceiling, oldest first, at most `limit`. */
  tombstones: Tombstone[];
}

/**
 * The company's versions and the page's tombstones, read together: the tombstones stop at the
 * horizon of the same snapshot, and `pruned` says whether housekeeping had deleted any a cursor
 * still needs (it raises `pruned_version` in the transaction that deletes them).
 */
export async function pullHead(
  db: Kysely<Database>,
  scope: number,
  collection: string,
  cursor: number,
  limit: number,
): Promise<PullHead> {
  const { rows } = await runNamed<
    {
      version: number;
      visible: number;
      pruned_version: number;
      row_key: string | null;
      tombstone_version: number | null;
    },
    Database
  >(
    db,
    sql`with c as (
        select c.version, ${visibleVersion(db)} as visible, c.pruned_version
        from company_sync_versions c where c.company_id = ${scope}
      )
      select c.version, c.visible, c.pruned_version, t.row_key, t.version as tombstone_version
      from c left join sync_tombstones t on t.company_id = ${scope}
        and t.collection = ${collection} and t.version > ${cursor} and t.version <= c.visible
      order by t.version limit ${limit}`,
  );
  const first = rows[0];
  const tombstones: Tombstone[] = [];
  for (const r of rows) {
    if (r.row_key !== null)
      tombstones.push({ row_key: r.row_key, version: Number(r.tombstone_version) });
  }
  return {
    latest: Number(first?.version ?? 0),
    ceiling: Number(first?.visible ?? 0),
    pruned: Number(first?.pruned_version ?? 0),
    tombstones,
  };
}
