import { CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type pg from 'pg';

/**
 * Statements PostgreSQL keeps parsed and planned on each connection. Without a name, every query
 * is parsed and planned anew on the server each time it runs; the hot paths (a pushed pick, a
 * pull, the sync bookkeeping) run the same few statements thousands of times a second, and that
 * cost shows in the database's CPU beside the server's on one machine.
 *
 * Only statements registered here get a name: their texts are fixed by the code (built once by
 * `prepared`, or constants), so the set stays small and each connection keeps at most that many.
 * Queries whose text varies (an `in` list of varying length) stay unnamed.
 */
const names = new Map<string, string>();

/** Registers a fixed SQL text as a named statement (idempotent); returns the text. */
export function namedStatement(text: string): string {
  if (!names.has(text)) names.set(text, `s${names.size + 1}`);
  return text;
}

type Query = pg.PoolClient['query'];

/**
 * Makes a pool's connections run registered texts as named statements (the client parses each
 * once per connection; node-postgres remembers which it has parsed).
 */
export function nameStatementsOf(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
      const name = typeof text === 'string' ? names.get(text) : undefined;
      if (name === undefined || !Array.isArray(values) || values.length === 0) {
        return query(text, values, callback);
      }
      return query({ name, text, values }, callback);
    }) as Query;
  });
}

/**
 * Runs a `sql` query whose text is fixed by the code (only its values vary; never an `in` list of
 * varying length) as a named statement on PostgreSQL.
 */
export function runNamed<Row, DB>(db: Kysely<DB>, query: RawBuilder<unknown>) {
  const compiled = query.compile(db);
  return db.executeQuery<Row>(
    CompiledQuery.raw(namedStatement(compiled.sql), [...compiled.parameters]),
  );
}
