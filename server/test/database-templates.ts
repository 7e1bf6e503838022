import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../db';
import { migrateToLatest } from '../db/migrate';
import { dropPostgresDb } from '../../tests/support/postgres-db';

/**
 * Migrated, empty databases made once per test run (global-setup), copied for each test server
 * instead of running every migration again: PostgreSQL copies a template database
 * (CREATE DATABASE … TEMPLATE), SQLite a closed database file. Each copy is what the migrations
 * made; the server still runs its own start (pending migrations, permissions, demo data) on it.
 * The migration tests ask for an empty database and migrate it themselves.
 */

/** Where the templates are: set by global-setup for the test workers. */
const POSTGRES_TEMPLATE = 'TEST_POSTGRES_TEMPLATE';
const SQLITE_TEMPLATE = 'TEST_SQLITE_TEMPLATE';

async function withAdmin<T>(base: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

function urlOf(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function migrated(databaseUrl: string, dataDir: string): Promise<void> {
  const database = openDatabase({ databaseUrl, dataDir, pgPoolSize: 1 });
  try {
    await migrateToLatest(database.db as Kysely<unknown>);
  } finally {
    await database.destroy();
  }
}

/** Builds the templates and returns their removal (global-setup's teardown). */
export async function buildTemplates(
  postgresUrl: string | undefined,
): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'bw-template-'));
  const file = join(dir, 'warehouse.sqlite');
  await migrated(`sqlite:${file}`, dir);
  process.env[SQLITE_TEMPLATE] = file;

  let template: string | undefined;
  if (postgresUrl) {
    template = `bw_template_${randomBytes(6).toString('hex')}`;
    await withAdmin(postgresUrl, (c) => c.query(`CREATE DATABASE ${template}`));
    await migrated(urlOf(postgresUrl, template), dir);
    process.env[POSTGRES_TEMPLATE] = template;
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgresUrl && template)
      await withAdmin(postgresUrl, (c) =>
        c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`),
      );
  };
}

export interface TestDatabase {
  /** Its URL on the test server (TEST_POSTGRES_URL). */
  url: string;
  drop(): Promise<void>;
}

/**
 * A new PostgreSQL database named `<prefix>_<random>`: a copy of the migrated template, or empty
 * when `empty` is set (or no template was made). Commits do not wait for PostgreSQL's disk flush
 * (synchronous_commit off, on this database only): what a commit makes visible is the same, only
 * a crash of PostgreSQL itself could lose the last ones, and no test crashes PostgreSQL.
 */
export async function createPostgresDatabase(
  prefix: string,
  { empty = false }: { empty?: boolean } = {},
): Promise<TestDatabase> {
  const base = process.env.TEST_POSTGRES_URL;
  if (!base) throw new Error('PostgreSQL is not available (TEST_POSTGRES_URL is empty)');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = empty ? undefined : process.env[POSTGRES_TEMPLATE];
  await withAdmin(base, async (c) => {
    await c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await c.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  return {
    url: urlOf(base, name),
    drop: () => dropPostgresDb(base, name),
  };
}

/** Puts a copy of the migrated SQLite template in `dataDir` (where the server opens its database). */
export function copySqliteTemplate(dataDir: string): void {
  const template = process.env[SQLITE_TEMPLATE];
  if (template) copyFileSync(template, join(dataDir, 'warehouse.sqlite'));
}
