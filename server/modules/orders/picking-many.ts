import { sql, type RawBuilder } from 'kysely';
import { PickingStatus } from '../../../contract/orders';
import type { PickConfirmArgs } from '../../../contract/mutations/picking';
import { isPostgres, nowIso } from '../../db/dialect';
import type { ManyContext, ManyItem } from '../../sync/mutations';
import type { Trx } from '../../write/context';
import { runNamed } from '../../db/named-statements';
import type { Database } from '../../db/schema';
import { writeOrderTotals } from './totals';

/**
 * Picks applied at once — a phone's queued picks (the outbox sends up to a hundred in one push),
 * or the single picks of many pickers whose pushes arrived together: three set-based writes
 * instead of three per pick. The effect is that of confirming each in turn: all
 * quantities are positive, so every pick in turn passes its guards exactly when the sums per order
 * item and per stock row pass them. Answers false, leaving the caller to undo and go one by one,
 * when any guard fails.
 */
export async function confirmPicks(
  trx: Trx,
  ctx: ManyContext,
  run: ManyItem<PickConfirmArgs>[],
  version: number,
): Promise<boolean> {
  const picks = run.map((r) => r.args);
  const perItem = new Map<number, { order: number; by: number; take: number }>();
  for (const { args: p, userId } of run) {
    const seen = perItem.get(p.order_item_id);
    if (seen && (seen.order !== p.order_id || seen.by !== userId)) return false;
    const take = (seen?.take ?? 0) + p.quantity;
    perItem.set(p.order_item_id, { order: p.order_id, by: userId, take });
  }
  const now = nowIso();
  if (isPostgres(trx)) return confirmInOneStatement(trx, ctx, picks, perItem, now, version);
  const { rows: picked } = await sql<{ id: number; item_id: number }>`
    with v(row_id, for_order, by_user, take) as (values ${rowsOf([...perItem].map(([id, e]) => [id, e.order, e.by, e.take]))})
    ${pickItems(ctx, now, version)}`.execute(trx);
  if (picked.length !== perItem.size) return false;

  const itemOf = new Map(picked.map((r) => [Number(r.id), Number(r.item_id)]));
  const perStock = new Map<string, [number, number, number]>();
  for (const p of picks) {
    const item = itemOf.get(p.order_item_id)!;
    const key = `${p.location_id}:${item}`;
    const seen = perStock.get(key);
    perStock.set(key, [p.location_id, item, (seen?.[2] ?? 0) + p.quantity]);
  }
  const { rows: taken } = await sql<{ id: number }>`
    with s(at_location, of_item, take) as (values ${rowsOf([...perStock.values()])})
    ${takeStock(ctx, now, version)}`.execute(trx);
  if (taken.length !== perStock.size) return false;

  const orders = [...new Set(picks.map((p) => p.order_id))];
  await writeOrderTotals(trx, ctx.companyId, orders, { version, now });
  return true;
}

/**
 * The same three writes in one statement on PostgreSQL (each part sees the rows as they were
 * before the statement, so the stock rows are found through the order items' updated rows, the
 * sums per stock row are taken from the picks whose order item passed, and each order's
 * picked_total gets its picks' sum — when any pick fails its guard, all of it is undone). One
 * round trip to the database instead of three, and one text whatever the number of picks (the
 * lists go as arrays), so PostgreSQL keeps it parsed and planned.
 */
async function confirmInOneStatement(
  trx: Trx,
  ctx: ManyContext,
  picks: PickConfirmArgs[],
  perItem: Map<number, { order: number; by: number; take: number }>,
  now: string,
  version: number,
): Promise<boolean> {
  const ids = [...perItem.keys()];
  const items = [...perItem.values()];
  const { rows } = await runNamed<{ picked: number; stocks: number; taken: number }, Database>(
    trx,
    sql`with v(row_id, for_order, by_user, take) as (
      select * from unnest(${ids}::integer[], ${items.map((e) => e.order)}::integer[],
        ${items.map((e) => e.by)}::integer[], ${items.map((e) => e.take)}::integer[])
    ),
    picked as (${pickItems(ctx, now, version)}),
    p(row_id, at_location, take) as (
      select * from unnest(${picks.map((k) => k.order_item_id)}::integer[],
        ${picks.map((k) => k.location_id)}::integer[], ${picks.map((k) => k.quantity)}::integer[])
    ),
    s as (
      select p.at_location, picked.item_id as of_item, sum(p.take) as take
      from p join picked on picked.id = p.row_id
      group by p.at_location, picked.item_id
    ),
    taken as (${takeStock(ctx, now, version)}),
    touched as (
      update orders set version = ${version}, updated_at = ${now},
        picked_total = orders.picked_total + t.take
      from (select for_order, sum(take) as take from v group by for_order) t
      where orders.company_id = ${ctx.companyId} and orders.id = t.for_order
      returning orders.id
    )
    select (select count(*) from picked) as picked, (select count(*) from s) as stocks,
      (select count(*) from taken) as taken, (select count(*) from touched) as orders`,
  );
  const r = rows[0];
  return Number(r.picked) === perItem.size && Number(r.taken) === Number(r.stocks);
}

/**
 * Adds each order item's sum (`v`: row_id, for_order, by_user, take) to its picked quantity, where
 * the order item is of that order and company, stays within its ordered quantity, and its order is
 * being picked by that user; answers the rows updated.
 */
function pickItems(ctx: ManyContext, now: string, version: number): RawBuilder<unknown> {
  return sql`update order_items
    set quantity_picked = order_items.quantity_picked + v.take, updated_at = ${now},
      version = ${version}
    from v
    where order_items.id = v.row_id and order_items.order_id = v.for_order
      and order_items.company_id = ${ctx.companyId}
      and order_items.quantity_picked + v.take <= order_items.quantity_ordered
      and exists (select 1 from orders where orders.id = order_items.order_id
        and orders.claimed_by_user_id = v.by_user
        and orders.picking_status_id = ${PickingStatus.BEING_PICKED})
    returning order_items.id, order_items.item_id`;
}

/**
 * Takes each stock row's sum (`s`: at_location, of_item, take) from its quantity, where it does
 * not go below zero; answers the rows updated.
 */
function takeStock(ctx: ManyContext, now: string, version: number): RawBuilder<unknown> {
  return sql`update location_content
    set quantity = location_content.quantity - s.take, updated_at = ${now}, version = ${version}
    from s
    where location_content.company_id = ${ctx.companyId}
      and location_content.location_id = s.at_location and location_content.item_id = s.of_item
      and location_content.quantity - s.take >= 0
    returning location_content.id`;
}

/** `(cast(a as integer), …), …`: typed on PostgreSQL, where a bare parameter in VALUES is text. */
function rowsOf(rows: number[][]): RawBuilder<unknown> {
  return sql.join(rows.map((r) => sql`(${sql.join(r.map((n) => sql`cast(${n} as integer)`))})`));
}
