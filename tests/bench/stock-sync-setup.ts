import type { Insertable } from 'kysely';
import type { App } from '../../server/app';
import { nowIso } from '../../server/db/dialect';
import type { ItemsTable } from '../../server/db/schema-domain';
import type { BlInventory } from '../../server/marketplaces/bricklink/types';
import type { FakeLot } from '../support/fake-brickowl/lots';
import { nextVersion } from '../../server/sync/version';
import type { FakeBrickLink } from '../support/fake-bricklink';
import type { FakeBrickOwl } from '../support/fake-brickowl';
import { inProcessApp } from './support';

/** The stock-sync bench's world: the app on SQLite with the demo data, and its items in stock. */

const CHUNK = 500;

/** The app on a fresh SQLite database with the demo data; no background jobs (the bench runs them). */
export async function benchApp(label: string) {
  const server = await inProcessApp(label, { JOB_RUNNER: '0', ORDER_INTAKE_MINUTES: '0' });
  const { app } = server;
  const auth = await server.bearer('syncer@demo.test');
  const { id: companyId } = await app.db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', 'Demo Bricks')
    .executeTakeFirstOrThrow();
  return {
    app,
    auth,
    companyId: Number(companyId),
    close: server.close,
  };
}

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * `count` part items of the company that no order holds: the demo's first, then new ones (each a
 * part mould in a colour and condition the company has no item of yet). Each is stocked with
 * `stock` on one bench shelf only, so what can be sold is exactly what the shelf holds.
 */
export async function stockedItems(
  app: App,
  companyId: number,
  count: number,
  stock: number,
): Promise<{ itemIds: number[]; shelfId: number }> {
  const db = app.db;
  const demo = await db
    .selectFrom('items as i')
    .select(['i.id', 'i.mold_id', 'i.colour_id', 'i.condition'])
    .where('i.company_id', '=', companyId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('order_items as oi').select('oi.id').whereRef('oi.item_id', '=', 'i.id')),
      ),
    )
    .orderBy('i.id')
    .limit(count)
    .execute();
  const taken = new Set(
    (
      await db
        .selectFrom('items')
        .select(['mold_id', 'colour_id', 'condition'])
        .where('company_id', '=', companyId)
        .execute()
    ).map((i) => `${i.mold_id}/${i.colour_id}/${i.condition}`),
  );
  const moulds = await db.selectFrom('moulds').select('id').where('type_id', '=', 2).execute();
  const colours = await db.selectFrom('colours').select('id').execute();
  const now = nowIso();
  const version = await nextVersion(db, companyId);
  const fresh: Insertable<ItemsTable>[] = [];
  for (const condition of ['NEW', 'GOOD'] as const) {
    for (const c of colours) {
      for (const m of moulds) {
        if (demo.length + fresh.length >= count) break;
        if (taken.has(`${m.id}/${c.id}/${condition}`)) continue;
        fresh.push({
          company_id: companyId,
          mold_id: m.id,
          colour_id: c.id,
          condition,
          completeness: null,
          readable_id: null,
          creator_user_id: null,
          date_of_creation: now,
          last_edit_user_id: null,
          date_of_last_edit: null,
          version,
        });
      }
    }
  }
  if (demo.length + fresh.length < count) throw new Error('not enough moulds and colours');
  const created: number[] = [];
  await inChunks(fresh, async (chunk) => {
    const ids = await db.insertInto('items').values(chunk).returning('id').execute();
    created.push(...ids.map((r) => Number(r.id)));
  });
  const itemIds = [...demo.map((i) => Number(i.id)), ...created];
  const colourOf = new Map<number, number>([
    ...demo.map((i) => [Number(i.id), Number(i.colour_id)] as const),
    ...created.map((id, n) => [id, Number(fresh[n].colour_id)] as const),
  ]);
  const root = await db
    .selectFrom('locations')
    .select('id')
    .where('company_id', '=', companyId)
    .where('parent_id', 'is', null)
    .executeTakeFirstOrThrow();
  const { id: shelfId } = await db
    .insertInto('locations')
    .values({
      company_id: companyId,
      parent_id: root.id,
      name: 'Stock-sync bench shelf',
      code: 'BENCH-SS',
      created_at: now,
      updated_at: null,
      version,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await inChunks(itemIds, (chunk) =>
    db.deleteFrom('location_content').where('item_id', 'in', chunk).execute(),
  );
  await inChunks(itemIds, (chunk) =>
    db
      .insertInto('location_content')
      .values(
        chunk.map((item_id) => ({
          company_id: companyId,
          location_id: shelfId,
          item_id,
          colour_id: colourOf.get(item_id)!,
          quantity: stock,
          updated_at: now,
          version,
        })),
      )
      .execute(),
  );
  return { itemIds, shelfId: Number(shelfId) };
}

/** What the n-th listed lot holds before the change: a quantity and a price in thousandths. */
export const listedLot = (n: number) => ({ quantity: 5 + (n % 40), price: 100 + (n % 50) * 10 });

/** Store items of the store, each already listed (in sync) as its lot `lotIds[n]`. */
export async function listedStoreItems(
  app: App,
  companyId: number,
  storeId: number,
  itemIds: number[],
  lotIds: string[],
): Promise<void> {
  const now = nowIso();
  await inChunks(
    itemIds.map((item_id, n) => {
      const { quantity, price } = listedLot(n);
      return {
        company_id: companyId,
        store_id: storeId,
        item_id,
        external_lot_id: lotIds[n],
        store_quantity: quantity,
        listed_quantity: quantity,
        store_price: price,
        tier_price: null,
        bulk_size: null,
        needs_upload: 0 as const,
        sending_quantity: null,
        synced_at: now,
        updated_at: now,
      };
    }),
    (chunk) => app.db.insertInto('store_items').values(chunk).execute(),
  );
}

/** The same lots on the fake BrickOwl. */
export function brickowlLots(fake: FakeBrickOwl, count: number): string[] {
  return Array.from({ length: count }, (_, n) => {
    const { quantity, price } = listedLot(n);
    const lot: FakeLot = {
      lot_id: String(900_000 + n),
      boid: `bo-${n}`,
      color_id: String(1 + (n % 40)),
      quantity: String(quantity),
      price: (price / 1000).toFixed(3),
      condition: 'new',
      for_sale: '1',
      external_lot_ids: {},
    };
    fake.lots.set(lot.lot_id, lot);
    return lot.lot_id;
  });
}

/** The same lots on the fake BrickLink. */
export function bricklinkLots(fake: FakeBrickLink, count: number): string[] {
  return Array.from({ length: count }, (_, n) => {
    const { quantity, price } = listedLot(n);
    const lot: BlInventory = {
      inventory_id: 700_000 + n,
      item: { no: `${3001 + n}`, type: 'PART' },
      color_id: 1 + (n % 40),
      quantity,
      new_or_used: 'N',
      unit_price: (price / 1000).toFixed(4),
      description: '',
      remarks: '',
    };
    fake.inventory.set(lot.inventory_id, lot);
    return String(lot.inventory_id);
  });
}

/**
 * Every listed store item of the store changed as an Edit prices save does: a new price, a lower
 * quantity, to be sent. Answers what each lot should hold afterwards, by lot id.
 */
export async function changeAll(app: App, storeId: number) {
  await app.db
    .updateTable('store_items')
    .set((eb) => ({
      store_price: eb('store_price', '+', 15),
      store_quantity: eb(eb('store_quantity', '-', 1), '-', eb('id', '%', 4)),
      needs_upload: 1,
      change_seq: eb('change_seq', '+', 1),
      updated_at: nowIso(),
    }))
    .where('store_id', '=', storeId)
    .execute();
  const rows = await app.db
    .selectFrom('store_items')
    .select(['external_lot_id', 'store_quantity', 'store_price'])
    .where('store_id', '=', storeId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.external_lot_id!,
      { quantity: Number(r.store_quantity), price: Number(r.store_price) },
    ]),
  );
}
