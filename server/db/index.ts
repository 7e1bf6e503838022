import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { nameStatementsOf } from './named-statements';
import { attachSidePool, SIDE_POOL_SIZE } from './side-pool';
import { withStatementCache } from './statement-cache';

// PostgreSQL returns int8 (count, sum) as strings; both dialects must return numbers.
pg.types.setTypeParser(20, Number);
pg.types.setTypeParser(1700, Number);

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

/** Four connections per CPU core, at least 8 and at most 32 (see AppConfig.pgPoolSize). */
export function defaultPoolSize(): number {
  return Math.min(32, Math.max(8, availableParallelism() * 4));
}

export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL pool size (default: defaultPoolSize()). */
  pgPoolSize?: number;
  /** Told about connections the database dropped (for the log). */
  onConnectionError?: (err: Error) => void;
}): Db {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.pgPoolSize ?? defaultPoolSize(),
    });
    // A connection the database drops (restart, network blip) emits 'error'; unhandled, that
    // would end the process. The request that used it fails and is answered 503 (see
    // unavailable.ts); the pool opens a new connection for the next one.
    const onConnectionError = (err: Error) => opts.onConnectionError?.(err);
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    nameStatementsOf(pool);
    const side = new pg.Pool({ connectionString: opts.databaseUrl, max: SIDE_POOL_SIZE });
    side.on('error', onConnectionError);
    side.on('connect', (client) => client.on('error', onConnectionError));
    nameStatementsOf(side);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    attachSidePool(db, side);
    const destroy = async () => {
      await db.destroy();
      await side.end();
    };
    return { db, dialect: 'postgres', destroy };
  }
  const file = opts.databaseUrl?.startsWith('sqlite:')
    ? opts.databaseUrl.slice('sqlite:'.length)
    : join(opts.dataDir, 'warehouse.sqlite');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Savepoints (one per pushed mutation) journal in memory instead of a temporary file.
  sqlite.pragma('temp_store = MEMORY');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
