import type { Kysely } from 'kysely';
import type { CatalogItem, ObjectType } from '../../../contract/catalog';
import { INT_MAX } from '../../../contract/fields';
import type { Database } from '../../db/schema';
import { elementsOf, relationsOf, setContents, setsHolding } from './item-parts';

type Db = Kysely<Database>;
type Table = 'parts' | 'minifigs' | 'sets' | 'elements';

/** The table of each object type. */
export const TABLE_OF: Record<ObjectType, Table> = {
  part: 'parts',
  minifig: 'minifigs',
  set: 'sets',
  element: 'elements',
};
export const num = (v: unknown): number | null =>
  v === null || v === undefined ? null : Number(v);

/** Splits requested keys into numeric ids (within the integer range) and uuids. */
export function splitKeys(keys: string[]): { ids: number[]; uuids: string[] } {
  const ids: number[] = [];
  const uuids: string[] = [];
  for (const k of keys) {
    if (/^\d{1,10}$/.test(k) && Number(k) >= 1 && Number(k) <= INT_MAX) ids.push(Number(k));
    else uuids.push(k);
  }
  return { ids, uuids };
}

/** Ids of the rows of `table` named by id or uuid, in the order asked, unknown keys left out. */
export async function resolveKeys(db: Db, table: Table, keys: string[]): Promise<number[]> {
  const { ids, uuids } = splitKeys(keys);
  const rows = await db
    .selectFrom(table)
    .select(['id', 'uuid'])
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('id', 'in', ids)] : []),
        ...(uuids.length ? [eb('uuid', 'in', uuids)] : []),
      ]),
    )
    .execute();
  const out: number[] = [];
  for (const k of keys) {
    const row = rows.find((r) => String(r.id) === k || r.uuid === k);
    if (row && !out.includes(row.id)) out.push(row.id);
  }
  return out;
}

const EMPTY = {
  elements: [],
  relations: [],
  sets: [],
  sets_count: 0,
  minifigs: [],
  child_set: [],
  parent_set: [],
  instructions: [],
  box: [],
  length: null,
  width: null,
  height: null,
  weight: null,
  material: null,
  num_parts: null,
  theme: null,
  category: null,
  colour: null,
};

/** One object with everything its screen shows, or undefined when there is none. */
export async function loadItem(
  db: Db,
  type: ObjectType,
  id: number,
): Promise<CatalogItem | undefined> {
  if (type === 'element') {
    const [el] = await elementsOf(db, { element: id });
    if (!el) return undefined;
    const part = await db
      .selectFrom('parts')
      .selectAll()
      .where('id', '=', el.part_id)
      .executeTakeFirstOrThrow();
    const extra = await db
      .selectFrom('elements')
      .select(['element_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const held = await setsHolding(db, { element: id });
    return {
      ...EMPTY,
      type,
      id,
      uuid: el.uuid,
      name: `${part.name} (${el.colour.name})`,
      rebrickable_id: extra.element_id,
      bricklink_id: part.bricklink_id,
      brickowl_id: part.brickowl_id,
      image_url: el.image_url ?? part.image_url,
      year: part.year,
      colour: el.colour,
      elements: [el],
      sets: held.sets,
      sets_count: held.count,
    };
  }
  if (type === 'part') {
    const p = await db
      .selectFrom('parts as p')
      .leftJoin('categories as c', 'c.id', 'p.category_id')
      .selectAll('p')
      .select('c.name as category')
      .where('p.id', '=', id)
      .executeTakeFirst();
    if (!p) return undefined;
    const held = await setsHolding(db, { part: id });
    return {
      ...EMPTY,
      ...p,
      type,
      length: num(p.length),
      width: num(p.width),
      height: num(p.height),
      weight: num(p.weight),
      elements: await elementsOf(db, { part: id }),
      relations: await relationsOf(db, id),
      sets: held.sets,
      sets_count: held.count,
    };
  }
  if (type === 'minifig') {
    const m = await db
      .selectFrom('minifigs as m')
      .leftJoin('themes as t', 't.id', 'm.theme_id')
      .selectAll('m')
      .select('t.name as theme')
      .where('m.id', '=', id)
      .executeTakeFirst();
    if (!m) return undefined;
    const held = await setsHolding(db, { minifig: id });
    return {
      ...EMPTY,
      ...m,
      type,
      num_parts: num(m.num_parts),
      elements: await elementsOf(db, { minifig: id }),
      sets: held.sets,
      sets_count: held.count,
    };
  }
  const s = await db
    .selectFrom('sets as s')
    .leftJoin('themes as t', 't.id', 's.theme_id')
    .selectAll('s')
    .select('t.name as theme')
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!s) return undefined;
  const parents = await setsHolding(db, { set: id });
  return {
    ...EMPTY,
    ...s,
    type,
    num_parts: num(s.num_parts),
    length: num(s.length),
    width: num(s.width),
    height: num(s.height),
    weight: num(s.weight),
    elements: await elementsOf(db, { set: id }),
    ...(await setContents(db, id)),
    parent_set: parents.sets,
    sets: parents.sets,
    sets_count: parents.count,
  };
}
