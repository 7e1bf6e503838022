import { sql, type Kysely } from 'kysely';
import {
  WAREHOUSE_BATCH_STATUSES,
  type BatchSortFlag,
  type TrayDetail,
  type WarehouseBatch,
  type WarehouseTray,
} from '../../../contract/warehouse';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';
import { LocationRoute } from '../../../contract/location-route';
import { fillLocations } from '../../../contract/new-items';
import { loadRoute, newItemsSubtrees, type LocationTreeRow } from '../locations/route';

/** Reads of the warehouse desk, scoped by company. Batch counts come from one grouped subquery. */

type Db = Kysely<Database>;

/** At most this many new-items locations are offered on the Fill tray screen. */
const NEW_ITEMS_CANDIDATES_MAX = 1000;

function batchBase(db: Db, companyId: number) {
  const counts = db
    .selectFrom('trays')
    .select([
      'batch_id',
      sql<number>`count(*)`.as('total_count'),
      sql<number>`sum(case when status = 'filled' then 1 else 0 end)`.as('filled_count'),
    ])
    .where('company_id', '=', companyId)
    .groupBy('batch_id')
    .as('c');
  return db
    .selectFrom('batches as b')
    .leftJoin(counts, 'c.batch_id', 'b.id')
    .where('b.company_id', '=', companyId)
    .where('b.status', 'in', [...WAREHOUSE_BATCH_STATUSES])
    .select([
      'b.id as batch_id',
      'b.name',
      'b.project_id',
      sql<number>`coalesce(c.filled_count, 0)`.as('filled_count'),
      sql<number>`coalesce(c.total_count, 0)`.as('total_count'),
      'b.status',
      'b.date_of_creation',
      'b.date_of_last_edit',
      'b.comments',
    ]);
}

const SORT: Record<BatchSortFlag, ReturnType<typeof sql>> = {
  order_by_last_modified: sql`coalesce(b.date_of_last_edit, b.date_of_creation) desc`,
  order_by_creation: sql`b.date_of_creation desc`,
  order_by_total_trays: sql`coalesce(c.total_count, 0) desc`,
  // The desk's work first: ready for filling, then filled, uploaded, completed.
  order_by_status: sql`case b.status when 'ready for filling' then 0 when 'filled' then 1
    when 'uploaded' then 2 else 3 end asc`,
};

function toBatch(r: WarehouseBatch): WarehouseBatch {
  return {
    ...r,
    filled_count: Number(r.filled_count),
    total_count: Number(r.total_count),
    project_id: Number(r.project_id),
  };
}

export async function listBatches(
  db: Db,
  companyId: number,
  sort: BatchSortFlag,
  limit: number,
  page: number,
): Promise<{ results: WarehouseBatch[]; count: number }> {
  const rows = await batchBase(db, companyId)
    .orderBy(SORT[sort])
    .orderBy('b.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const count = await countRows(
    db
      .selectFrom('batches')
      .where('company_id', '=', companyId)
      .where('status', 'in', [...WAREHOUSE_BATCH_STATUSES]),
  );
  return { results: rows.map(toBatch), count };
}

export async function findBatch(
  db: Db,
  companyId: number,
  batchId: number,
): Promise<WarehouseBatch | undefined> {
  const row = await batchBase(db, companyId).where('b.id', '=', batchId).executeTakeFirst();
  return row && toBatch(row);
}

export async function batchIds(db: Db, companyId: number) {
  return db
    .selectFrom('batches')
    .select(['id as batch_id', 'name', 'status'])
    .where('company_id', '=', companyId)
    .where('status', 'in', [...WAREHOUSE_BATCH_STATUSES])
    .orderBy('id')
    .execute();
}

/** Tray rows with their item's mould and colour (shared by the list and the pull collection). */
export function traySelect(db: Db, companyId: number) {
  return db
    .selectFrom('trays')
    .innerJoin('batches as b', 'b.id', 'trays.batch_id')
    .leftJoin('items as i', 'i.id', 'trays.item_id')
    .leftJoin('moulds as m', (j) =>
      j.on((eb) => eb('m.id', '=', eb.fn.coalesce('i.mold_id', 'trays.mold_id'))),
    )
    .leftJoin('colours as co', (j) =>
      j.on((eb) => eb('co.id', '=', eb.fn.coalesce('i.colour_id', 'trays.colour_id'))),
    )
    .where('trays.company_id', '=', companyId)
    .where('b.company_id', '=', companyId);
}

export async function listTrays(
  db: Db,
  companyId: number,
  filter: { batchId?: number; limit?: number; page: number },
): Promise<{ results: WarehouseTray[]; count: number }> {
  let q = traySelect(db, companyId).where('b.status', 'in', [...WAREHOUSE_BATCH_STATUSES]);
  if (filter.batchId !== undefined) q = q.where('trays.batch_id', '=', filter.batchId);
  const count = await countRows(q);
  let rows = q
    .select([
      'trays.id as tray_id',
      'trays.tray_nr',
      'trays.batch_id',
      'trays.date_of_creation',
      'trays.status',
      'trays.item_id',
      'm.id as mold_id',
      'm.name as mold_name',
      'co.id as colour_id',
      'co.name as colour_name',
      'trays.quantity',
      'trays.location_id',
    ])
    .orderBy('trays.batch_id')
    .orderBy('trays.tray_nr');
  if (filter.limit !== undefined) {
    rows = rows.limit(filter.limit).offset((filter.page - 1) * filter.limit);
  } else {
    rows = rows.limit(5000);
  }
  const results = (await rows.execute()).map((r) => ({ ...r, quantity: Number(r.quantity) }));
  return { results, count };
}

/**
 * The Fill tray screen: the tray, its item, the stock of the item in the whole warehouse, and the
 * locations to choose from — where the item already lies (route order), then the locations marked
 * for new items that do not hold it yet.
 */
export async function trayDetail(
  db: Db,
  companyId: number,
  trayId: number,
): Promise<TrayDetail | undefined> {
  const t = await traySelect(db, companyId)
    .leftJoin('conditions as cd', 'cd.condition_name', 'i.condition')
    .where('trays.id', '=', trayId)
    .select([
      'trays.id as tray_id',
      'trays.tray_nr',
      'trays.batch_id',
      'b.name as batch_name',
      'trays.status',
      'trays.item_id',
      'm.brickbase_uuid as item_uuid',
      'i.readable_id',
      'm.image_url as image_path',
      'm.id as mold_id',
      'm.name as mold_name',
      'm.bl_mold_id',
      'co.id as colour_id',
      'co.name as colour_name',
      'co.hex as colour_hex',
      'co.bl_colour_id',
      sql<string | null>`coalesce(i.condition, trays.condition)`.as('condition'),
      'trays.quantity',
      'trays.location_id',
    ])
    .executeTakeFirst();
  if (!t) return undefined;

  const stock =
    t.item_id === null
      ? []
      : await db
          .selectFrom('location_content')
          .select(['location_id', 'quantity'])
          .where('item_id', '=', t.item_id)
          // Over the item index: "company_id + 0" keeps SQLite's planner off the
          // (company_id, version) index, which would read every stock row of the company.
          .where(sql<boolean>`company_id + 0 = ${companyId}`)
          .execute();
  // New-items locations: the flagged ones and their subtrees (as GET /v1/location_new_items).
  const newRows = await newItemsSubtrees(db, companyId);
  const newIds = new Set(newRows.map((r) => r.id));
  // The route over the stocked locations, the flagged ones (with their ancestors) and the
  // flagged subtrees: every location the screen lists, never the whole tree.
  const part = await loadRoute(db, companyId, [
    ...stock.map((s) => s.location_id),
    ...newRows.filter((r) => r.flagged === 1).map((r) => r.id),
  ]);
  const tree = new LocationRoute<LocationTreeRow>([...part.rows(), ...newRows]);
  const locations = fillLocations(
    tree,
    newIds,
    stock.map((s) => ({ location_id: s.location_id, quantity: Number(s.quantity) })),
    NEW_ITEMS_CANDIDATES_MAX,
  );
  return {
    ...t,
    quantity: Number(t.quantity),
    quantity_in_warehouse: stock.reduce((sum, s) => sum + Number(s.quantity), 0),
    locations,
  };
}
