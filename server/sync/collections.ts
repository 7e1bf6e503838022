import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { RoleName } from '../../contract/permissions';
import type { Database } from '../db/schema';
import { namedRegistry } from './registry';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each collection selects its own table
export type AnySelect = SelectQueryBuilder<any, any, Record<string, unknown>>;

/** A set of rows devices pull with GET /api/v1/sync/pull?collection=name. */
export interface CollectionDef {
  /** The name the client pulls, e.g. `orders` (see src/offline/collections.ts). */
  name: string;
  /** The caller needs at least one of these roles (403 otherwise); empty admits every user. */
  roles: readonly RoleName[];
  /** The table holding the rows; it has an integer `version` column set by nextVersion. */
  table: string;
  /** The primary key column; tombstones carry its values. */
  key: string;
  /** How tombstone keys are sent back: numbers (default) or strings. */
  keyType?: 'number' | 'string';
  /**
   * Rows every company sees (reference data): their versions and tombstones use SHARED_SCOPE
   * instead of the caller's company.
   */
  shared?: boolean;
  /**
   * The rows of the caller's company, with the columns the device stores (must include
   * `<table>.version`; the engine adds the cursor filter, order and limit). Default: every column
   * of `table` where `company_id` is the caller's company.
   */
  select?: (db: Kysely<Database>, companyId: number) => AnySelect;
}

export function defineCollection(def: CollectionDef): CollectionDef {
  return def;
}

const registry = namedRegistry<CollectionDef>('collection');

/** Makes collections pullable. Same definition again is a no-op; a taken name throws. */
export function registerCollection(...defs: CollectionDef[]): void {
  registry.add(defs);
}

export function findCollection(name: string): CollectionDef | undefined {
  return registry.find(name);
}
