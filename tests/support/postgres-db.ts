import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A PostgreSQL database made for one test or bench run. */
export interface PostgresDb {
  url: string;
  /** Drops the database once the connections to it have gone. */
  drop(): Promise<void>;
}

/**
 * A new, empty database named `<prefix>_<random>` on the PostgreSQL server at `base` (a
 * connection URL); throws when the server cannot be reached within `timeoutMs`.
 */
export async function createPostgresDb(
  base: string,
  prefix: string,
  timeoutMs?: number,
): Promise<PostgresDb> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: timeoutMs });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropPostgresDb(base, name),
  };
}

/**
 * Drops database `name` on the server at `base` once the connections to it have gone: a pool's
 * end() resolves before its sockets close, and a FORCE drop would then kill them and surface as an
 * uncaught 57P01 error.
 */
export async function dropPostgresDb(base: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    for (let i = 0; i < 50; i++) {
      const { rows } = await c.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}
