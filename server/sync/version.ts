import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../db/dialect';
import { runNamed } from '../db/named-statements';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';

/**
 * The advisory lock (with the company id) that orders a company's pushes against its other
 * writers: a push holds it shared, so pushes run side by side; nextVersion takes it exclusively,
 * so a desk write (which may read rows and then write what it read) never runs beside a push, as
 * before (the push side is in push-versions.ts).
 */
export const WRITERS_LOCK = 7_315_001;

/** The scope of rows every company pulls (shared reference data such as the catalog). */
export const SHARED_SCOPE = 0;

/**
 * The next sync version of a company (or SHARED_SCOPE): one atomic upsert, so two writers never
 * get the same number on PostgreSQL or SQLite. Every write to a synced row sets
 * `version = await nextVersion(trx, companyId)` (one value may stamp all rows of a transaction).
 *
 * Call it with the transaction that makes the write. On PostgreSQL the upsert locks the company's
 * counter row until that transaction ends, so the versions it hands out follow commit order (a
 * pull reads up to the counter only where no push has versions in flight, see versionState). On
 * SQLite writers are serialised anyway. The lock is per company, so keep the work after it short.
 * On PostgreSQL it first waits for the company's pushes in flight and keeps new ones out until
 * the transaction ends (WRITERS_LOCK); pushes themselves take versions without the counter's lock
 * (push-versions.ts).
 */
export async function nextVersion(trx: Kysely<Database>, companyId: number): Promise<number> {
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(${WRITERS_LOCK}, ${companyId})`.execute(trx);
  }
  return takeVersions(trx, companyId, 1);
}

/**
 * Raises the company's counter by `count` in the caller's transaction (on PostgreSQL locking its
 * row until that transaction ends) and returns the last version taken.
 */
export async function takeVersions(
  trx: Kysely<Database>,
  companyId: number,
  count: number,
): Promise<number> {
  const { rows } = await upsertCounter(trx, { companyId, count });
  return Number(rows[0].version);
}

const upsertCounter = prepared<Database, { version: number }, { companyId: number; count: number }>(
  (db, $) =>
    db
      .insertInto('company_sync_versions')
      .values({ company_id: $('companyId'), version: $('count') })
      .onConflict((oc) =>
        oc
          .column('company_id')
          .doUpdateSet({ version: sql<number>`company_sync_versions.version + ${$('count')}` }),
      )
      .returning('version'),
);

/**
 * The company's versions as a pull needs them: `version`, the counter (the highest version taken);
 * `visible`, the highest version up to which every transaction that took one has ended, so a pull
 * reads up to it and never skips a version committed later (on PostgreSQL pushes take versions
 * without holding the counter, see push-versions.ts; elsewhere it is the counter); `pruned`, the
 * version up to which tombstones may have been pruned. All 0 before the first synced write.
 */
export async function versionState(
  db: Kysely<Database>,
  companyId: number,
): Promise<{ version: number; visible: number; pruned: number }> {
  const { rows } = await runNamed<
    { version: number; visible: number; pruned_version: number },
    Database
  >(
    db,
    sql`select c.version, ${visibleVersion(db)} as visible, c.pruned_version
      from company_sync_versions c where c.company_id = ${companyId}`,
  );
  const row = rows[0];
  return {
    version: Number(row?.version ?? 0),
    visible: Number(row?.visible ?? 0),
    pruned: Number(row?.pruned_version ?? 0),
  };
}

/**
 * `visible` of versionState as SQL over `c`, the company's row of company_sync_versions: on
 * PostgreSQL one below the lowest version still held by a transaction in progress (the counter
 * when there is none), read in the same statement as the counter (one snapshot).
 */
export function visibleVersion(db: Kysely<Database>): RawBuilder<number> {
  if (!isPostgres(db)) return sql<number>`c.version`;
  return sql<number>`least(c.version, coalesce((select min(f.version_low) - 1
    from sync_versions_in_flight f
    where f.company_id = c.company_id and pg_xact_status(f.xid) = 'in progress'), c.version))`;
}

/** The version up to which the company's tombstones may have been pruned (0: none). */
export async function prunedVersion(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('company_sync_versions')
    .select('pruned_version')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(row?.pruned_version ?? 0);
}

/** The company's current version without taking one (0 before its first synced write). */
export async function currentVersion(db: Kysely<Database>, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('company_sync_versions')
    .select('version')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/**
 * Records that a synced row was deleted, so devices that pulled it delete it too. Call it in the
 * transaction that deletes the row, with the version that transaction took (a mutation's
 * `ctx.version()`), or without one to take the next. Returns the tombstone's version.
 */
export async function recordTombstone(
  trx: Kysely<Database>,
  companyId: number,
  collection: string,
  rowKey: string | number,
  version?: number,
): Promise<number> {
  version ??= await nextVersion(trx, companyId);
  await trx
    .insertInto('sync_tombstones')
    .values({
      company_id: companyId,
      collection,
      row_key: String(rowKey),
      version,
      created_at: new Date().toISOString(),
    })
    .execute();
  return version;
}

/** Tombstones in one insert: 500 rows of 5 values stay far below SQLite's parameter limit. */
const TOMBSTONES_PER_INSERT = 500;

/**
 * recordTombstone for many rows of one collection deleted in one transaction (a subtree, a
 * batch's trays), all with `version`, in inserts of TOMBSTONES_PER_INSERT rows. Like every
 * tombstone they carry the time they were written: housekeeping keeps them for the retention
 * period from then (a tombstone without one would go at its next run).
 */
export async function recordTombstones(
  trx: Kysely<Database>,
  companyId: number,
  collection: string,
  rowKeys: (string | number)[],
  version: number,
): Promise<void> {
  const created_at = new Date().toISOString();
  for (let i = 0; i < rowKeys.length; i += TOMBSTONES_PER_INSERT) {
    await trx
      .insertInto('sync_tombstones')
      .values(
        rowKeys.slice(i, i + TOMBSTONES_PER_INSERT).map((key) => ({
          company_id: companyId,
          collection,
          row_key: String(key),
          version,
          created_at,
        })),
      )
      .execute();
  }
}

/** Synced company tables whose rows are keyed by `id`. */
type RestampTable = 'orders' | 'order_items' | 'location_content' | 'trays';

/**
 * Gives rows a new version without changing them, so devices pull them again (see
 * MutationDef.restamp). Ids of another company are ignored.
 */
export async function restampRows(
  trx: Kysely<Database>,
  table: RestampTable,
  companyId: number,
  ids: readonly number[],
  version: number,
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable(table)
    .set({ version })
    .where('company_id', '=', companyId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Re-stamps the stock row of an item at a location, if there is one (see restampRows). */
export async function restampStock(
  trx: Kysely<Database>,
  companyId: number,
  locationId: number,
  itemId: number | null | undefined,
  version: number,
): Promise<void> {
  if (itemId === null || itemId === undefined) return;
  await trx
    .updateTable('location_content')
    .set({ version })
    .where('company_id', '=', companyId)
    .where('location_id', '=', locationId)
    .where('item_id', '=', itemId)
    .execute();
}
