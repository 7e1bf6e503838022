import type { Kysely } from 'kysely';
import {
  PART_RELATIONS,
  type CatalogItem,
  type Colour,
  type Element,
  type PartRelation,
} from '../../../contract/catalog';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';

/**
 * The pieces of an object's details: its elements (with part and colour), a part's relations, the
 * sets holding an object, and a set's minifigs, sub-sets and documents.
 */

type Db = Kysely<Database>;
/** Sets a part (or minifig) lists at most; sets_count always says how many there are. */
const SETS_LIMIT = 2000;

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
export async function elementsOf(
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
export async function relationsOf(db: Db, partId: number): Promise<CatalogItem['relations']> {
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
export async function setsHolding(
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
  return { sets, count: await countRows(db.selectFrom(grouped)) };
}

export async function setContents(db: Db, setId: number) {
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
