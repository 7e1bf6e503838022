import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { makeFloor, makeOrder, orderItemId } from '../../server/test/orders-fixture';

/**
 * The floor the pick benches push against: a picker holding a claimed order of one item with
 * `stock` pieces ordered and on the shelf, and the args of a one-piece pick of it.
 */
export async function claimedOrderFloor(db: Kysely<Database>, jwtSecret: string, stock: number) {
  const f = await makeFloor(db, jwtSecret, 'Bench Bricks');
  const { auth, userId } = await f.as('picker');
  const orderId = await makeOrder(db, f.companyId, {
    items: [[f.items.a, stock]],
    pickingStatusId: 1,
    claimedBy: userId,
  });
  await db
    .updateTable('location_content')
    .set({ quantity: stock })
    .where('location_id', '=', f.bins.a2b1)
    .where('item_id', '=', f.items.a)
    .execute();
  const args = {
    order_id: orderId,
    order_item_id: await orderItemId(db, orderId, f.items.a),
    location_id: f.bins.a2b1,
    quantity: 1,
  };
  return { auth, userId, companyId: f.companyId, itemId: f.items.a, args };
}
