import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type {
  BrowseQuery as BrowseQuerySchema,
  CatalogRef,
  CatalogTab,
} from '../../../contract/catalog';
import { ItemType } from '../../db/schema-domain';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';

type Db = Kysely<Database>;
type Query = z.output<typeof BrowseQuerySchema>;

/** `%text%` for a LIKE, with the LIKE wildcards in the text taken literally. */
function contains(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Name contains the text (either case), or one of the ids is exactly it. Names are compared
 * lower-cased on both databases; the ids use their indexes.
 */
function matches(search: string, name: string, ids: string[]): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    [
      sql`lower(${sql.ref(name)}) like ${contains(search)} escape '\\'`,
      ...ids.map((col) => sql`${sql.ref(col)} = ${search}`),
    ],
    sql` or `,
  )})`;
}

type RefRow = Omit<CatalogRef, 'type'> & { type: CatalogRef['type'] };
/** Every tab's select, seen as one shape (they all select the CatalogRef columns). */
type RefSelect = SelectQueryBuilder<Database, 'parts', RefRow>;

/** A BrickBase object's CatalogRef columns (`o` the parts, minifigs or sets table, `g` its group). */
const OBJECT_COLUMNS = [
  'o.id',
  'o.uuid',
  'o.name',
  'o.rebrickable_id',
  'o.bricklink_id',
  'o.image_url',
  'o.year',
  'g.name as group',
] as const;

/**
 * One tab of the catalog browser as a select of CatalogRef columns, filtered. Parts are filtered
 * by category, minifigs and sets by theme and year; books and catalogs are the warehouse's moulds
 * of those types; instructions and boxes are the sets' documents.
 */
function tabQuery(db: Db, tab: Exclude<CatalogTab, 'overview'>, q: Query): RefSelect {
  const n = (v: null) => sql<null>`${v}`;
  if (tab === 'parts') {
    let b = db
      .selectFrom('parts as o')
      .leftJoin('categories as g', 'g.id', 'o.category_id')
      .select([
        sql<CatalogRef['type']>`'part'`.as('type'),
        ...OBJECT_COLUMNS,
        n(null).as('set_id'),
      ]);
    if (q.category_id) b = b.where('o.category_id', '=', q.category_id);
    if (q.year) b = b.where('o.year', '=', q.year);
    if (q.search) b = b.where(matches(q.search, 'o.name', ['o.rebrickable_id', 'o.bricklink_id']));
    return b as unknown as RefSelect;
  }
  if (tab === 'minifigs' || tab === 'sets') {
    const table = tab === 'sets' ? ('sets as o' as const) : ('minifigs as o' as const);
    let b = db
      .selectFrom(table as 'sets as o')
      .leftJoin('themes as g', 'g.id', 'o.theme_id')
      .select([
        sql<CatalogRef['type']>`${tab === 'sets' ? 'set' : 'minifig'}`.as('type'),
        ...OBJECT_COLUMNS,
        n(null).as('set_id'),
      ]);
    if (q.theme_id) b = b.where('o.theme_id', '=', q.theme_id);
    if (q.year) b = b.where('o.year', '=', q.year);
    if (q.search) b = b.where(matches(q.search, 'o.name', ['o.rebrickable_id', 'o.bricklink_id']));
    return b as unknown as RefSelect;
  }
  if (tab === 'books' || tab === 'catalogs') {
    let b = db
      .selectFrom('moulds as o')
      .leftJoin('themes as g', 'g.id', 'o.theme_id')
      .select([
        sql<CatalogRef['type']>`${tab === 'books' ? 'book' : 'catalog'}`.as('type'),
        'o.id',
        'o.brickbase_uuid as uuid',
        'o.name',
        'o.rebrickable_id',
        'o.bl_mold_id as bricklink_id',
        'o.image_url',
        'o.year',
        'g.name as group',
        n(null).as('set_id'),
      ])
      .where('o.type_id', '=', tab === 'books' ? ItemType.book : ItemType.catalog);
    if (q.theme_id) b = b.where('o.theme_id', '=', q.theme_id);
    if (q.year) b = b.where('o.year', '=', q.year);
    if (q.search) b = b.where(matches(q.search, 'o.name', ['o.bl_mold_id']));
    return b as unknown as RefSelect;
  }
  let b = db
    .selectFrom('set_documents as o')
    .innerJoin('sets as s', 's.id', 'o.set_id')
    .leftJoin('themes as g', 'g.id', 's.theme_id')
    .select([
      sql<CatalogRef['type']>`${tab === 'instructions' ? 'instruction' : 'box'}`.as('type'),
      'o.id',
      'o.uuid',
      'o.name',
      's.rebrickable_id',
      'o.bricklink_id',
      'o.image_url',
      's.year',
      'g.name as group',
      's.id as set_id',
    ])
    .where('o.kind', '=', tab === 'instructions' ? 'instruction' : 'box');
  if (q.theme_id) b = b.where('s.theme_id', '=', q.theme_id);
  if (q.year) b = b.where('s.year', '=', q.year);
  if (q.search) b = b.where(matches(q.search, 'o.name', ['o.bricklink_id']));
  return b as unknown as RefSelect;
}

const TABS = ['parts', 'minifigs', 'sets', 'books', 'catalogs', 'instructions', 'boxes'] as const;

function toRef(r: Record<string, unknown>): CatalogRef {
  return {
    type: r.type as CatalogRef['type'],
    id: Number(r.id),
    uuid: (r.uuid as string | null) ?? null,
    name: String(r.name),
    rebrickable_id: (r.rebrickable_id as string | null) ?? null,
    bricklink_id: (r.bricklink_id as string | null) ?? null,
    image_url: (r.image_url as string | null) ?? null,
    year: r.year === null || r.year === undefined ? null : Number(r.year),
    group: (r.group as string | null) ?? null,
    set_id: r.set_id === null || r.set_id === undefined ? null : Number(r.set_id),
  };
}

/**
 * A page of one tab, by name (then id), with the count of all matching rows. The overview lists
 * parts, minifigs and sets together (what a search across the catalog looks for).
 */
export async function browse(db: Db, q: Query): Promise<{ count: number; results: CatalogRef[] }> {
  const tabs = q.tab === 'overview' ? (['parts', 'minifigs', 'sets'] as const) : [q.tab];
  const selects = tabs.map((t) => tabQuery(db, t, q));
  const union = selects.slice(1).reduce((acc, s) => acc.unionAll(s), selects[0]);
  const rows = await db
    .selectFrom(union.as('u'))
    .selectAll()
    .orderBy('u.name')
    .orderBy('u.id')
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  let count = 0;
  for (const t of tabs) count += await countRows(db.selectFrom(tabQuery(db, t, q).as('x')));
  return { count, results: rows.map((r) => toRef(r as Record<string, unknown>)) };
}

/** How many rows each tab holds (the overview's cards). */
export async function overview(db: Db): Promise<Record<CatalogTab, number>> {
  const out = { overview: 0 } as Record<CatalogTab, number>;
  for (const t of TABS) {
    out[t] = await countRows(db.selectFrom(tabQuery(db, t, { tab: t, page: 0, size: 1 }).as('x')));
  }
  out.overview = out.parts + out.minifigs + out.sets;
  return out;
}
