import { createPostgresDb, type PostgresDb } from '../support/postgres-db';

const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A new, empty PostgreSQL database for one bench (named `bw_bench_<prefix>_<random>`), with the
 * way to drop it; null when no PostgreSQL answers at TEST_DATABASE_URL.
 */
export async function freshPostgres(prefix: string): Promise<PostgresDb | null> {
  return createPostgresDb(PG_BASE, `bw_bench_${prefix}`, 3000).catch(() => null);
}
