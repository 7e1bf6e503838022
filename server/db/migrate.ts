import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m001 from './migrations/001_core';
import * as m002 from './migrations/002_domain_catalog';
import * as m003 from './migrations/003_domain_warehouse';
import * as m004 from './migrations/004_domain_orders';
import * as m010 from './migrations/010_sync';
import * as m011 from './migrations/011_auth_security';
import * as m012 from './migrations/012_sync_housekeeping';
import * as m013 from './migrations/013_device_pending';
import * as m015 from './migrations/015_catalog_browse';
import * as m022 from './migrations/022_jobs';
import * as m023 from './migrations/023_store_sync';
import * as m024 from './migrations/024_mould_links';
import * as m025 from './migrations/025_brickowl_catalog';
import * as m026 from './migrations/026_job_queue';
import * as m027 from './migrations/027_bsx_lot_fields';
import * as m028 from './migrations/028_audit_detail';
import * as m029 from './migrations/029_store_held_back';
import * as m030 from './migrations/030_price_guide';
import * as m031 from './migrations/031_tray_claim_lease';
import * as m032 from './migrations/032_sync_versions_in_flight';
import * as m033 from './migrations/033_order_totals';
import * as m034 from './migrations/034_store_lot_fields';
import * as m035 from './migrations/035_lots_off_warehouse';
import * as m036 from './migrations/036_store_currency';
import * as m037 from './migrations/037_unknown_lot_fields';

/** Migrations are imported statically so they run the same under tsx, vitest and a build. */
const migrations: Record<string, Migration> = {
  '001_core': m001,
  '002_domain_catalog': m002,
  '003_domain_warehouse': m003,
  '004_domain_orders': m004,
  '010_sync': m010,
  '011_auth_security': m011,
  '012_sync_housekeeping': m012,
  '013_device_pending': m013,
  '015_catalog_browse': m015,
  '022_jobs': m022,
  '023_store_sync': m023,
  '024_mould_links': m024,
  '025_brickowl_catalog': m025,
  '026_job_queue': m026,
  '027_bsx_lot_fields': m027,
  '028_audit_detail': m028,
  '029_store_held_back': m029,
  '030_price_guide': m030,
  '031_tray_claim_lease': m031,
  '032_sync_versions_in_flight': m032,
  '033_order_totals': m033,
  '034_store_lot_fields': m034,
  '035_lots_off_warehouse': m035,
  '036_store_currency': m036,
  '037_unknown_lot_fields': m037,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** Thrown when the database ran a migration that sorts after one it has not run. */
export class UnorderedMigrationsError extends Error {
  constructor(
    readonly missing: string[],
    readonly lastExecuted: string,
  ) {
    super(
      `Refusing to migrate: the database already ran ${lastExecuted}, but ${missing.join(', ')} ` +
        'sorts before it and has not run. A migration is only ever added after the last one ' +
        'released; run this database with the version that made it, or restore it from a backup.',
    );
    this.name = 'UnorderedMigrationsError';
  }
}

export interface MigrateOptions {
  /**
   * Run migrations that sort before one the database already ran (Kysely's
   * `allowUnorderedMigrations`). Off everywhere the product runs: a migration written for an older
   * schema would run on a newer one. Only a test that builds such a state on purpose turns it on.
   */
  allowUnordered?: boolean;
}

/**
 * Runs every pending migration: on PostgreSQL all in one transaction (its DDL rolls back, so a
 * failed upgrade leaves the database as it was); on SQLite one after the other, without one
 * (Kysely's SQLite adapter does not run DDL in transactions). Refuses (UnorderedMigrationsError,
 * nothing run) when a pending migration sorts before the last one the database ran.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  opts: MigrateOptions = {},
): Promise<string[]> {
  const allowUnordered = opts.allowUnordered ?? false;
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(),
    allowUnorderedMigrations: allowUnordered,
  });
  if (!allowUnordered) {
    const known = await migrator.getMigrations();
    const executed = known.filter((m) => m.executedAt !== undefined).map((m) => m.name);
    const lastExecuted = executed.sort().at(-1);
    const missing = known
      .filter(
        (m) => m.executedAt === undefined && lastExecuted !== undefined && m.name < lastExecuted,
      )
      .map((m) => m.name);
    if (lastExecuted !== undefined && missing.length > 0) {
      throw new UnorderedMigrationsError(missing, lastExecuted);
    }
  }
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
