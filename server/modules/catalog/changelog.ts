import type { Expression, Kysely, SqlBool } from 'kysely';
import type { ChangeEntry } from '../../../contract/catalog-review';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';
import { findByUuid } from './rules';

type Db = Kysely<Database>;

/**
 * The catalog's changelog, newest first: every accepted suggestion and every controller run's
 * real change, with the actor's name as it was then and each field's old and new value. With a
 * uuid, that object's entries and those of the relations and inventory links it is an end of.
 */
export async function listChanges(
  db: Db,
  page: number,
  size: number,
  uuid?: string,
): Promise<{ count: number; results: ChangeEntry[] }> {
  let base = db.selectFrom('catalog_changes');
  if (uuid !== undefined) {
    const links = await linkUuids(db, uuid);
    base = base.where((eb) =>
      links.length === 0
        ? eb('model_uuid', '=', uuid)
        : eb.or([
            eb('model_uuid', '=', uuid),
            ...links.map((q) => eb('model_uuid', 'in', q) as Expression<SqlBool>),
          ]),
    );
  }
  const rows = await base
    .select(['id', 'model', 'model_uuid', 'action', 'actor_name', 'created_at', 'changes'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset(page * size)
    .execute();
  const count = await countRows(base);
  const parsed = rows.map((r) => ({ row: r, changes: parseChanges(r.changes) }));
  const named = new Set(rows.map((r) => r.model_uuid));
  for (const { changes } of parsed) for (const u of uuidsIn(changes)) named.add(u);
  const names = await namesOf(db, [...named]);
  return {
    count,
    results: parsed.map(({ row: r, changes }) => ({
      id: r.id,
      model: r.model,
      model_uuid: r.model_uuid,
      object_name: names.get(r.model_uuid) ?? null,
      action: r.action,
      actor: { name: r.actor_name },
      timestamp: r.created_at,
      changes,
      names: pick(names, uuidsIn(changes)),
    })),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The uuids among the changes' old and new values (a relation's ends). */
function uuidsIn(changes: ChangeEntry['changes']): string[] {
  return Object.values(changes)
    .flatMap((c) => [c.old, c.new])
    .filter((v): v is string => typeof v === 'string' && UUID.test(v));
}

/** The names of `uuids` found in `names`. */
export function pick(names: Map<string, string>, uuids: Iterable<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const u of uuids) {
    const name = names.get(u);
    if (name !== undefined) out[u] = name;
  }
  return out;
}

/** `field -> {old, new}`; anything else stored is shown as one `value` entry. */
function parseChanges(stored: string): ChangeEntry['changes'] {
  try {
    const v = JSON.parse(stored) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const out: ChangeEntry['changes'] = {};
      for (const [k, c] of Object.entries(v as Record<string, unknown>)) {
        out[k] =
          c && typeof c === 'object' && 'new' in c
            ? { old: (c as { old?: unknown }).old ?? null, new: (c as { new: unknown }).new }
            : { old: null, new: c };
      }
      return out;
    }
    return { value: { old: null, new: v } };
  } catch {
    return { value: { old: null, new: stored } };
  }
}

/** Subqueries of the uuids of the relations and links an object is an end of. */
async function linkUuids(db: Db, uuid: string) {
  const found = await findByUuid(db, uuid);
  if (!found) return [];
  const id = found.id;
  const ends = {
    part: [
      ['part_relations', 'parent_part_id'],
      ['part_relations', 'child_part_id'],
    ],
    set: [
      ['set_in_set', 'parent_set_id'],
      ['set_in_set', 'child_set_id'],
      ['minifig_in_set', 'set_id'],
      ['element_in_set', 'set_id'],
    ],
    minifig: [
      ['minifig_in_set', 'minifig_id'],
      ['element_in_minifig', 'minifig_id'],
    ],
    element: [
      ['element_in_set', 'element_id'],
      ['element_in_minifig', 'element_id'],
    ],
  }[found.type] as [string, string][];
  return ends.map(([table, column]) =>
    db
      .selectFrom(table as 'set_in_set')
      .select('uuid')
      .where(column as 'parent_set_id', '=', id),
  );
}

/** Names of the parts, minifigs, sets and elements (their part's name) behind these uuids. */
export async function namesOf(db: Db, uuids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (uuids.length === 0) return out;
  for (const table of ['parts', 'minifigs', 'sets'] as const) {
    const rows = await db
      .selectFrom(table)
      .select(['uuid', 'name'])
      .where('uuid', 'in', uuids)
      .execute();
    for (const r of rows) out.set(r.uuid, r.name);
  }
  const elements = await db
    .selectFrom('elements as e')
    .innerJoin('parts as p', 'p.id', 'e.part_id')
    .innerJoin('colours as c', 'c.id', 'e.colour_id')
    .select(['e.uuid', 'p.name', 'c.name as colour'])
    .where('e.uuid', 'in', uuids)
    .execute();
  for (const e of elements) out.set(e.uuid, `${e.name} (${e.colour})`);
  return out;
}
