// `npm run backup [-- <folder>]`: a copy of what an installation cannot lose, taken while the
// server runs. The database: SQLite through SQLite's online backup (a consistent snapshot while
// the server keeps writing), PostgreSQL through `pg_dump -Fc`. And from DATA_DIR: secrets.json
// (the keys sessions and marketplace credentials depend on), tls/ (the server's own certificate
// authority, which the devices trust) and mail/ (mails written without SMTP_URL). Reads the same
// DATA_DIR and DATABASE_URL as the server; restoring is described in docs/deploy.md.
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface BackupOptions {
  dataDir: string;
  /** `postgres://…`: the database is dumped with pg_dump; otherwise DATA_DIR's SQLite file. */
  databaseUrl?: string;
  /** A folder that does not exist yet or is empty. */
  target: string;
}

export interface BackupResult {
  target: string;
  /** What was written, relative to the target. */
  written: string[];
}

/** What DATA_DIR holds besides the SQLite database that a restore needs. */
export const DATA_DIR_KEEP = ['secrets.json', 'tls', 'mail'];

/** The SQLite database's file in DATA_DIR (as server/db opens it). */
export const SQLITE_FILE = 'warehouse.sqlite';

/** The dump's name in a backup of a PostgreSQL installation (`pg_restore` reads it). */
export const PG_DUMP_FILE = 'database.pgdump';

/**
 * SQLite's online backup copies the pages in steps; when another connection (the running server)
 * writes between two steps, the copy starts over, so under steady picking a step-wise copy might
 * never end. Everything in one step instead: one read snapshot, which in WAL mode does not hold
 * up the server's writes.
 */
const ALL_PAGES = 0x7fffffff;

async function backupSqlite(source: string, target: string): Promise<void> {
  const db = new Database(source, { fileMustExist: true });
  try {
    await db.backup(target, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  const copy = new Database(target, { readonly: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok')
      throw new Error(`the copy of ${source} fails its integrity check: ${check}`);
  } finally {
    copy.close();
  }
}

function dumpPostgres(databaseUrl: string, target: string): void {
  const r = spawnSync('pg_dump', ['-Fc', '--no-owner', '-f', target, '-d', databaseUrl], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new Error("pg_dump is missing: install PostgreSQL's client (Debian: postgresql-client)");
  if (r.status !== 0) throw new Error(`pg_dump failed: ${r.stderr.toString().trim()}`);
}

export async function backup(options: BackupOptions): Promise<BackupResult> {
  const target = resolve(options.target);
  // The same database file the server opens: DATABASE_URL=sqlite:<file>, else DATA_DIR's.
  const sqlite = options.databaseUrl?.startsWith('sqlite:')
    ? resolve(options.databaseUrl.slice('sqlite:'.length))
    : join(options.dataDir, SQLITE_FILE);
  const postgres = options.databaseUrl?.startsWith('postgres');
  if (!postgres && !existsSync(sqlite))
    throw new Error(`no database at ${sqlite}: run with the server's DATA_DIR and DATABASE_URL`);
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new Error(`${target} is not empty: give a new folder`);
  mkdirSync(target, { recursive: true, mode: 0o700 });
  const written: string[] = [];
  if (postgres) {
    dumpPostgres(options.databaseUrl!, join(target, PG_DUMP_FILE));
    written.push(PG_DUMP_FILE);
  } else {
    await backupSqlite(sqlite, join(target, SQLITE_FILE));
    written.push(SQLITE_FILE);
  }
  for (const name of DATA_DIR_KEEP) {
    const from = join(options.dataDir, name);
    if (!existsSync(from)) continue;
    cpSync(from, join(target, name), { recursive: true, preserveTimestamps: true });
    written.push(name);
  }
  return { target, written };
}

// `npx tsx scripts/backup.ts [folder]` (npm run backup).
if (process.argv[1]?.endsWith('backup.ts')) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = process.argv[2] ?? join('backups', `brick-warehouse-${stamp}`);
  try {
    const result = await backup({
      dataDir: resolve(process.env.DATA_DIR ?? './data'),
      databaseUrl: process.env.DATABASE_URL || undefined,
      target,
    });
    console.log(`Backup written to ${result.target}: ${result.written.join(', ')}`);
  } catch (err) {
    console.error(`Backup failed: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}
