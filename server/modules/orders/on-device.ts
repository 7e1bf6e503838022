import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  OnDeviceQuery,
  OnDeviceReport,
  OnDeviceReportResponse,
  OnDeviceResponse,
} from '../../../contract/on-device';
import { PickingStatus } from '../../../contract/orders';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { routesOf } from '../../http/routes';

type Report = { device_id: string; orders: { order_id: number; pending_picks: number }[] };
type Caller = { companyId: number; userId: number };

/**
 * Keep a device's report of picks not yet sent. Only orders of the caller's company that the
 * caller holds the claim on (as the server knows it) are kept; the rest is ignored. The report
 * replaces the device's previous one: orders it no longer names, or names with 0, are cleared.
 */
export async function keepReport(db: Kysely<Database>, caller: Caller, report: Report) {
  const latest = new Map(report.orders.map((o) => [o.order_id, o.pending_picks]));
  const ids = [...latest.keys()];
  const held =
    ids.length === 0
      ? []
      : await db
          .selectFrom('orders')
          .select('id')
          .where('company_id', '=', caller.companyId)
          .where('id', 'in', ids)
          .where('picking_status_id', '=', PickingStatus.BEING_PICKED)
          .where('claimed_by_user_id', '=', caller.userId)
          .execute();
  const kept = held.map((o) => o.id).sort((a, b) => a - b);
  const ignored = ids.filter((id) => !kept.includes(id)).sort((a, b) => a - b);
  const reportedAt = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('device_pending')
      .where('company_id', '=', caller.companyId)
      .where('device_id', '=', report.device_id)
      .execute();
    const rows = kept
      .filter((id) => (latest.get(id) ?? 0) > 0)
      .map((order_id) => ({
        company_id: caller.companyId,
        order_id,
        device_id: report.device_id,
        user_id: caller.userId,
        pending_picks: latest.get(order_id)!,
        reported_at: reportedAt,
      }));
    if (rows.length === 0) return;
    await trx
      .insertInto('device_pending')
      .values(rows)
      // Two reports of one device at once: the later one wins, neither fails.
      .onConflict((c) =>
        c.columns(['company_id', 'order_id', 'device_id']).doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'),
          pending_picks: eb.ref('excluded.pending_picks'),
          reported_at: eb.ref('excluded.reported_at'),
        })),
      )
      .execute();
  });
  return { kept, ignored };
}

/**
 * Picks still on devices for the order manager: only where the order is still being picked by the
 * user whose device told it (a finished, paused or unclaimed order shows nothing).
 */
export async function findOnDevice(db: Kysely<Database>, companyId: number, orderId?: number) {
  let query = db
    .selectFrom('device_pending as dp')
    .innerJoin('orders as o', (j) =>
      j.onRef('o.id', '=', 'dp.order_id').onRef('o.company_id', '=', 'dp.company_id'),
    )
    .leftJoin('users as u', 'u.id', 'dp.user_id')
    .select([
      'dp.order_id',
      'dp.user_id',
      'u.name as user_name',
      'dp.pending_picks',
      'dp.reported_at',
    ])
    .where('dp.company_id', '=', companyId)
    .where('dp.pending_picks', '>', 0)
    .where('o.picking_status_id', '=', PickingStatus.BEING_PICKED)
    .whereRef('o.claimed_by_user_id', '=', 'dp.user_id');
  if (orderId !== undefined) query = query.where('dp.order_id', '=', orderId);
  const rows = await query.orderBy('dp.order_id').orderBy('dp.reported_at', 'desc').execute();
  return rows.map((r) => ({
    order_id: Number(r.order_id),
    user_id: Number(r.user_id),
    user_name: r.user_name ?? null,
    pending_picks: Number(r.pending_picks),
    reported_at: r.reported_at,
  }));
}

/** A device's report of picks not yet sent, and the order manager's view of it. */
export async function onDeviceRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'orders');

  api.post(
    '/v1/sync/pending',
    {
      access: ['picker'],
      summary: "This device's picks not yet sent, per order the caller holds the claim on",
      body: OnDeviceReport,
      answer: OnDeviceReportResponse,
    },
    async ({ body, user }) =>
      keepReport(app.db, { companyId: user.companyId, userId: user.id }, body),
  );

  api.get(
    '/v1/order/on_device',
    {
      access: ['order_manager'],
      summary: 'Picks devices last told as not yet sent, for orders still being picked',
      query: OnDeviceQuery,
      answer: OnDeviceResponse,
    },
    async ({ query, user }) => ({
      results: await findOnDevice(app.db, user.companyId, query.order_id),
    }),
  );
}
