import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { crumbs } from '../locations/route';
import { leftJoinItemLooks } from '../../db/item-joins';

/**
 * Issues of a company as the report lists show them: item, colour, mould, the location's
 * breadcrumb, newest first. `managerId` keeps that manager's issues and those for both (3);
 * without `all` only unsolved ones.
 */
export async function issueRows(
  db: Kysely<Database>,
  companyId: number,
  filter: { managerId?: 1 | 2; all?: boolean; issueId?: number },
) {
  let q = db
    .selectFrom('issues as iss')
    .$call(leftJoinItemLooks('iss.item_id'))
    .select([
      'iss.id as issue_id',
      'iss.creation_date',
      'iss.location_id',
      'iss.item_id',
      'c.name as colour_name',
      'c.hex as colour_hex',
      'i.condition as condition_name',
      'm.name as mold_name',
      'm.image_url as image_path',
      'iss.order_id',
      'iss.note as issue_note',
      'iss.manager_id',
      'iss.solved',
    ])
    .where('iss.company_id', '=', companyId);
  if (filter.managerId !== undefined) q = q.where('iss.manager_id', 'in', [filter.managerId, 3]);
  if (filter.issueId !== undefined) q = q.where('iss.id', '=', filter.issueId);
  if (!filter.all) q = q.where('iss.solved', '=', 0);
  const rows = await q.orderBy('iss.creation_date', 'desc').orderBy('iss.id', 'desc').execute();
  const named = await crumbs(
    db,
    companyId,
    rows.flatMap((r) => (r.location_id === null ? [] : [r.location_id])),
  );
  return rows.map((r) => ({
    ...r,
    location_name: r.location_id === null ? '' : (named.get(r.location_id)?.crumb ?? ''),
    manager_id: Number(r.manager_id),
    solved: Number(r.solved),
  }));
}
