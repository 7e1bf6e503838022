import { sql, type Kysely } from 'kysely';
import {
  PickingStatus,
  type Order,
  type OrderItem,
  type OrderSortFlag,
} from '../../../contract/orders';
import { mayPick } from '../../../contract/picking-rules';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';
import { joinItemLooks } from '../../db/item-joins';

/**
 * Reads of orders and their items, scoped by company. Totals (lots, ordered, picked) are kept on
 * the order's row (./totals.ts).
 */

export interface Viewer {
  companyId: number;
  userId: number;
  /** Holds the picker role (allowed_to_pick needs it). */
  isPicker: boolean;
}

export interface OrderFilter {
  orderId?: number;
  problemsOnly?: boolean;
  /** Only orders the viewer may pick now. */
  toPick?: boolean;
}

/**
 * The company's orders (`o`) with their status names. The order lists and the devices' pull read
 * orders through here, with ORDER_COLUMNS.
 */
export function orderRows(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('order_statuses as os', 'os.id', 'o.status_id')
    .innerJoin('picking_statuses as ps', 'ps.id', 'o.picking_status_id')
    .where('o.company_id', '=', companyId);
}

/** The columns of an order row (of orderRows) that every reader shows. */
export const ORDER_COLUMNS = [
  'o.id as order_id',
  'o.order_number',
  'o.store_platform',
  'o.buyer_name',
  'o.created_at',
  'o.status_id',
  'os.name as status_name',
  'o.picking_status_id',
  'ps.name as picking_status_name',
  'o.item_count',
  'o.ordered_total',
  'o.picked_total',
  'o.has_problem',
  'o.picker_issue',
  'o.pickable',
  'o.claimed_by_user_id',
] as const;

function base(db: Kysely<Database>, viewer: Viewer, filter: OrderFilter) {
  let q = orderRows(db, viewer.companyId).leftJoin('users as u', 'u.id', 'o.claimed_by_user_id');
  if (filter.orderId !== undefined) q = q.where('o.id', '=', filter.orderId);
  if (filter.problemsOnly) q = q.where('o.has_problem', '=', 1);
  if (filter.toPick) {
    q = q
      .where('o.pickable', '=', 1)
      .where('o.picking_status_id', '<>', PickingStatus.PICKED)
      .where((eb) =>
        eb.or([
          eb('o.picking_status_id', '<>', PickingStatus.BEING_PICKED),
          eb('o.claimed_by_user_id', '=', viewer.userId),
        ]),
      );
  }
  return q;
}

const SORT: Record<OrderSortFlag, ReturnType<typeof sql>> = {
  order_by_age: sql`o.created_at asc`,
  order_by_item_count: sql`o.item_count desc`,
  order_by_ordered_total: sql`o.ordered_total desc`,
  order_by_picked_total: sql`o.picked_total desc`,
  order_by_picking_progress: sql`case when o.ordered_total = 0 then 0
    else 1.0 * o.picked_total / o.ordered_total end desc`,
};

export async function findOrders(
  db: Kysely<Database>,
  viewer: Viewer,
  filter: OrderFilter,
  page?: { sort: OrderSortFlag; limit: number; page: number },
): Promise<{ results: Order[]; count: number }> {
  let q = base(db, viewer, filter).select([...ORDER_COLUMNS, 'u.name as claimed_by_name']);
  let count: number;
  if (page) {
    q = q
      .orderBy(SORT[page.sort])
      .orderBy('o.id')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit);
    count = await countRows(base(db, viewer, filter));
  } else {
    count = -1;
  }
  const rows = await q.execute();
  const results = rows.map((r) => {
    return {
      ...r,
      item_count: Number(r.item_count),
      ordered_total: Number(r.ordered_total),
      picked_total: Number(r.picked_total),
      claimed_by_name: r.claimed_by_name ?? null,
      allowed_to_pick: viewer.isPicker && mayPick(r, viewer.userId),
    };
  });
  return { results, count: count < 0 ? results.length : count };
}

/** The items of an order with image, colour, mould, condition, notes and picked|ordered. */
export async function findOrderItems(
  db: Kysely<Database>,
  companyId: number,
  orderId: number,
): Promise<OrderItem[]> {
  const rows = await orderItemColumns(db)
    .where('oi.order_id', '=', orderId)
    // Over the (order_id, item_id) index: "company_id + 0" keeps SQLite's planner off the
    // (company_id, version) index, which would read every order item of the company.
    .where(sql<boolean>`oi.company_id + 0 = ${companyId}`)
    .orderBy('oi.id')
    .execute();
  return rows.map(({ version: _v, ...r }) => r);
}

/** The shared select of order items (also the pull collection's rows). */
export function orderItemSelect(db: Kysely<Database>, companyId: number) {
  return orderItemColumns(db).where('oi.company_id', '=', companyId);
}

/** Order items with their item, mould, colour and condition; not yet scoped by company. */
function orderItemColumns(db: Kysely<Database>) {
  return db
    .selectFrom('order_items as oi')
    .$call(joinItemLooks('oi.item_id'))
    .innerJoin('conditions as cd', 'cd.condition_name', 'i.condition')
    .select([
      'oi.id as order_item_id',
      'oi.order_id',
      'oi.item_id',
      'm.image_url as image_path',
      'i.colour_id',
      'c.hex as colour_hex',
      'c.name as colour_name',
      'i.mold_id',
      'm.name as mold_name',
      'i.condition',
      'cd.new_condition_name as condition_name',
      'oi.quantity_ordered',
      'oi.quantity_picked',
      sql<string>`coalesce(oi.private_note, i.note_private, '')`.as('private_note'),
      sql<string>`coalesce(oi.public_note, i.note_public, '')`.as('public_note'),
      'oi.version',
    ]);
}

/**
 * Stock rows (location, quantity > 0) of the given items, in the company, over the item index:
 * "company_id + 0" keeps SQLite's planner off the (company_id, version) index, which would read
 * every stock row of the company.
 */
export async function stockOf(
  db: Kysely<Database>,
  companyId: number,
  itemIds: number[],
): Promise<{ item_id: number; location_id: number; quantity: number }[]> {
  if (itemIds.length === 0) return [];
  const rows = await db
    .selectFrom('location_content')
    .select(['item_id', 'location_id', 'quantity'])
    .where('item_id', 'in', [...new Set(itemIds)])
    .where(sql<boolean>`company_id + 0 = ${companyId}`)
    .where('quantity', '>', 0)
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) }));
}
