import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ErrorBody } from '../../../contract/errors';
import {
  UnknownLotBody,
  UnknownLotList,
  UnknownLotMessages as M,
  UnknownLotRemoval,
  UnknownLotRow,
} from '../../../contract/unknown-lots';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { ConditionName } from '../../db/schema-domain';
import { badRequest, conflict, notFound } from '../../errors';
import { routesOf } from '../../http/routes';
import { jobViews, NO_SYNC_STORE, queueStockSyncs, type BackgroundJobs } from '../../jobs';
import { itemOfLot } from '../../jobs/stock-check/unknown';
import { holdsNone } from '../../jobs/stock-sync/available';
import { SYNCERS } from '../bricksyncer/stores';

/** The company's unknown lots (all, or the one with `id`), with their store and warehouse stock. */
async function unknownLotRows(
  db: Kysely<Database>,
  companyId: number,
  which: { id: number } | { waiting: true },
): Promise<UnknownLotRow[]> {
  const held = db
    .selectFrom('location_content')
    .select(['item_id', sql<string>`sum(quantity)`.as('n')])
    .where('company_id', '=', companyId)
    .groupBy('item_id');
  let q = db
    .selectFrom('store_unknown_lots as u')
    .innerJoin('stores as s', 's.id', 'u.store_id')
    .leftJoin(held.as('held'), 'held.item_id', 'u.item_id')
    .select([
      'u.id',
      'u.store_id',
      's.name as store_name',
      's.platform',
      's.currency',
      'u.external_lot_id',
      'u.words',
      'u.quantity',
      'u.price',
      'u.item_id',
      'held.n as held',
      'u.status',
      'u.error',
      'u.found_at',
      'u.seen_at',
    ])
    .where('u.company_id', '=', companyId);
  q =
    'id' in which
      ? q.where('u.id', '=', which.id)
      : q.where('u.status', 'in', ['open', 'removing']).orderBy('s.name').orderBy('u.id');
  const rows = await q.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    store_id: Number(r.store_id),
    store_name: r.store_name,
    platform: r.platform,
    currency: r.currency,
    lot_id: r.external_lot_id,
    words: r.words,
    quantity: Number(r.quantity),
    price: Number(r.price),
    item_id: r.item_id === null ? null : Number(r.item_id),
    in_warehouse: Number(r.held ?? 0),
    status: r.status,
    error: r.error,
    found_at: String(r.found_at),
    seen_at: String(r.seen_at),
  }));
}

/**
 * Lots on the stores that the warehouse does not know, as the stock check found them
 * (docs/marketplaces.md, "Stock check"): listed, adopted as store items, or removed from their
 * store by the stock sync. Bricksyncers only; another company's lot is 'Lot not found'.
 */
export function unknownLotRoutes(jobs: BackgroundJobs) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const api = routesOf(app, 'jobs');

    const mustFind = async (companyId: number, id: number) => {
      const [row] = await unknownLotRows(app.db, companyId, { id });
      if (!row) throw notFound(M.notFound);
      return row;
    };

    api.get(
      '/v1/unknown_store_lots',
      {
        access: SYNCERS,
        summary:
          "Lots on the company's stores that the warehouse does not know, waiting to be adopted or removed (or being removed)",
        answer: UnknownLotList,
      },
      async ({ user }) => ({
        results: await unknownLotRows(app.db, user.companyId, { waiting: true }),
      }),
    );

    api.post(
      '/v1/unknown_store_lots/adopt',
      {
        access: SYNCERS,
        summary:
          "Adopt a lot the warehouse does not know: it becomes the store's item of the warehouse's item it is (stock kept elsewhere when the warehouse holds none of it)",
        body: UnknownLotBody,
        answer: UnknownLotRow,
        otherAnswers: { 404: ErrorBody, 409: ErrorBody },
      },
      async ({ body, user }) => {
        const { companyId } = user;
        const lot = await mustFind(companyId, body.id);
        if (lot.status !== 'open') throw conflict(M.notOpen);
        await app.db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('store_unknown_lots')
            .selectAll()
            .where('id', '=', lot.id)
            .where('company_id', '=', companyId)
            .executeTakeFirstOrThrow();
          const itemId = await itemOfLot(trx, companyId, row.store_id, lot.platform, lot.lot_id, {
            blItemNo: row.bl_item_no,
            typeCode: row.item_type,
            boid: row.boid,
            colourId: row.colour_id === null ? null : Number(row.colour_id),
            condition: row.condition as ConditionName,
          });
          if (itemId === undefined) throw conflict(M.noItem(lot.lot_id, lot.words));
          const other = await trx
            .selectFrom('store_items')
            .select('external_lot_id')
            .where('store_id', '=', row.store_id)
            .where('item_id', '=', itemId)
            .executeTakeFirst();
          if (other && other.external_lot_id !== lot.lot_id) {
            throw conflict(M.taken(lot.lot_id, other.external_lot_id));
          }
          const now = nowIso();
          const taken = await trx
            .updateTable('store_unknown_lots')
            .set({
              status: 'adopted',
              item_id: itemId,
              error: null,
              resolved_at: now,
              resolved_by_user_id: user.id,
            })
            .where('id', '=', lot.id)
            .where('status', '=', 'open')
            .executeTakeFirst();
          if (Number(taken.numUpdatedRows) !== 1) throw conflict(M.notOpen);
          if (other) return; // a store item holds the lot by now
          await trx
            .insertInto('store_items')
            .values({
              company_id: companyId,
              store_id: row.store_id,
              item_id: itemId,
              external_lot_id: lot.lot_id,
              store_quantity: row.quantity,
              listed_quantity: row.quantity,
              store_price: row.price,
              tier_price: row.tier_price,
              bulk_size: Number(row.bulk_size),
              sale_rate: Number(row.sale_rate),
              retain: Number(row.retain) === 1 ? 1 : 0,
              stockroom: row.stockroom,
              note_public: row.note_public,
              note_private: row.note_private,
              needs_upload: 0,
              stock_elsewhere: holdsNone(companyId, itemId),
              synced_at: now,
              updated_at: now,
            })
            .execute();
        });
        return mustFind(companyId, lot.id);
      },
    );

    api.post(
      '/v1/unknown_store_lots/remove',
      {
        access: SYNCERS,
        summary:
          'Remove a lot the warehouse does not know from its store: it is deleted there by the stock sync queued for the store (answered with the lot and that job)',
        body: UnknownLotBody,
        status: 202,
        answer: UnknownLotRemoval,
        otherAnswers: { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody },
      },
      async ({ body, user }) => {
        const { companyId } = user;
        const lot = await mustFind(companyId, body.id);
        const taken = await app.db
          .updateTable('store_unknown_lots')
          .set({ status: 'removing', error: null })
          .where('id', '=', lot.id)
          .where('company_id', '=', companyId)
          .where('status', '=', 'open')
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw conflict(M.notOpen);
        let ids: number[];
        try {
          ids = await queueStockSyncs(app.db, companyId, user.id, [lot.store_id]);
          if (ids.length === 0) throw badRequest(NO_SYNC_STORE);
        } catch (error) {
          // Nothing will remove it: it stays open for the person to decide again.
          await app.db
            .updateTable('store_unknown_lots')
            .set({ status: 'open' })
            .where('id', '=', lot.id)
            .where('status', '=', 'removing')
            .execute();
          throw error;
        }
        jobs.poke();
        return {
          lot: await mustFind(companyId, lot.id),
          jobs: await jobViews(app.db, companyId, ids),
        };
      },
    );
  };
}
