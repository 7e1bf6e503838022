import type { Kysely } from 'kysely';
import { CatalogMessages, PART_RELATIONS, type PartRelation } from '../../../contract/catalog';
import type { Database } from '../../db/schema';
import type { AppError } from '../../errors';
import { isPartRelation, type RelationEnds } from './rules';

type Db = Kysely<Database>;

/**
 * Relations whose direction means "is part of / derives from": a circle of them is nonsense
 * (A a sub-part of B, B a sub-part of A). Pair and alternate are mutual, so only a self-link is
 * refused for them.
 */
const DIRECTED: readonly PartRelation[] = ['subpart', 'print', 'mold', 'pattern'];
/** How far the circle search looks (items reached); the catalog's trees are far smaller. */
const SEARCH_MAX = 20_000;

/**
 * Refuses a relation of an item to itself, and one that would close a circle: `to` already leads
 * back to `from` through relations of the same kind (a set inside a set inside the first set).
 * `refuse` makes the error (400 when suggested, 409 when accepted).
 */
export async function mustNotLoop(
  db: Db,
  ends: RelationEnds,
  refuse: (message: string) => AppError,
): Promise<void> {
  const a = ends.from;
  const b = ends.to;
  if (a.type === b.type && a.id === b.id) throw refuse(CatalogMessages.relationToItself);
  const edges = directedEdges(db, ends.relation);
  if (!edges) return;
  // Adding a → b closes a circle when b already reaches a.
  const seen = new Set<number>([b.id]);
  let frontier = [b.id];
  while (frontier.length && seen.size < SEARCH_MAX) {
    const next: number[] = [];
    for (let i = 0; i < frontier.length; i += 1_000)
      next.push(...(await edges(frontier.slice(i, i + 1_000))));
    frontier = [];
    for (const id of next) {
      if (id === a.id) throw refuse(CatalogMessages.relationCycle(ends.relation));
      if (!seen.has(id)) {
        seen.add(id);
        frontier.push(id);
      }
    }
  }
}

/** The children of `ids` along one kind of directed relation between items of the same type. */
function directedEdges(db: Db, relation: RelationEnds['relation']) {
  if (isPartRelation(relation)) {
    if (!DIRECTED.includes(relation)) return null;
    return async (ids: number[]) =>
      (
        await db
          .selectFrom('part_relations')
          .select('child_part_id as id')
          .where('rel_type', '=', PART_RELATIONS[relation])
          .where('parent_part_id', 'in', ids)
          .execute()
      ).map((r) => Number(r.id));
  }
  if (relation !== 'set_in_set') return null;
  return async (ids: number[]) =>
    (
      await db
        .selectFrom('set_in_set')
        .select('child_set_id as id')
        .where('parent_set_id', 'in', ids)
        .execute()
    ).map((r) => Number(r.id));
}
