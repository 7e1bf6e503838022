import { sql } from 'kysely';
import { OrderMessages, overPickMessage, PickingStatus } from '../../../contract/orders';
import {
  PickingRejectCode as Code,
  type PickConfirmArgs,
} from '../../../contract/mutations/picking';
import { isPostgres, nowIso } from '../../db/dialect';
import { prepared } from '../../db/prepared';
import type { Database } from '../../db/schema';
import { stockRowAt } from '../locations/content';
import { changeOrder } from './floor';
import { touchOrder } from './totals';
import { refuse, type Trx, type WriteCtx } from '../../write/context';

/**
 * The picker's writes (docs/picking.md), shared by the REST routes and the outbox
 * mutations. Every function first takes the company's sync version, then guards each change in
 * SQL and checks the row count (PostgreSQL re-checks a guard after waiting for the row, so pushes
 * that run side by side never both pass it), or locks the row it reads before writing.
 */

/** The order's picking state; `lock`: held until the transaction ends (PostgreSQL). */
export async function orderRow(trx: Trx, ctx: WriteCtx, orderId: number, lock = false) {
  const o = await trx
    .selectFrom('orders')
    .select(['id', 'picking_status_id', 'claimed_by_user_id', 'pickable'])
    .where('id', '=', orderId)
    .where('company_id', '=', ctx.companyId)
    .$if(lock && isPostgres(trx), (q) => q.forUpdate())
    .executeTakeFirst();
  if (!o) throw refuse(404, Code.orderNotFound, OrderMessages.orderNotFound);
  return o;
}

const holds = (
  ctx: WriteCtx,
  o: { picking_status_id: number; claimed_by_user_id: number | null },
) => o.claimed_by_user_id === ctx.userId && o.picking_status_id === PickingStatus.BEING_PICKED;

/**
 * BEING_PICKED by the caller. Open to an unassigned or paused order, or one the caller already
 * picks; of several concurrent claims exactly one matches the guarded UPDATE.
 */
export async function claimOrder(trx: Trx, ctx: WriteCtx, orderId: number): Promise<void> {
  const version = await ctx.version();
  const now = nowIso();
  const res = await trx
    .updateTable('orders')
    .set({
      picking_status_id: PickingStatus.BEING_PICKED,
      claimed_by_user_id: ctx.userId,
      claimed_at: now,
      updated_at: now,
      version,
    })
    .where('id', '=', orderId)
    .where('company_id', '=', ctx.companyId)
    .where('pickable', '=', 1)
    .where((eb) =>
      eb.or([
        eb('picking_status_id', 'in', [PickingStatus.UNASSIGNED, PickingStatus.PAUSED]),
        eb.and([
          eb('picking_status_id', '=', PickingStatus.BEING_PICKED),
          eb('claimed_by_user_id', '=', ctx.userId),
        ]),
      ]),
    )
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return;
  const o = await orderRow(trx, ctx, orderId);
  if (o.pickable !== 1) throw refuse(409, Code.orderNotPickable, OrderMessages.orderNotPickable);
  if (o.picking_status_id === PickingStatus.PICKED) {
    throw refuse(409, Code.orderPicked, OrderMessages.orderPicked);
  }
  throw refuse(409, Code.orderTaken, OrderMessages.orderTaken);
}

/** PAUSED (leaving the picker screen). The caller keeps the order until someone else claims it. */
export async function pauseOrder(trx: Trx, ctx: WriteCtx, orderId: number): Promise<void> {
  const version = await ctx.version();
  const res = await trx
    .updateTable('orders')
    .set({ picking_status_id: PickingStatus.PAUSED, updated_at: nowIso(), version })
    .where('id', '=', orderId)
    .where('company_id', '=', ctx.companyId)
    .where('claimed_by_user_id', '=', ctx.userId)
    .where('picking_status_id', 'in', [PickingStatus.BEING_PICKED, PickingStatus.PAUSED])
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return;
  await orderRow(trx, ctx, orderId);
  throw refuse(409, Code.orderNotClaimed, OrderMessages.orderNotClaimed);
}

/** Done with the route: PICKED (4) when everything ordered was picked, else PAUSED (3). */
export async function finishOrder(
  trx: Trx,
  ctx: WriteCtx,
  orderId: number,
): Promise<{ picking_status_id: number }> {
  const version = await ctx.version();
  // Locked: the picked totals read next must not change before the status they decide is written.
  const o = await orderRow(trx, ctx, orderId, true);
  if (o.claimed_by_user_id !== ctx.userId) {
    throw refuse(409, Code.orderNotClaimed, OrderMessages.orderNotClaimed);
  }
  if (o.picking_status_id === PickingStatus.PICKED)
    return { picking_status_id: PickingStatus.PICKED };
  if (o.picking_status_id === PickingStatus.UNASSIGNED) {
    throw refuse(409, Code.orderNotClaimed, OrderMessages.orderNotClaimed);
  }
  const totals = await trx
    .selectFrom('order_items')
    .select([
      sql<number>`coalesce(sum(quantity_ordered), 0)`.as('ordered'),
      sql<number>`coalesce(sum(quantity_picked), 0)`.as('picked'),
    ])
    .where('order_id', '=', orderId)
    .where('company_id', '=', ctx.companyId)
    .executeTakeFirstOrThrow();
  const status =
    Number(totals.picked) >= Number(totals.ordered) ? PickingStatus.PICKED : PickingStatus.PAUSED;
  await changeOrder(trx, ctx, version, o, { picking_status_id: status });
  return { picking_status_id: status };
}

/**
 * One confirmed pick: the stock at the location goes down and the item's quantity_picked goes up
 * by `quantity`, or (on any refusal, the caller's transaction being rolled back) neither. The fast
 * path is three guarded writes; only a refused write reads further to say why.
 */
export async function confirmPick(trx: Trx, ctx: WriteCtx, args: PickConfirmArgs): Promise<void> {
  const version = await ctx.version();
  const { rows } = await pickQuery(trx, {
    quantity: args.quantity,
    now: nowIso(),
    version,
    itemRowId: args.order_item_id,
    orderId: args.order_id,
    companyId: ctx.companyId,
    userId: ctx.userId,
    beingPicked: PickingStatus.BEING_PICKED,
  });
  const picked = rows[0];
  if (!picked) await explainRefusedPick(trx, ctx, args);
  await takeStock(trx, ctx, version, args.location_id, picked!.item_id, args.quantity, true);
  await touchOrder(trx, ctx.companyId, args.order_id, version);
}

/** The pick's guarded write (prepared: a pushed batch runs it once per pick). */
const pickQuery = prepared<Database, { item_id: number }, Record<string, unknown>>((db, $) =>
  db
    .updateTable('order_items')
    .set({
      quantity_picked: sql`quantity_picked + ${$('quantity')}`,
      updated_at: $('now'),
      version: $('version'),
    })
    .where('id', '=', $('itemRowId'))
    .where('order_id', '=', $('orderId'))
    .where('company_id', '=', $('companyId'))
    .where(sql<boolean>`quantity_picked + ${$('quantity')} <= quantity_ordered`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('orders')
          .select('orders.id')
          .whereRef('orders.id', '=', 'order_items.order_id')
          .where('orders.claimed_by_user_id', '=', $('userId'))
          .where('orders.picking_status_id', '=', $('beingPicked')),
      ),
    )
    .returning('item_id'),
);

/** Why the guarded pick matched no row: always throws the refusal. */
async function explainRefusedPick(trx: Trx, ctx: WriteCtx, args: PickConfirmArgs): Promise<never> {
  const o = await orderRow(trx, ctx, args.order_id);
  if (!holds(ctx, o)) throw refuse(409, Code.orderNotClaimed, OrderMessages.orderNotClaimed);
  const item = await trx
    .selectFrom('order_items')
    .select(['quantity_ordered', 'quantity_picked'])
    .where('id', '=', args.order_item_id)
    .where('order_id', '=', args.order_id)
    .where('company_id', '=', ctx.companyId)
    .executeTakeFirst();
  if (!item) throw refuse(404, Code.itemNotInOrder, OrderMessages.itemNotInOrder);
  const left = Math.max(item.quantity_ordered - item.quantity_picked, 0);
  throw refuse(409, Code.overPick, overPickMessage(left));
}

const takeStockQuery = prepared<Database, { quantity: number }, Record<string, unknown>>((db, $) =>
  db
    .updateTable('location_content')
    .set({
      quantity: sql`quantity + ${$('change')}`,
      updated_at: $('now'),
      version: $('version'),
    })
    .where('company_id', '=', $('companyId'))
    .where('location_id', '=', $('locationId'))
    .where('item_id', '=', $('itemId'))
    .where(sql<boolean>`quantity + ${$('change')} >= 0`)
    .returning('quantity'),
);

/**
 * Adds `change` (negative: takes) to the stock of an item at a location, never below zero. 404 when
 * the item lies not there, 409 "You cannot pick more than the current stock" when the stock is too
 * small.
 */
export async function takeStock(
  trx: Trx,
  ctx: WriteCtx,
  version: number,
  locationId: number,
  itemId: number,
  take: number,
  forPick = false,
): Promise<number> {
  const { rows } = await takeStockQuery(trx, {
    change: -take,
    now: nowIso(),
    version,
    companyId: ctx.companyId,
    locationId,
    itemId,
  });
  const res = rows[0];
  if (res) return Number(res.quantity);
  if (!(await stockRowAt(trx, ctx.companyId, locationId, itemId))) {
    throw refuse(
      404,
      Code.notAtLocation,
      forPick ? OrderMessages.wrongLocation : OrderMessages.itemNotAtLocation,
    );
  }
  throw refuse(409, Code.stockInsufficient, OrderMessages.stockInsufficient);
}

/**
 * PUT /order/item: sets an item's quantity_picked (the original client's second call of a pick).
 * A picker must hold the order; an order manager may correct any order.
 */
export async function setPicked(
  trx: Trx,
  ctx: WriteCtx,
  orderId: number,
  itemId: number,
  quantityPicked: number,
  isManager: boolean,
): Promise<number> {
  const version = await ctx.version();
  const o = await orderRow(trx, ctx, orderId);
  if (!isManager && !holds(ctx, o)) {
    throw refuse(409, Code.orderNotClaimed, OrderMessages.orderNotClaimed);
  }
  const row = await trx
    .updateTable('order_items')
    .set({ quantity_picked: quantityPicked, updated_at: nowIso(), version })
    .where('order_id', '=', orderId)
    .where('item_id', '=', itemId)
    .where('company_id', '=', ctx.companyId)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw refuse(404, Code.itemNotInOrder, OrderMessages.itemNotInOrder);
  await touchOrder(trx, ctx.companyId, orderId, version);
  return row.id;
}
