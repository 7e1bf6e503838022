import type { Database } from '../db/schema';
import type { Kysely } from 'kysely';
import { seedCatalog } from './catalog';
import { seedCatalogHistory, seedDemoDigitizing } from './digitizing';
import {
  DEMO_ORDER_COUNT,
  DEMO_ORDER_ROLES,
  seedDemoOrders,
  seedOtherOrder,
  type DemoUsers,
} from './orders';
import { stableUuid, syncSequences } from './util';
import {
  DEMO_LOCATION_COUNT,
  OTHER_FIRST_ITEM_ID,
  seedDemoWarehouse,
  seedOtherWarehouse,
} from './warehouse';

export { DEMO_CLAIMED_BATCH_ID, DEMO_PROJECT_IDS, DEMO_WAREHOUSE_BATCH_IDS } from './digitizing';
export { DEMO_ORDER_ROLES } from './orders';

/** Ids tests may rely on (a fresh database seeded by seedDemo). */
export const DEMO_ROOT_LOCATION_ID = 1;
export const DEMO_LOCATION_TOTAL = DEMO_LOCATION_COUNT;
/** Demo Bricks' orders: 1..24. */
export const DEMO_ORDER_IDS = Array.from({ length: DEMO_ORDER_COUNT }, (_, i) => i + 1);
/** Unassigned, pickable and problem-free: what a picker can claim. */
export const DEMO_PICKABLE_ORDER_IDS = DEMO_ORDER_IDS.filter(
  (id) => !(Object.values(DEMO_ORDER_ROLES) as number[]).includes(id),
);
export const OTHER_ROOT_LOCATION_ID = DEMO_LOCATION_COUNT + 1;
export const OTHER_ORDER_ID = DEMO_ORDER_COUNT + 1;
export const OTHER_ITEM_IDS = [
  OTHER_FIRST_ITEM_ID,
  OTHER_FIRST_ITEM_ID + 1,
  OTHER_FIRST_ITEM_ID + 2,
];
/** Locations flagged for new items (their subtrees inherit the flag). */
export const DEMO_NEW_ITEM_LOCATION_CODES = ['RCV', 'H2-A03-R03', 'H1-A01-R01-S1-B1'];

async function userIds(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('users').select(['id', 'email']).execute();
  return new Map(rows.map((r) => [r.email, r.id]));
}

/**
 * The demo domain: a shared catalog slice, then Demo Bricks' warehouse, orders, projects and
 * marketplace data, and a little of Other Bricks'. Runs inside seedDemo's transaction on a fresh
 * database, after the companies and users exist.
 */
export async function seedDemoDomain(
  trx: Kysely<Database>,
  companyIds: Map<string, number>,
): Promise<void> {
  const nowMs = Date.now();
  const demo = companyIds.get('Demo Bricks');
  const other = companyIds.get('Other Bricks');
  if (demo === undefined || other === undefined) return;
  const byEmail = await userIds(trx);
  const id = (email: string) => {
    const found = byEmail.get(email);
    if (found === undefined) throw new Error(`demo user ${email} is missing`);
    return found;
  };
  const users: DemoUsers = {
    picker: id('picker@demo.test'),
    orders: id('orders@demo.test'),
    warehouse: id('warehouse@demo.test'),
    digiManager: id('digi.manager@demo.test'),
    digiUser: id('digi.user@demo.test'),
    admin: id('admin@demo.test'),
  };

  const catalog = await seedCatalog(trx);
  const warehouse = await seedDemoWarehouse(trx, demo, catalog, users.digiManager, nowMs);
  await seedDemoOrders(trx, demo, warehouse.items, users, nowMs);
  await seedDemoDigitizing(trx, demo, warehouse.items, users, nowMs);
  await seedCatalogHistory(trx, users, stableUuid('part:3001'), nowMs);

  const otherWarehouse = await seedOtherWarehouse(trx, other, nowMs);
  await seedOtherOrder(trx, other, otherWarehouse.items, nowMs);
  await syncSequences(trx, ['locations', 'items']);
}
