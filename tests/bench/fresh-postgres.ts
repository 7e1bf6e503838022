import { randomBytes } from 'node:crypto';
import pg from 'pg';

const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A new, empty PostgreSQL database for one bench (named `bw_bench_<prefix>_<random>`), with the
 * way to drop it; null when no PostgreSQL answers at TEST_DATABASE_URL.
 */
export async function freshPostgres(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 3000 });
  const name = `bw_bench_${prefix}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_BASE });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
