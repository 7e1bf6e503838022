import { sql, type Kysely } from 'kysely';
import type { LocationNode } from '../../../contract/locations';
import { LocationMessages } from '../../../contract/locations';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';

/**
 * Reading the location tree without loading it whole: a node, its ancestors (a recursive query
 * upwards, as deep as the tree) and its subtree (recursive downwards over the parent_id index), as
 * the tree screens show them; breadcrumbs and the walking route are read in route.ts. Every query
 * is scoped by the company.
 */
export type Db = Kysely<Database>;

export interface LocationRow {
  id: number;
  parent_id: number | null;
  name: string;
  code: string;
  is_selected_new_location: number;
  sort_order: number;
}

const COLUMNS = [
  'id',
  'parent_id',
  'name',
  'code',
  'is_selected_new_location',
  'sort_order',
] as const;
/** Guards the recursive queries against a cycle that should never exist. */
const MAX_DEPTH = 1000;
/** Rows per multi-row statement (SQLite allows 32,766 parameters, PostgreSQL 65,535). */
export const CHUNK = 500;

export function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export async function findLocation(
  db: Db,
  companyId: number,
  id: number,
): Promise<LocationRow | undefined> {
  return db
    .selectFrom('locations')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** The node of the caller's company, or 404 (another company's node is not found either). */
export async function mustFind(db: Db, companyId: number, id: number): Promise<LocationRow> {
  const row = await findLocation(db, companyId, id);
  if (!row) throw notFound(LocationMessages.locationNotFound);
  return row;
}

export async function companyRoot(db: Db, companyId: number): Promise<LocationRow> {
  const row = await db
    .selectFrom('locations')
    .select(COLUMNS)
    .where('company_id', '=', companyId)
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(LocationMessages.locationNotFound);
  return row;
}

/** The node and its ancestors, root first. */
export async function ancestors(db: Db, companyId: number, id: number): Promise<LocationRow[]> {
  const { rows } = await sql<LocationRow & { depth: number }>`
    with recursive up (id, parent_id, name, code, is_selected_new_location, sort_order, depth) as (
      select id, parent_id, name, code, is_selected_new_location, sort_order, 0
        from locations where id = ${id} and company_id = ${companyId}
      union all
      select l.id, l.parent_id, l.name, l.code, l.is_selected_new_location, l.sort_order, up.depth + 1
        from locations l join up on l.id = up.parent_id
       where l.company_id = ${companyId} and up.depth < ${MAX_DEPTH}
    )
    select id, parent_id, name, code, is_selected_new_location, sort_order, depth
      from up order by depth desc`.execute(db);
  return rows.map(normalise);
}

export interface SubtreeRow extends LocationRow {
  depth: number;
}

/** The node and every descendant, with depth (0 = the node), parents before children. */
export async function subtree(db: Db, companyId: number, id: number): Promise<SubtreeRow[]> {
  const { rows } = await sql<SubtreeRow>`
    with recursive down (id, parent_id, name, code, is_selected_new_location, sort_order, depth) as (
      select id, parent_id, name, code, is_selected_new_location, sort_order, 0
        from locations where id = ${id} and company_id = ${companyId}
      union all
      select l.id, l.parent_id, l.name, l.code, l.is_selected_new_location, l.sort_order, down.depth + 1
        from locations l join down on l.parent_id = down.id
       where down.depth < ${MAX_DEPTH}
    )
    select id, parent_id, name, code, is_selected_new_location, sort_order, depth
      from down order by depth, sort_order, code`.execute(db);
  return rows.map((r) => ({ ...normalise(r), depth: Number(r.depth) }));
}

/** How many locations the subtree of `id` holds (the node included). */
export async function subtreeSize(db: Db, companyId: number, id: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with recursive down (id, depth) as (
      select id, 0 from locations where id = ${id} and company_id = ${companyId}
      union all
      select l.id, down.depth + 1 from locations l join down on l.parent_id = down.id
       where down.depth < ${MAX_DEPTH}
    )
    select count(*) as n from down`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The subtree of `id` as a subquery of ids, for `where x in (…)`. */
export function subtreeIdsSql(companyId: number, id: number) {
  return sql<{ id: number }>`(
    with recursive down (id, depth) as (
      select id, 0 from locations where id = ${id} and company_id = ${companyId}
      union all
      select l.id, down.depth + 1 from locations l join down on l.parent_id = down.id
       where down.depth < ${MAX_DEPTH}
    )
    select id from down)`;
}

/** True when the node or one of its ancestors is flagged as a 'new items' location. */
export async function flaggedFromAbove(db: Db, companyId: number, id: number): Promise<boolean> {
  const chain = await ancestors(db, companyId, id);
  return chain.some((n) => n.is_selected_new_location === 1);
}

/** The children of `parentId` (or the root when null) as tree nodes, one level only. */
export async function childNodes(
  db: Db,
  companyId: number,
  parentId: number | null,
  inherited: boolean,
): Promise<LocationNode[]> {
  let q = db
    .selectFrom('locations as l')
    .select([
      'l.id',
      'l.parent_id',
      'l.name',
      'l.code',
      'l.is_selected_new_location',
      'l.sort_order',
    ])
    .select((eb) => [
      eb
        .exists(eb.selectFrom('locations as k').select('k.id').whereRef('k.parent_id', '=', 'l.id'))
        .as('has_children'),
      eb
        .exists(
          eb
            .selectFrom('location_content as lc')
            .select('lc.id')
            .whereRef('lc.location_id', '=', 'l.id'),
        )
        .as('has_content'),
    ])
    .where('l.company_id', '=', companyId);
  q =
    parentId === null ? q.where('l.parent_id', 'is', null) : q.where('l.parent_id', '=', parentId);
  const rows = await q.orderBy('l.sort_order').orderBy('l.code').execute();
  return rows.map((r) =>
    toNode(
      normalise(r),
      Boolean(Number(r.has_children)),
      Boolean(Number(r.has_content)),
      inherited,
    ),
  );
}

/** One node as the tree shows it. `inherited`: an ancestor is flagged. */
export async function nodeOf(db: Db, companyId: number, row: LocationRow): Promise<LocationNode> {
  const [kid, stock] = await Promise.all([
    db
      .selectFrom('locations')
      .select('id')
      .where('parent_id', '=', row.id)
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('location_content')
      .select('id')
      .where('location_id', '=', row.id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  const inherited =
    row.parent_id !== null && (await flaggedFromAbove(db, companyId, row.parent_id));
  return toNode(row, !!kid, !!stock, inherited);
}

export function toNode(
  r: LocationRow,
  hasChildren: boolean,
  hasContent: boolean,
  inherited: boolean,
): LocationNode {
  const own = r.is_selected_new_location === 1;
  return {
    location_id: r.id,
    parent_id: r.parent_id,
    location_name: r.name,
    code: r.code,
    sort_order: r.sort_order,
    has_children: hasChildren,
    has_content: hasContent,
    is_selected_new_location: own ? 1 : inherited ? 2 : 0,
  };
}

function normalise(r: LocationRow): LocationRow {
  return {
    id: Number(r.id),
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
    name: r.name,
    code: r.code,
    is_selected_new_location: Number(r.is_selected_new_location),
    sort_order: Number(r.sort_order),
  };
}
