import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { namedStatement } from '../db/named-statements';
import { sidePoolOf } from '../db/side-pool';
import type { Database } from '../db/schema';
import { takeVersions, WRITERS_LOCK } from './version';

/**
 * How a push's transaction gets its versions.
 *
 * On PostgreSQL a push does not hold the company's counter while it works. It takes its versions
 * in a statement of its own on a side connection, which commits at once: the counter goes up and
 * a row in `sync_versions_in_flight` records the versions together with the push's transaction id
 * (`pg_current_xact_id()`). Concurrent pushes of one company therefore wait on each other only
 * for that statement, and otherwise only where they change the same rows: every push mutation
 * guards its writes in SQL (PostgreSQL re-checks a guard after waiting for a row) or locks the
 * row it reads before it writes (finishing an order, the last tray of a batch filled). Two pushes
 * that lock rows in opposite orders may deadlock; PostgreSQL fails one statement, and that
 * mutation is undone to its savepoint and tried again (push-chunk.ts). Other writers of the company
 * (desk routes through nextVersion) do not run beside pushes: see WRITERS_LOCK.
 *
 * A pull must then not read up to the counter: a push that took version 7 may still be running
 * while one that took 8 has committed, and a device that pulled 8 would never see 7. A pull reads
 * up to the visibility horizon instead (see versionState): one below the lowest version whose
 * transaction PostgreSQL still reports as in progress, or the counter when there is none. The
 * counter and the in-flight rows are read in one statement, so they come from one snapshot; a
 * transaction that commits after that statement has versions above the horizon and is read by a
 * later pull. A transaction that rolls back or whose server dies is no longer in progress, and its
 * versions are gaps, which pulls do not mind. Each allocation clears the company's rows of
 * transactions that have ended, so the table holds about one row per push in flight.
 *
 * Without a side pool (SQLite, where one writer runs at a time, or a database opened without
 * one) the push takes its versions inside its transaction, which on PostgreSQL holds the counter
 * row until it commits: versions are then handed out in commit order.
 */
export async function reservePushVersions(
  db: Kysely<Database>,
  trx: Transaction<Database>,
  companyId: number,
  count: number,
  /**
   * The push's transaction id when it has already joined the company's pushes (recordDeviceSeqs
   * does so in the statement that records the devices); else it joins them here.
   */
  xid?: string,
): Promise<number> {
  const side = sidePoolOf(db);
  if (!side) return takeVersions(trx, companyId, count);
  xid ??= (
    await trx.executeQuery<{ xid: string }>(
      CompiledQuery.raw(JOIN_PUSHES, [WRITERS_LOCK, companyId]),
    )
  ).rows[0].xid;
  const { rows } = await side.query<{ version_high: string }>(ALLOCATE, [companyId, count, xid]);
  return Number(rows[0].version_high);
}

/**
 * The push's transaction id, and the company's writers lock held shared (see WRITERS_LOCK);
 * parameters $1 WRITERS_LOCK, $2 the company.
 */
export const JOIN_PUSHES = namedStatement(`select pg_current_xact_id()::text as xid,
  pg_advisory_xact_lock_shared($1, $2) is null as locked`);

const ALLOCATE = namedStatement(`with bumped as (
    insert into company_sync_versions (company_id, version) values ($1, $2)
    on conflict (company_id) do update set version = company_sync_versions.version + $2
    returning version
  ), cleared as (
    delete from sync_versions_in_flight
    where company_id = $1 and pg_xact_status(xid) is distinct from 'in progress'
  )
  insert into sync_versions_in_flight (company_id, version_low, version_high, xid)
  select $1, version - $2 + 1, version, $3::xid8 from bumped
  returning version_high`);
