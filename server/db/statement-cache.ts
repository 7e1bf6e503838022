import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** How many distinct SQL texts keep their prepared statement (least recently used go first). */
const MAX_STATEMENTS = 1000;

/**
 * better-sqlite3 as Kysely's SqliteDialect sees it, with prepared statements reused: Kysely
 * prepares every query it runs, and preparing costs more than running the short statements of a
 * pick. A statement still being iterated (a streamed select) is busy, so a second user of the
 * same SQL gets a fresh one.
 */
export function withStatementCache(db: SQLite.Database, max = MAX_STATEMENTS): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => db.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const stmt = db.prepare(sql);
      if (!cached) {
        cache.set(sql, stmt);
        if (cache.size > max) cache.delete(cache.keys().next().value!);
      }
      return stmt;
    },
  };
}
