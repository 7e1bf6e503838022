import { sql, type Kysely } from 'kysely';
import { LocationRoute } from '../../../contract/location-route';
import type { Database } from '../../db/schema';
import { chunks } from './tree';

/**
 * The parts of a company's location tree that reads need, never the whole tree: the walking
 * route and breadcrumbs of some locations (loadRoute, crumbs) and the locations for new items
 * (newItemsSubtrees). The picking route, the warehouse desk, Add bricks, labels and reports all
 * read the tree through here.
 */

/** A location row as the route reads it (see contract/location-route.ts). */
export interface LocationTreeRow {
  id: number;
  parent_id: number | null;
  name: string;
  code: string;
  sort_order: number;
}

/** The part of a company's location tree the route needs: breadcrumbs and the walking order. */
export type LocationTree = LocationRoute<LocationTreeRow>;

/** Guards the recursive walks against a cycle that should never exist. */
const MAX_DEPTH = 1000;

function toRow(r: LocationTreeRow): LocationTreeRow {
  return {
    id: Number(r.id),
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
    name: r.name,
    code: r.code,
    sort_order: Number(r.sort_order),
  };
}

/**
 * The locations `ids` and their ancestors up to the root, as a route: one recursive query
 * upwards per 500 ids (over the primary key), never the whole tree. The depth-first order of
 * this part equals the order of the whole tree for every location it holds (a location's rank
 * depends only on its ancestors and their siblings' order, and siblings compare by sort_order
 * then code), so `routeRank`, `byRoute`, `crumb`, `breadcrumb` and nextStop answer as on the full
 * tree for these ids. Ids of another company or of no location are left out (rank: last).
 */
export async function loadRoute(
  db: Kysely<Database>,
  companyId: number,
  ids: Iterable<number>,
): Promise<LocationTree> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id));
  const byId = new Map<number, LocationTreeRow>();
  for (const part of chunks(wanted)) {
    const { rows } = await sql<LocationTreeRow>`
      with recursive up (id, parent_id, name, code, sort_order, depth) as (
        select id, parent_id, name, code, sort_order, 0
          -- by primary key: "company_id + 0" keeps the planner off the company index, which
          -- would scan every location of the company
          from locations where id in (${sql.join(part)}) and company_id + 0 = ${companyId}
        union all
        select l.id, l.parent_id, l.name, l.code, l.sort_order, up.depth + 1
          from locations l join up on l.id = up.parent_id
         where l.company_id = ${companyId} and up.depth < ${MAX_DEPTH}
      )
      select distinct id, parent_id, name, code, sort_order from up`.execute(db);
    for (const r of rows) byId.set(Number(r.id), toRow(r));
  }
  return new LocationRoute<LocationTreeRow>([...byId.values()]);
}

export interface Crumb {
  crumb: string;
  code: string;
  path: { location_id: number; name: string; code: string }[];
}

/** Breadcrumbs (root to node, names joined by ' > ') of several nodes, with their ancestors loaded once. */
export async function crumbs(
  db: Kysely<Database>,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, Crumb>> {
  const route = await loadRoute(db, companyId, ids);
  const out = new Map<number, Crumb>();
  for (const id of ids) {
    const self = route.get(id);
    if (!self) continue;
    out.set(id, { crumb: route.crumb(id), code: self.code, path: route.breadcrumb(id) });
  }
  return out;
}

/**
 * The locations flagged for new items and every location below them, once each (`flagged`: 1
 * when the location itself is flagged), walking down over the parent_id index.
 */
export async function newItemsSubtrees(
  db: Kysely<Database>,
  companyId: number,
): Promise<(LocationTreeRow & { flagged: number })[]> {
  const { rows } = await sql<LocationTreeRow & { flagged: number }>`
    with recursive down (id, parent_id, name, code, sort_order, flagged, depth) as (
      select id, parent_id, name, code, sort_order, 1, 0 from locations
       where company_id = ${companyId} and is_selected_new_location = 1
      union all
      select l.id, l.parent_id, l.name, l.code, l.sort_order, l.is_selected_new_location,
             down.depth + 1
        from locations l join down on l.parent_id = down.id
       where down.depth < ${MAX_DEPTH}
    )
    select id, max(parent_id) as parent_id, max(name) as name, max(code) as code,
           max(sort_order) as sort_order, max(flagged) as flagged
      from down group by id`.execute(db);
  return rows.map((r) => ({ ...toRow(r), flagged: Number(r.flagged) }));
}
