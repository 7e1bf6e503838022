import { CompiledQuery, type Kysely } from 'kysely';
import { isPostgres } from '../db/dialect';
import { namedStatement } from '../db/named-statements';
import type { Database } from '../db/schema';
import { prunedVersion } from './version';

export interface Tombstone {
  row_key: string;
  version: number;
}

/**
 * A collection's tombstones with cursor < version <= ceiling, oldest first, at most `limit`, and
 * the version up to which tombstones had been pruned when they were read: housekeeping raises
 * `pruned_version` in the transaction that deletes them, so a cursor below it may have missed a
 * deletion. On PostgreSQL both come from one statement (one snapshot); elsewhere the pruned
 * version is read after the tombstones, which is as safe (pruning only moves it up).
 */
export async function tombstonesAfter(
  db: Kysely<Database>,
  scope: number,
  collection: string,
  cursor: number,
  ceiling: number,
  limit: number,
): Promise<{ tombstones: Tombstone[]; pruned: number }> {
  if (isPostgres(db)) {
    const { rows } = await db.executeQuery<Tombstone & { pruned_version: number }>(
      CompiledQuery.raw(TOMBSTONES_AND_PRUNED, [scope, collection, cursor, ceiling, limit]),
    );
    if (rows.length === 0) return { tombstones: [], pruned: 0 };
    const tombstones = rows.filter((r) => r.row_key !== null);
    return { tombstones, pruned: Number(rows[0].pruned_version) };
  }
  const tombstones = await db
    .selectFrom('sync_tombstones')
    .select(['row_key', 'version'])
    .where('company_id', '=', scope)
    .where('collection', '=', collection)
    .where('version', '>', cursor)
    .where('version', '<=', ceiling)
    .orderBy('version')
    .limit(limit)
    .execute();
  return { tombstones, pruned: await prunedVersion(db, scope) };
}

/** The counter's row always answers (a row with null tombstone columns when there are none). */
const TOMBSTONES_AND_PRUNED = namedStatement(`select c.pruned_version, t.row_key, t.version
  from company_sync_versions c
  left join lateral (
    select row_key, version from sync_tombstones
    where company_id = $1 and collection = $2 and version > $3 and version <= $4
    order by version limit $5
  ) t on true
  where c.company_id = $1
  order by t.version`);
