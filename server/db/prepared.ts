import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import { namedStatement } from './named-statements';

/** Stands for a value given at run time: `$('quantity')` in a `prepared` query. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a placeholder fits any value slot
export type Placeholder = (name: string) => any;

interface Plan {
  sql: string;
  /** For each parameter: the name of a value given at run time, or a fixed value. */
  parameters: ({ name: string } | { value: unknown })[];
}

const MARK = '\u0000prepared:';

/**
 * A query built with Kysely once and then run many times with other values. Building and
 * compiling a Kysely query costs more than SQLite takes to run a short statement, and the hot
 * paths (a pushed pick, the sync bookkeeping) run thousands of them a second.
 *
 * `build` gets the database and `$`: `$('name')` stands for the value `values.name` of each call.
 * Use `$` only where Kysely sends a value as a parameter (a compared or set value, `sql` template
 * values); never for something that shapes the SQL (a list of varying length for `in`, a column).
 * The SQL is compiled once per dialect; on PostgreSQL it runs as a named statement, parsed once
 * per connection (named-statements.ts).
 */
export function prepared<DB, Row, Values extends Record<string, unknown>>(
  build: (db: Kysely<DB>, $: Placeholder) => Compilable<Row>,
): (db: Kysely<DB>, values: Values) => Promise<QueryResult<Row>> {
  const plans = new Map<unknown, Plan>();
  return (db, values) => {
    const dialect = db.getExecutor().adapter.constructor;
    let plan = plans.get(dialect);
    if (!plan) {
      const query = build(db, (name) => `${MARK}${name}`).compile();
      plan = {
        sql: namedStatement(query.sql),
        parameters: query.parameters.map((p) =>
          typeof p === 'string' && p.startsWith(MARK)
            ? { name: p.slice(MARK.length) }
            : { value: p },
        ),
      };
      plans.set(dialect, plan);
    }
    const parameters = plan.parameters.map((p) => {
      if (!('name' in p)) return p.value;
      if (!(p.name in values)) throw new Error(`prepared query: no value for ${p.name}`);
      return values[p.name];
    });
    return db.executeQuery(CompiledQuery.raw(plan.sql, parameters)) as Promise<QueryResult<Row>>;
  };
}
