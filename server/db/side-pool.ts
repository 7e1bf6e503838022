import type pg from 'pg';

/**
 * A few PostgreSQL connections beside the main pool, for statements that must commit on their own
 * while the caller's transaction is still open (the sync push takes its versions this way). Kept
 * apart from the main pool so that transactions waiting for one never hold every connection the
 * statement needs.
 */
const sidePools = new WeakMap<object, pg.Pool>();

export function attachSidePool(db: object, pool: pg.Pool): void {
  sidePools.set(db, pool);
}

/** The side pool of a database opened by openDatabase on PostgreSQL; undefined on SQLite. */
export function sidePoolOf(db: object): pg.Pool | undefined {
  return sidePools.get(db);
}

/** Connections in the side pool: its statements are one short write each. */
export const SIDE_POOL_SIZE = 4;
