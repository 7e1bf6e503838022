import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  checkStoreItem,
  StoreItemList,
  StoreItemMessages,
  StoreItemsQuery,
  StoreItemRow,
  StoreItemUpdate,
} from '../../../contract/bricksyncer';
import { nowIso } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { countRows } from '../../db/count-rows';
import { notFound } from '../../errors';
import { SYNCERS } from './stores';
import { refuseForm } from '../../http/refuse';
import { routesOf } from '../../http/routes';
import { joinItemLooks } from '../../db/item-joins';
import { toSend } from '../../jobs/stock-sync/items';

/** Each item's total quantity in the company's warehouse. */
function totals(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('location_content')
    .select(['item_id', sql<string>`sum(quantity)`.as('total')])
    .where('company_id', '=', companyId)
    .groupBy('item_id');
}

async function storeItemRows(
  db: Kysely<Database>,
  companyId: number,
  page: { limit: number; offset: number } | { id: number },
): Promise<StoreItemRow[]> {
  let q = db
    .selectFrom('store_items as si')
    .innerJoin('stores as s', 's.id', 'si.store_id')
    .$call(joinItemLooks('si.item_id'))
    .leftJoin(totals(db, companyId).as('t'), 't.item_id', 'si.item_id')
    .select([
      'si.id',
      'si.item_id',
      'si.store_id',
      's.name as store_name',
      's.platform',
      's.currency',
      'm.name as mold_name',
      'c.name as colour_name',
      'i.condition',
      'si.store_quantity',
      'si.store_price',
      'si.tier_price',
      'si.bulk_size',
      'si.note_public',
      'si.note_private',
      'si.needs_upload',
      't.total',
    ])
    .where('si.company_id', '=', companyId);
  if ('id' in page) q = q.where('si.id', '=', page.id);
  else q = q.orderBy('m.name').orderBy('si.id').limit(page.limit).offset(page.offset);
  const rows = await q.execute();
  return rows.map(({ total, needs_upload, ...r }) => ({
    ...r,
    waiting: Number(needs_upload) === 1,
    store_price: Number(r.store_price),
    quantity: Number(total ?? 0),
  }));
}

/** Items on sale in the company's stores (GET /v1/store_items, PUT /v1/stock_store_item). */
export async function storeItemRoutes(app: FastifyInstance): Promise<void> {
  const api = routesOf(app, 'bricksyncer');

  api.get(
    '/v1/store_items',
    {
      access: SYNCERS,
      summary: 'Items on sale, a page at a time (prices in thousandths)',
      query: StoreItemsQuery,
      answer: StoreItemList,
    },
    async ({ query, user }) => {
      const { companyId } = user;
      const { limit, page } = query;
      const count = await countRows(
        app.db.selectFrom('store_items').where('company_id', '=', companyId),
      );
      const results = await storeItemRows(app.db, companyId, { limit, offset: (page - 1) * limit });
      return { count, results };
    },
  );

  api.put(
    '/v1/stock_store_item',
    {
      access: SYNCERS,
      summary:
        'Edit the price, tier price, bulk size, quantity and notes of an item on sale; marks it for the next upload',
      body: StoreItemUpdate,
      answer: StoreItemRow,
    },
    async ({ body, user, reply }) => {
      const { companyId } = user;
      const [row] = await storeItemRows(app.db, companyId, { id: body.id });
      if (!row || row.item_id !== body.item_id) throw notFound(StoreItemMessages.notFound);
      const checked = checkStoreItem(body, row.quantity, row.store_quantity);
      if (!checked.ok) return refuseForm(reply, checked.problems);
      await app.db
        .updateTable('store_items')
        .set((eb) => ({
          ...checked.values,
          // A quantity set by hand is the person's new choice: nothing is owed back to it.
          ...(checked.values.store_quantity !== row.store_quantity ? { held_back: 0 } : {}),
          ...toSend(eb, nowIso()),
        }))
        .where('company_id', '=', companyId)
        .where('id', '=', row.id)
        .execute();
      const [updated] = await storeItemRows(app.db, companyId, { id: row.id });
      return updated;
    },
  );
}
