import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m001 from './migrations/001_core';
import * as m002 from './migrations/002_domain_catalog';
import * as m003 from './migrations/003_domain_warehouse';
import * as m004 from './migrations/004_domain_orders';
import * as m010 from './migrations/010_sync';
import * as m011 from './migrations/011_auth_security';
import * as m012 from './migrations/012_sync_housekeeping';

/** Migrations are imported statically so they run the same under tsx, vitest and a build. */
const migrations: Record<string, Migration> = {
  '001_core': m001,
  '002_domain_catalog': m002,
  '003_domain_warehouse': m003,
  '004_domain_orders': m004,
  '010_sync': m010,
  '011_auth_security': m011,
  '012_sync_housekeeping': m012,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // Parallel work adds migrations with lower numbers than ones a dev database already ran.
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Migrates up or down to `name` (NO_MIGRATIONS from kysely undoes everything); used by tests. */
export async function migrateTo(
  db: Kysely<unknown>,
  name: Parameters<Migrator['migrateTo']>[0],
): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider() });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
