import type { Kysely, KyselyPlugin, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import type { Database } from '../db/schema';

/** Records every query a Kysely instance runs, to explain them afterwards. */
export function recorder() {
  const nodes: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }): Promise<QueryResult<UnknownRow>> => result,
  };
  return { nodes, plugin };
}

/** SQLite's plan of each recorded query, in order: its SQL and the plan's lines, one a line. */
export async function sqlitePlans(
  db: Kysely<Database>,
  nodes: RootOperationNode[],
): Promise<{ sql: string; details: string }[]> {
  const plans: { sql: string; details: string }[] = [];
  for (const node of nodes) {
    const q = db.getExecutor().compileQuery(node, { queryId: 'plan' });
    const plan = await db.executeQuery<{ detail: string }>({
      ...q,
      sql: `explain query plan ${q.sql}`,
    });
    plans.push({ sql: q.sql, details: plan.rows.map((r) => r.detail).join('\n') });
  }
  return plans;
}
