import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Permission, type RoleName } from '../../contract/permissions';
import { signAccessToken } from '../auth/tokens';
import { nowIso } from '../db/dialect';
import type { Database } from '../db/schema';
import { nextVersion, SHARED_SCOPE } from '../sync';
import { writeOrderTotals } from '../modules/orders/totals';

/**
 * Test and benchmark data of a floor, in a company of its own so counts never depend on the demo
 * data: a small location tree with codes, four items, their stock, users by role, and orders.
 *
 *   Floor (F) > Hall (F-H) > Aisle 1 (F-A1) > Bin 1 (F-A1-B1), Bin 2 (F-A1-B2)
 *                          > Aisle 2 (F-A2) > Bin 1 (F-A2-B1)
 * Stock: A 10 at F-A2-B1; B 5 at F-A1-B1; C 3 at F-A1-B2 and 4 at F-A2-B1; D none.
 */
export interface Floor {
  companyId: number;
  bins: { a1b1: number; a1b2: number; a2b1: number };
  hallId: number;
  items: { a: number; b: number; c: number; d: number };
  /** Bearer headers for users of the company (created on demand). */
  as(role: RoleName | RoleName[], name?: string): Promise<{ auth: string; userId: number }>;
}

type Db = Kysely<Database>;

/** A mould of the shared catalog with only these fields (the rest empty), at `version`; its id. */
export async function insertMould(
  db: Db,
  mould: { name: string; bl_mold_id: string; image_url: string | null; type_id?: number },
  version: number,
): Promise<number> {
  const { id } = await db
    .insertInto('moulds')
    .values({
      ...mould,
      rebrickable_id: null,
      brickowl_id: null,
      brickbase_uuid: null,
      part_id: null,
      minifig_id: null,
      set_id: null,
      category_id: null,
      theme_id: null,
      year: null,
      weight: null,
      dim_x: null,
      dim_y: null,
      dim_z: null,
      part_material: null,
      num_parts_set: null,
      num_parts_fig: null,
      num_figs: null,
      rating: null,
      extra: null,
      version,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function makeFloor(db: Db, jwtSecret: string, name = `Floor ${randomUUID()}`) {
  const now = nowIso();
  const { id: companyId } = await db
    .insertInto('companies')
    .values({ name, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('company_permissions')
    .values(
      Object.values(Permission).map((permission_id) => ({ company_id: companyId, permission_id })),
    )
    .execute();
  const version = await nextVersion(db, companyId);
  const shared = await nextVersion(db, SHARED_SCOPE);

  const { id: colourId } = await db
    .insertInto('colours')
    .values({
      uuid: randomUUID(),
      name: `Red ${companyId}`,
      rebrickable_id: null,
      bl_colour_id: null,
      brickowl_colour_id: null,
      hex: 'C91A09',
      version: shared,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const mould = (n: string) =>
    insertMould(db, { name: n, image_url: `https://img.test/${n}.png`, bl_mold_id: n }, shared);
  const item = async (n: string) => {
    const mold_id = await mould(n);
    return (
      await db
        .insertInto('items')
        .values({
          company_id: companyId,
          mold_id,
          colour_id: colourId,
          condition: 'NEW',
          completeness: null,
          readable_id: n,
          creator_user_id: null,
          date_of_creation: now,
          last_edit_user_id: null,
          date_of_last_edit: null,
          version,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  const items = {
    a: await item('Brick 2 x 4'),
    b: await item('Plate 1 x 2'),
    c: await item('Tile 2 x 2'),
    d: await item('Slope 45'),
  };

  const loc = async (parent: number | null, n: string, code: string, sort: number) =>
    (
      await db
        .insertInto('locations')
        .values({
          company_id: companyId,
          parent_id: parent,
          name: n,
          code,
          sort_order: sort,
          created_at: now,
          updated_at: null,
          version,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const root = await loc(null, 'Floor', 'F', 0);
  const hallId = await loc(root, 'Hall', 'F-H', 0);
  // Created out of route order on purpose: the route follows sort_order, not ids.
  const a2 = await loc(hallId, 'Aisle 2', 'F-A2', 1);
  const a2b1 = await loc(a2, 'Bin 1', 'F-A2-B1', 0);
  const a1 = await loc(hallId, 'Aisle 1', 'F-A1', 0);
  const a1b2 = await loc(a1, 'Bin 2', 'F-A1-B2', 1);
  const a1b1 = await loc(a1, 'Bin 1', 'F-A1-B1', 0);

  const stock: [number, number, number][] = [
    [a2b1, items.a, 10],
    [a1b1, items.b, 5],
    [a1b2, items.c, 3],
    [a2b1, items.c, 4],
  ];
  await db
    .insertInto('location_content')
    .values(
      stock.map(([location_id, item_id, quantity]) => ({
        company_id: companyId,
        location_id,
        item_id,
        colour_id: colourId,
        quantity,
        updated_at: now,
        version,
      })),
    )
    .execute();

  const users = new Map<string, number>();
  const floor: Floor = {
    companyId,
    bins: { a1b1, a1b2, a2b1 },
    hallId,
    items,
    async as(role, userName) {
      const roles = Array.isArray(role) ? role : [role];
      const key = userName ?? roles.join('+');
      let userId = users.get(key);
      if (userId === undefined) {
        userId = (
          await db
            .insertInto('users')
            .values({
              company_id: companyId,
              email: `${key}.${companyId}@floor.test`,
              name: key,
              password_hash: null,
              password_expires_at: null,
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
        await db
          .insertInto('user_permissions')
          .values(roles.map((r) => ({ user_id: userId!, permission_id: Permission[r] })))
          .execute();
        users.set(key, userId);
      }
      const { token } = await signAccessToken(
        jwtSecret,
        { sub: userId, cid: companyId, permissions: roles.map((r) => Permission[r]) },
        3600,
      );
      return { auth: `Bearer ${token}`, userId };
    },
  };
  return floor;
}

export interface OrderSpec {
  number?: string;
  /** [item id, quantity ordered, quantity picked] */
  items: [number, number, number?][];
  platform?: 'BRICKLINK' | 'BRICKOWL';
  createdAt?: string;
  pickingStatusId?: number;
  pickable?: 0 | 1;
  hasProblem?: 0 | 1;
  claimedBy?: number | null;
}

export async function makeOrder(db: Db, companyId: number, spec: OrderSpec): Promise<number> {
  const version = await nextVersion(db, companyId);
  const now = nowIso();
  const { id } = await db
    .insertInto('orders')
    .values({
      company_id: companyId,
      store_id: null,
      order_number: spec.number ?? `T-${randomUUID().slice(0, 8)}`,
      store_platform: spec.platform ?? 'BRICKLINK',
      buyer_name: 'Bea Buyer',
      created_at: spec.createdAt ?? now,
      status_id: 5,
      picking_status_id: spec.pickingStatusId ?? 2,
      has_problem: spec.hasProblem ?? 0,
      picker_issue: null,
      pickable: spec.pickable ?? 1,
      claimed_by_user_id: spec.claimedBy ?? null,
      claimed_at: null,
      updated_at: null,
      version,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (spec.items.length > 0) {
    await db
      .insertInto('order_items')
      .values(
        spec.items.map(([item_id, ordered, picked]) => ({
          company_id: companyId,
          order_id: id,
          item_id,
          quantity_ordered: ordered,
          quantity_picked: picked ?? 0,
          private_note: null,
          public_note: null,
          unit_price: 100,
          updated_at: null,
          version,
        })),
      )
      .execute();
    await writeOrderTotals(db, companyId, [id]);
  }
  return id;
}

/** The order item id of an item in an order. */
export async function orderItemId(db: Db, orderId: number, itemId: number): Promise<number> {
  const row = await db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', orderId)
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stock of an item at a location (0 when there is no row). */
export async function stockAt(db: Db, locationId: number, itemId: number): Promise<number> {
  const row = await db
    .selectFrom('location_content')
    .select('quantity')
    .where('location_id', '=', locationId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row ? Number(row.quantity) : 0;
}

/** The version of a floor row (an order, an order item or a stock row). */
export async function versionOf(
  db: Db,
  table: 'orders' | 'order_items' | 'location_content',
  id: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select('version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

export async function pickedOf(db: Db, orderId: number, itemId: number): Promise<number> {
  const row = await db
    .selectFrom('order_items')
    .select('quantity_picked')
    .where('order_id', '=', orderId)
    .where('item_id', '=', itemId)
    .executeTakeFirstOrThrow();
  return Number(row.quantity_picked);
}
