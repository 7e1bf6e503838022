import type { Kysely } from 'kysely';
import {
  CatalogMessages,
  INVENTORY_RELATIONS,
  ObjectTypes,
  PART_RELATIONS,
  type InventoryRelation,
  type ObjectType,
  type PartRelation,
  type RelationType,
} from '../../../contract/catalog';
import { EditableFields } from '../../../contract/catalog-review';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { num, TABLE_OF } from './items';

type Db = Kysely<Database>;
export type Value = string | number | null;

/** Columns read back as numbers (PostgreSQL answers numeric columns as text). */
const NUMERIC = new Set(['year', 'length', 'width', 'height', 'weight', 'num_parts']);
/** Ids unique per table: a change to one must not take another object's. */
const UNIQUE = new Set(['rebrickable_id']);

export const isObjectType = (t: string): t is ObjectType =>
  (ObjectTypes as readonly string[]).includes(t);
export const isPartRelation = (t: string): t is PartRelation => t in PART_RELATIONS;

/** The object's editable fields as they are now (numbers as numbers), or undefined. */
export async function currentFields(
  db: Db,
  type: ObjectType,
  uuid: string,
): Promise<{ id: number; fields: Record<string, Value> } | undefined> {
  const row = (await db
    .selectFrom(TABLE_OF[type])
    .selectAll()
    .where('uuid', '=', uuid)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return undefined;
  const fields: Record<string, Value> = {};
  for (const f of Object.keys(EditableFields[type])) {
    fields[f] = NUMERIC.has(f) ? num(row[f]) : ((row[f] as string | null) ?? null);
  }
  return { id: Number(row.id), fields };
}

/**
 * The proposed changes that differ from the object as it is, each checked against its field's
 * rule. An empty text clears an optional field. Refuses an unknown field.
 */
export function diffChanges(
  type: ObjectType,
  current: Record<string, Value>,
  changes: Record<string, unknown>,
): Record<string, Value> {
  const rules = EditableFields[type] as Record<
    string,
    {
      safeParse: (v: unknown) => {
        success: boolean;
        data?: unknown;
        error?: { issues: { code: string; message: string }[] };
      };
    }
  >;
  const out: Record<string, Value> = {};
  for (const [field, raw] of Object.entries(changes)) {
    const rule = rules[field];
    if (!rule) throw badRequest(`The field ${field} cannot be changed on a ${type}`);
    const input = raw === '' && field !== 'name' ? null : raw;
    const parsed = rule.safeParse(input);
    if (!parsed.success) {
      // A rule with its own words (the picture's hosts) says them; others name the field.
      const own = parsed.error?.issues.find((i) => i.code === 'custom');
      throw badRequest(own?.message ?? `Invalid value for ${field}`);
    }
    let value = parsed.data as Value;
    if (typeof value === 'number' && !Number.isInteger(value))
      value = Math.round(value * 100) / 100;
    if (value !== current[field]) out[field] = value;
  }
  return out;
}

/** Refuses a change that would give this object an id another object of its type holds. */
export async function checkUnique(
  db: Db,
  type: ObjectType,
  id: number,
  changes: Record<string, Value>,
): Promise<void> {
  for (const [field, value] of Object.entries(changes)) {
    if (!UNIQUE.has(field) || value === null || type === 'element') continue;
    const taken = await db
      .selectFrom(TABLE_OF[type])
      .select('id')
      .where('rebrickable_id', '=', String(value))
      .where('id', '!=', id)
      .executeTakeFirst();
    if (taken) throw conflict(CatalogMessages.duplicateId(field, String(value)));
  }
}

/** Finds the object behind a uuid in any of the four tables. */
export async function findByUuid(
  db: Db,
  uuid: string,
): Promise<{ type: ObjectType; id: number } | undefined> {
  for (const type of ObjectTypes) {
    const row = await db
      .selectFrom(TABLE_OF[type])
      .select('id')
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    if (row) return { type, id: row.id };
  }
  return undefined;
}

export interface RelationEnds {
  relation: RelationType;
  from: { type: ObjectType; id: number; uuid: string };
  to: { type: ObjectType; id: number; uuid: string };
  quantity: number;
}

/**
 * The two ends of a proposed relation (changes.from and changes.to, uuids), checked against
 * the relation's types: part relations join two parts; set_in_set two sets; minifig_in_set a set
 * and a minifig; element_in_set a set and an element; element_in_minifig a minifig and an element
 * (either end may come first). Otherwise 'Relation not possible: …'.
 */
export async function relationEnds(
  db: Db,
  relation: RelationType,
  changes: Record<string, unknown>,
): Promise<RelationEnds> {
  const { from, to } = changes;
  if (typeof from !== 'string' || typeof to !== 'string' || !from || !to) {
    throw badRequest('A relation needs the uuids of both items in changes.from and changes.to');
  }
  const quantity = changes.quantity ?? 1;
  if (!Number.isInteger(quantity) || (quantity as number) < 1 || (quantity as number) > 100_000) {
    throw badRequest('The quantity of a relation is a whole number from 1 to 100000');
  }
  const a = await findByUuid(db, from);
  const b = await findByUuid(db, to);
  if (!a || !b) throw notFound(CatalogMessages.notFound);
  const expected = isPartRelation(relation)
    ? (['part', 'part'] as const)
    : INVENTORY_RELATIONS[relation as InventoryRelation];
  const ends = (x: typeof a, y: typeof b, xu: string, yu: string) => ({
    relation,
    from: { ...x, uuid: xu },
    to: { ...y, uuid: yu },
    quantity: quantity as number,
  });
  if (a.type === expected[0] && b.type === expected[1]) return ends(a, b, from, to);
  if (b.type === expected[0] && a.type === expected[1]) return ends(b, a, to, from);
  throw badRequest(CatalogMessages.relationNotPossible(a.type, b.type, relation));
}

/** The table and columns a relation is stored in. */
export function relationTable(relation: RelationType) {
  if (isPartRelation(relation)) {
    return { table: 'part_relations', from: 'parent_part_id', to: 'child_part_id' } as const;
  }
  return (
    {
      set_in_set: { table: 'set_in_set', from: 'parent_set_id', to: 'child_set_id' },
      minifig_in_set: { table: 'minifig_in_set', from: 'set_id', to: 'minifig_id' },
      element_in_set: { table: 'element_in_set', from: 'set_id', to: 'element_id' },
      element_in_minifig: { table: 'element_in_minifig', from: 'minifig_id', to: 'element_id' },
    } as const
  )[relation as InventoryRelation];
}

/** True when the relation is already in the catalog (a part relation in either direction). */
export async function relationExists(db: Db, ends: RelationEnds): Promise<boolean> {
  const a = ends.from.id;
  const b = ends.to.id;
  if (isPartRelation(ends.relation)) {
    const row = await db
      .selectFrom('part_relations')
      .select('id')
      .where('rel_type', '=', PART_RELATIONS[ends.relation])
      .where((eb) =>
        eb.or([
          eb.and([eb('parent_part_id', '=', a), eb('child_part_id', '=', b)]),
          eb.and([eb('parent_part_id', '=', b), eb('child_part_id', '=', a)]),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }
  const t = relationTable(ends.relation);
  let q = db
    .selectFrom(t.table as 'set_in_set')
    .select('id')
    .where(t.from as 'parent_set_id', '=', a)
    .where(t.to as 'child_set_id', '=', b);
  if (t.table === 'element_in_set' || t.table === 'element_in_minifig') {
    q = q.where('is_alternate' as never, '=', 0 as never);
  }
  return (await q.executeTakeFirst()) !== undefined;
}
