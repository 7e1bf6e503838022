import type { Kysely } from 'kysely';
import {
  PART_RELATIONS,
  type CatalogItem,
  type Colour,
  type Element,
  type ObjectType,
  type PartRelation,
} from '../../../contract/catalog';
import { INT_MAX } from '../../../contract/fields';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;
type Table = 'parts' | 'minifigs' | 'sets' | 'elements';

/** The table of each object type. */
export const TABLE_OF: Record<ObjectType, Table> = {
  part: 'parts',
  minifig: 'minifigs',
  set: 'sets',
  element: 'elements',
};
/** Sets a part (or minifig) lists at most; sets_count always says how many there are. */
const SETS_LIMIT = 2000;

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

function colourOf(r: {
  colour_id: number;
  colour_uuid: string;
  colour_name: string;
  colour_rb: number | null;
  colour_hex: string;
}): Colour {
  return {
    id: r.colour_id,
    uuid: r.colour_uuid,
    name: r.colour_name,
    rebrickable_id: r.colour_rb,
    hex: r.colour_hex,
  };
}

/** Elements with their part and colour: of one part, or in a set's or a minifig's inventory. */
async function elementsOf(
  db: Db,
  of: { part: number } | { set: number } | { minifig: number } | { element: number },
): Promise<Element[]> {
  let q = db
    .selectFrom('elements as e')
    .innerJoin('parts as p', 'p.id', 'e.part_id')
    .innerJoin('colours as c', 'c.id', 'e.colour_id')
    .select([
      'e.id',
      'e.uuid',
      'e.part_id',
      'e.image_url',
      'p.uuid as part_uuid',
      'p.name as part_name',
      'p.rebrickable_id as part_rb',
      'p.image_url as part_image',
      'c.id as colour_id',
      'c.uuid as colour_uuid',
      'c.name as colour_name',
      'c.rebrickable_id as colour_rb',
      'c.hex as colour_hex',
    ]);
  const shape = (
    r: Awaited<ReturnType<typeof q.execute>>[number],
    link?: { quantity: number; extra_quantity: number; is_alternate: number },
  ): Element => ({
    id: r.id,
    uuid: r.uuid,
    part_id: r.part_id,
    image_url: r.image_url,
    part: {
      id: r.part_id,
      uuid: r.part_uuid,
      name: r.part_name,
      rebrickable_id: r.part_rb,
      image_url: r.part_image,
    },
    colour: colourOf(r),
    ...(link ?? {}),
  });
  if ('part' in of) {
    q = q.where('e.part_id', '=', of.part);
    return (await q.orderBy('c.name').execute()).map((r) => shape(r));
  }
  if ('element' in of)
    return (await q.where('e.id', '=', of.element).execute()).map((r) => shape(r));
  const [table, key, id] =
    'set' in of
      ? (['element_in_set', 'set_id', of.set] as const)
      : (['element_in_minifig', 'minifig_id', of.minifig] as const);
  const rows = await q
    .innerJoin(`${table} as l` as 'element_in_set as l', 'l.element_id', 'e.id')
    .select(['l.quantity', 'l.extra_quantity', 'l.is_alternate'])
    .where(`l.${key}` as 'l.set_id', '=', id)
    .orderBy('l.is_alternate')
    .orderBy('p.name')
    .orderBy('c.name')
    .execute();
  return rows.map((r) =>
    shape(r, {
      quantity: Number(r.quantity),
      extra_quantity: Number(r.extra_quantity),
      is_alternate: Number(r.is_alternate),
    }),
  );
}

const LETTER_TO_RELATION = Object.fromEntries(
  Object.entries(PART_RELATIONS).map(([name, letter]) => [letter, name]),
) as Record<string, PartRelation>;

/** Relations of a part, either end, each with the part at the other end. */
async function relationsOf(db: Db, partId: number): Promise<CatalogItem['relations']> {
  const rows = await db
    .selectFrom('part_relations as r')
    .innerJoin('parts as p', (j) =>
      j.on((eb) =>
        eb.or([
          eb.and([eb('r.parent_part_id', '=', partId), eb('p.id', '=', eb.ref('r.child_part_id'))]),
          eb.and([eb('r.child_part_id', '=', partId), eb('p.id', '=', eb.ref('r.parent_part_id'))]),
        ]),
      ),
    )
    .select(['r.uuid', 'r.rel_type', 'p.id', 'p.uuid as part_uuid', 'p.name', 'p.rebrickable_id'])
    .select('p.image_url')
    .where((eb) => eb.or([eb('r.parent_part_id', '=', partId), eb('r.child_part_id', '=', partId)]))
    .orderBy('p.name')
    .execute();
  return rows.map((r) => ({
    uuid: r.uuid,
    rel_type: LETTER_TO_RELATION[r.rel_type],
    part: {
      id: r.id,
      uuid: r.part_uuid,
      name: r.name,
      rebrickable_id: r.rebrickable_id,
      image_url: r.image_url,
    },
  }));
}

type Linked = CatalogItem['sets'][number];

/** Sets holding a part (through any element), a minifig, an element or another set. */
async function setsHolding(
  db: Db,
  of: { part: number } | { minifig: number } | { element: number } | { set: number },
): Promise<{ sets: Linked[]; count: number }> {
  const links =
    'part' in of
      ? db
          .selectFrom('element_in_set as l')
          .innerJoin('elements as e', 'e.id', 'l.element_id')
          .where('e.part_id', '=', of.part)
          .select(['l.set_id as sid', 'l.quantity'])
      : 'minifig' in of
        ? db
            .selectFrom('minifig_in_set as l')
            .where('l.minifig_id', '=', of.minifig)
            .select(['l.set_id as sid', 'l.quantity'])
        : 'element' in of
          ? db
              .selectFrom('element_in_set as l')
              .where('l.element_id', '=', of.element)
              .select(['l.set_id as sid', 'l.quantity'])
          : db
              .selectFrom('set_in_set as l')
              .where('l.child_set_id', '=', of.set)
              .select(['l.parent_set_id as sid', 'l.quantity']);
  const grouped = db
    .selectFrom(links.as('k'))
    .select(['k.sid', (eb) => eb.fn.sum<number>('k.quantity').as('quantity')])
    .groupBy('k.sid')
    .as('g');
  const rows = await db
    .selectFrom(grouped)
    .innerJoin('sets as s', 's.id', 'g.sid')
    .select(['s.id', 's.uuid', 's.name', 's.rebrickable_id', 's.image_url', 'g.quantity'])
    .orderBy('s.name')
    .limit(SETS_LIMIT)
    .execute();
  const sets = rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
  if (sets.length < SETS_LIMIT) return { sets, count: sets.length };
  const total = await db
    .selectFrom(grouped)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { sets, count: Number(total.n) };
}

async function setContents(db: Db, setId: number) {
  const minifigs = await db
    .selectFrom('minifig_in_set as l')
    .innerJoin('minifigs as m', 'm.id', 'l.minifig_id')
    .select(['m.id', 'm.uuid', 'm.name', 'm.rebrickable_id', 'm.image_url', 'l.quantity'])
    .where('l.set_id', '=', setId)
    .orderBy('m.name')
    .execute();
  const children = await db
    .selectFrom('set_in_set as l')
    .innerJoin('sets as s', 's.id', 'l.child_set_id')
    .select(['s.id', 's.uuid', 's.name', 's.rebrickable_id', 's.image_url', 'l.quantity'])
    .where('l.parent_set_id', '=', setId)
    .orderBy('s.name')
    .execute();
  const docs = await db
    .selectFrom('set_documents')
    .select(['id', 'uuid', 'name', 'bricklink_id', 'image_url', 'url', 'kind'])
    .where('set_id', '=', setId)
    .orderBy('name')
    .execute();
  const qty = <T extends { quantity: number }>(rows: T[]) =>
    rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
  const doc = (kind: 'instruction' | 'box') =>
    docs.filter((d) => d.kind === kind).map(({ kind: _kind, ...d }) => d);
  return {
    minifigs: qty(minifigs),
    child_set: qty(children),
    instructions: doc('instruction'),
    box: doc('box'),
  };
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
