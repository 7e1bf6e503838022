import { sql, type Kysely } from 'kysely';
import type {
  InventoryChild,
  InventoryParent,
  MouldRelation,
} from '../../../contract/catalog-modal';
import type { Database } from '../../db/schema';

/**
 * A mould's family through the BrickBase object it is linked to (part_id, minifig_id or
 * set_id): what its inventory holds (a set's elements, minifigs and sets; a minifig's
 * elements), what holds it, and a part's other relations. Each one is named by the warehouse's
 * mould of that object (the lowest id when there are several), so it can be explored or added;
 * one the warehouse has no mould for has id null.
 */

type Db = Kysely<Database>;
/** Parents listed at most (a common brick is in thousands of sets). */
export const PARENTS_LIMIT = 2000;

type Link = 'part_id' | 'minifig_id' | 'set_id';
/** The warehouse's mould of the object in `ref` (e.g. 'p.id' with link 'part_id'). */
const mouldOf = (link: Link, ref: string) =>
  sql<
    number | null
  >`(select min(mm.id) from moulds mm where mm.${sql.raw(link)} = ${sql.ref(ref)})`.as('mould_id');

const n = (v: unknown) => Number(v ?? 0);
const id = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The elements in a set's (or minifig's) inventory, by part name then colour. */
async function elementsIn(
  db: Db,
  holder: 'set' | 'minifig',
  holderId: number,
): Promise<InventoryChild[]> {
  const inventory = holder === 'set' ? 'element_in_set' : 'element_in_minifig';
  const rows = await db
    .selectFrom(`${inventory} as l` as 'element_in_set as l')
    .innerJoin('elements as e', 'e.id', 'l.element_id')
    .innerJoin('parts as p', 'p.id', 'e.part_id')
    .innerJoin('colours as c', 'c.id', 'e.colour_id')
    .select(['p.name', 'e.colour_id', 'c.name as color_name', 'l.quantity', 'l.extra_quantity'])
    .select(['l.is_alternate', 'e.image_url', 'p.image_url as part_image'])
    .select(mouldOf('part_id', 'p.id'))
    .where(`l.${holder}_id` as 'l.set_id', '=', holderId)
    .orderBy('p.name')
    .orderBy('c.name')
    .execute();
  return rows.map((r) => ({
    id: id(r.mould_id),
    name: r.name,
    colour_id: r.colour_id,
    color_name: r.color_name,
    quantity: n(r.quantity),
    extra_quantity: n(r.extra_quantity),
    is_alternate: n(r.is_alternate),
    img: r.image_url ?? r.part_image,
  }));
}

/** How a set's inventory lists minifigs and other sets: the link table and its two columns. */
const SET_LISTS = {
  minifig: {
    inventory: 'minifig_in_set',
    table: 'minifigs',
    set: 'l.set_id',
    item: 'l.minifig_id',
  },
  set: { inventory: 'set_in_set', table: 'sets', set: 'l.parent_set_id', item: 'l.child_set_id' },
} as const;

/** The minifigs (or sets) a set's inventory lists, by name. */
function listedInSet(db: Db, item: 'minifig' | 'set', setId: number) {
  const list = SET_LISTS[item];
  return db
    .selectFrom(`${list.inventory} as l` as 'minifig_in_set as l')
    .innerJoin(`${list.table} as x` as 'minifigs as x', 'x.id', list.item as 'l.minifig_id')
    .select(['x.name', 'x.image_url', 'l.quantity'])
    .select(mouldOf(`${item}_id`, 'x.id'))
    .where(list.set as 'l.set_id', '=', setId)
    .orderBy('x.name')
    .execute();
}

/** The sets whose inventory lists a minifig (or another set), by name. */
function setsListing(db: Db, item: 'minifig' | 'set', itemId: number) {
  const list = SET_LISTS[item];
  return db
    .selectFrom(`${list.inventory} as l` as 'minifig_in_set as l')
    .innerJoin('sets as s', 's.id', list.set as 'l.set_id')
    .select(['s.name', 's.image_url'])
    .select(mouldOf('set_id', 's.id'))
    .where(list.item as 'l.minifig_id', '=', itemId)
    .orderBy('s.name')
    .limit(PARENTS_LIMIT)
    .execute();
}

async function setChildren(db: Db, setId: number): Promise<InventoryChild[]> {
  const elements = await elementsIn(db, 'set', setId);
  const listed = [
    ...(await listedInSet(db, 'minifig', setId)),
    ...(await listedInSet(db, 'set', setId)),
  ];
  return [
    ...elements,
    ...listed.map((r) => ({
      id: id(r.mould_id),
      name: r.name,
      colour_id: null,
      color_name: null,
      quantity: n(r.quantity),
      extra_quantity: 0,
      is_alternate: 0,
      img: r.image_url,
    })),
  ];
}

/** The sets (or minifigs) whose inventory holds an element of the part, by name. */
function holdersOfPart(db: Db, holder: 'set' | 'minifig', partId: number) {
  const [table, inventory] =
    holder === 'set'
      ? (['sets', 'element_in_set'] as const)
      : (['minifigs', 'element_in_minifig'] as const);
  return db
    .selectFrom(`${table} as h` as 'sets as h')
    .select(['h.name', 'h.image_url'])
    .select(mouldOf(`${holder}_id`, 'h.id'))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom(`${inventory} as l` as 'element_in_set as l')
          .innerJoin('elements as e', 'e.id', 'l.element_id')
          .select('l.id')
          .whereRef(`l.${holder}_id` as 'l.set_id', '=', 'h.id')
          .where('e.part_id', '=', partId),
      ),
    )
    .orderBy('h.name')
    .limit(PARENTS_LIMIT)
    .execute();
}

/** Sets and minifigs holding a part in any colour, sets holding a minifig or a set. */
async function parentsOf(db: Db, m: LinkedMould): Promise<InventoryParent[]> {
  const out: InventoryParent[] = [];
  const add = (rows: { name: string; image_url: string | null; mould_id: unknown }[]) =>
    out.push(...rows.map((r) => ({ id: id(r.mould_id), name: r.name, img: r.image_url })));
  if (m.part_id !== null) {
    add(await holdersOfPart(db, 'set', m.part_id));
    add(await holdersOfPart(db, 'minifig', m.part_id));
  }
  if (m.minifig_id !== null) add(await setsListing(db, 'minifig', m.minifig_id));
  if (m.set_id !== null) add(await setsListing(db, 'set', m.set_id));
  return out.slice(0, PARENTS_LIMIT);
}

/** A part's relations to other parts, in either direction, with the relation's letter. */
async function relationsOf(db: Db, partId: number): Promise<MouldRelation[]> {
  const out: MouldRelation[] = [];
  for (const [mine, other] of [
    ['r.parent_part_id', 'r.child_part_id'],
    ['r.child_part_id', 'r.parent_part_id'],
  ] as const) {
    const rows = await db
      .selectFrom('part_relations as r')
      .innerJoin('parts as p', 'p.id', other)
      .select(['r.rel_type', 'p.name', 'p.image_url'])
      .select(mouldOf('part_id', 'p.id'))
      .where(mine, '=', partId)
      .orderBy('p.name')
      .execute();
    out.push(
      ...rows.map((r) => ({
        id: id(r.mould_id),
        name: r.name,
        img: r.image_url,
        rel_type: r.rel_type,
      })),
    );
  }
  return out;
}

export interface LinkedMould {
  part_id: number | null;
  minifig_id: number | null;
  set_id: number | null;
}

export async function mouldFamily(
  db: Db,
  m: LinkedMould,
): Promise<{
  inventory_children: InventoryChild[];
  inventory_parents: InventoryParent[];
  relationships: MouldRelation[];
}> {
  const inventory_children = [
    ...(m.set_id !== null ? await setChildren(db, m.set_id) : []),
    ...(m.minifig_id !== null ? await elementsIn(db, 'minifig', m.minifig_id) : []),
  ];
  return {
    inventory_children,
    inventory_parents: await parentsOf(db, m),
    relationships: m.part_id !== null ? await relationsOf(db, m.part_id) : [],
  };
}
