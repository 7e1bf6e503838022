import pg from 'pg';
import { buildTemplates } from './database-templates';

/**
 * Decides once whether the PostgreSQL suite runs. It runs whenever a server answers at
 * TEST_DATABASE_URL (default: the local one); with REQUIRE_POSTGRES=1 (CI) a missing server fails.
 * Then makes the migrated template databases the test servers start from (database-templates.ts).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    process.env.TEST_POSTGRES_URL = url;
  } catch (err) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error(
        `PostgreSQL is required (REQUIRE_POSTGRES=1) but ${url} did not answer: ${String(err)}`,
        { cause: err },
      );
    }
    process.env.TEST_POSTGRES_URL = '';
    console.warn(
      `\n*** PostgreSQL at ${url} is not reachable: the PostgreSQL server tests are SKIPPED ***\n`,
    );
  } finally {
    await client.end().catch(() => {});
  }
  return buildTemplates(process.env.TEST_POSTGRES_URL || undefined);
}
