import { sql, type Kysely } from 'kysely';
import { LocationRoute } from '../../../contract/location-route';
import type { Database } from '../../db/schema';

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

/** Ids per recursive query (SQLite allows 32,766 parameters, PostgreSQL 65,535). */
const CHUNK = 500;
/** Guards the upward walk against a cycle that should never exist. */
const MAX_DEPTH = 1000;

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
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const part = wanted.slice(i, i + CHUNK);
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
    for (const r of rows) {
      byId.set(Number(r.id), {
        id: Number(r.id),
        parent_id: r.parent_id === null ? null : Number(r.parent_id),
        name: r.name,
        code: r.code,
        sort_order: Number(r.sort_order),
      });
    }
  }
  return new LocationRoute<LocationTreeRow>([...byId.values()]);
}
