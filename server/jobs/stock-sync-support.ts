import type { App } from '../app';
import { nowIso } from '../db/dialect';

/** Test helpers of the stock-sync suite (not used by the server). */

/** The item's stock: exactly `quantity`, in one of the company's locations. */
export async function setStock(
  app: App,
  companyId: number,
  itemId: number,
  quantity: number,
): Promise<void> {
  const item = await app.db
    .selectFrom('items')
    .select('colour_id')
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  const location = await app.db
    .selectFrom('locations')
    .select('id')
    .where('company_id', '=', companyId)
    .where('parent_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await app.db.deleteFrom('location_content').where('item_id', '=', itemId).execute();
  await app.db
    .insertInto('location_content')
    .values({
      company_id: companyId,
      location_id: location.id,
      item_id: itemId,
      colour_id: item.colour_id,
      quantity,
      updated_at: nowIso(),
    })
    .execute();
}

export async function storeItem(app: App, storeId: number, itemId: number) {
  return app.db
    .selectFrom('store_items')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
}

/** The marketplace lot id the store item records, or undefined when there is no store item. */
export async function lotOf(app: App, storeId: number, itemId: number) {
  const row = await app.db
    .selectFrom('store_items')
    .select('external_lot_id')
    .where('store_id', '=', storeId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row?.external_lot_id ?? undefined;
}

/** POST /api/v1/stock_sync, for one store or all. */
export function syncNow(app: App, auth: string, storeId?: number) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/stock_sync',
    headers: { authorization: auth },
    payload: storeId === undefined ? {} : { store_id: storeId },
  });
}
