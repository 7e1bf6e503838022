import type { Kysely } from 'kysely';
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

/** A company's location tree: breadcrumbs and the walking route (contract/location-route.ts). */
export type LocationTree = LocationRoute<LocationTreeRow>;

export async function loadTree(db: Kysely<Database>, companyId: number): Promise<LocationTree> {
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'parent_id', 'name', 'code', 'sort_order'])
    .where('company_id', '=', companyId)
    .execute();
  return new LocationRoute<LocationTreeRow>(rows);
}
