import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * sync_versions_in_flight (PostgreSQL only): the versions a push has taken and not yet committed.
 * A push takes its versions in a statement of their own, which commits at once and adds a row here
 * naming the push's transaction, so the push holds no company-wide lock while it works; a pull
 * reads up to the lowest version whose transaction is still in progress (server/sync/version.ts).
 * SQLite runs one writer at a time and needs no such table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create table sync_versions_in_flight (
    company_id integer not null,
    version_low bigint not null,
    version_high bigint not null,
    xid xid8 not null,
    primary key (company_id, version_low)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop table sync_versions_in_flight`.execute(db);
}
