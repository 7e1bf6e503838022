import { PickingStatus } from '../db/schema-domain';
import { SET_MOULDS } from './catalog-data';
import { insertRows, isoAgo, prng, syncSequences, type Trx } from './util';
import type { SeededItem } from './warehouse';
import { writeOrderTotals } from '../modules/orders/totals';

export const DEMO_ORDER_COUNT = 24;
/** Order ids of the demo company, 1..24, by role in the demo (1-based order index). */
export const DEMO_ORDER_ROLES = {
  problem: 5,
  beingPicked: 8,
  paused: 12,
  picked: 16,
  notPickable: 20,
} as const;

export interface DemoUsers {
  picker: number;
  orders: number;
  warehouse: number;
  digiManager: number;
  digiUser: number;
  admin: number;
}

const SET_IDS = new Set(SET_MOULDS.map(([m]) => m));

/**
 * Two stores and 24 orders (2–8 items each) whose items all lie in stock in enough quantity to
 * pick every order fully, with mixed picking states, plus open issues for both managers.
 */
export async function seedDemoOrders(
  trx: Trx,
  companyId: number,
  items: SeededItem[],
  users: DemoUsers,
  nowMs: number,
): Promise<void> {
  const rnd = prng(60312);
  const now = new Date(nowMs).toISOString();
  await insertRows(trx, 'stores', [
    {
      id: 1,
      company_id: companyId,
      name: 'Demo Bricks on BrickLink',
      platform: 'BRICKLINK',
      external_id: 'demobricks',
      credentials: '',
      created_at: now,
      updated_at: null,
      last_synced_at: isoAgo(nowMs, 42),
    },
    {
      id: 2,
      company_id: companyId,
      name: 'Demo Bricks on BrickOwl',
      platform: 'BRICKOWL',
      external_id: '482913',
      credentials: '',
      created_at: now,
      updated_at: null,
      last_synced_at: isoAgo(nowMs, 47),
    },
  ]);

  const reserved = new Map<number, number>();
  const orders: Record<string, unknown>[] = [];
  const orderItems: Record<string, unknown>[] = [];
  for (let i = 0; i < DEMO_ORDER_COUNT; i++) {
    const id = i + 1;
    const owl = i % 5 === 1 || i % 5 === 3;
    let picking: number = PickingStatus.UNASSIGNED;
    if (id === DEMO_ORDER_ROLES.beingPicked) picking = PickingStatus.BEING_PICKED;
    if (id === DEMO_ORDER_ROLES.paused || id === DEMO_ORDER_ROLES.problem) {
      picking = PickingStatus.PAUSED;
    }
    if (id === DEMO_ORDER_ROLES.picked) picking = PickingStatus.PICKED;
    const claimed = picking !== PickingStatus.UNASSIGNED;
    const age = 25 + i * i * 37;
    orders.push({
      id,
      company_id: companyId,
      store_id: owl ? 2 : 1,
      order_number: owl ? String(7345800 + i * 59) : String(21874500 + i * 137),
      store_platform: owl ? 'BRICKOWL' : 'BRICKLINK',
      buyer_name: `buyer${100 + i}`,
      created_at: isoAgo(nowMs, age),
      status_id: i % 6 === 0 ? 3 : 5,
      picking_status_id: picking,
      has_problem: id === DEMO_ORDER_ROLES.problem ? 1 : 0,
      picker_issue:
        id === DEMO_ORDER_ROLES.problem
          ? 'Bin holds fewer parts than ordered, please recount'
          : null,
      pickable: id === DEMO_ORDER_ROLES.notPickable ? 0 : 1,
      claimed_by_user_id: claimed ? users.picker : null,
      claimed_at: claimed ? isoAgo(nowMs, Math.min(age, 20)) : null,
      updated_at: now,
    });
    const lines = 2 + ((i * 5) % 7);
    const taken = new Set<number>();
    let cursor = (i * 29) % items.length;
    for (let tries = 0; taken.size < lines; tries++) {
      if (tries > items.length * 2) throw new Error('demo stock too small for the demo orders');
      const item = items[cursor % items.length];
      cursor += 11;
      if (taken.has(item.id)) continue;
      const want = SET_IDS.has(item.mould) ? 1 : rnd.int(1, 8);
      const left = item.stock - (reserved.get(item.id) ?? 0);
      if (left < want) continue;
      reserved.set(item.id, (reserved.get(item.id) ?? 0) + want);
      taken.add(item.id);
      let picked = 0;
      if (picking === PickingStatus.PICKED) picked = want;
      else if (claimed && taken.size === 1) picked = Math.max(1, want - 1);
      orderItems.push({
        company_id: companyId,
        order_id: id,
        item_id: item.id,
        quantity_ordered: want,
        quantity_picked: picked,
        private_note: null,
        public_note: taken.size === 2 && i % 4 === 0 ? 'Please bag separately' : null,
        unit_price: null,
        updated_at: now,
      });
    }
  }
  await insertRows(trx, 'orders', orders, companyId);
  await insertRows(trx, 'order_items', orderItems, companyId);
  await writeOrderTotals(
    trx,
    companyId,
    orders.map((o) => o.id as number),
  );

  const at = (n: number) => items[n].at[0][0];
  await insertRows(
    trx,
    'issues',
    [
      [1, at(3), items[3].id, 'The bin is damaged, parts fall out of the back', null, 0],
      [1, at(10), items[10].id, 'Counted 12 less than the system says', null, 0],
      [1, at(20), items[20].id, 'Label of this bin is unreadable', null, 1],
      [
        2,
        at(5),
        items[5].id,
        'Wrong colour in this bin for the order',
        DEMO_ORDER_ROLES.problem,
        0,
      ],
      [2, at(30), items[30].id, 'Buyer asked to add a note to the parcel', 3, 0],
      [3, at(41), items[41].id, 'Parts are dirty, cannot be sold as new', null, 0],
    ].map(([manager, location, item, note, order, solved], i) => ({
      company_id: companyId,
      location_id: location,
      item_id: item,
      note,
      manager_id: manager,
      solved,
      creation_date: isoAgo(nowMs, 60 * (i + 1) * 5),
      reporter_user_id: users.picker,
      order_id: order,
      tray_id: null,
      solved_at: solved ? now : null,
      solved_by_user_id: solved ? users.warehouse : null,
    })),
    companyId,
  );
  await syncSequences(trx, ['stores', 'orders']);
}

/** One BrickLink order of Other Bricks (id 25). */
export async function seedOtherOrder(
  trx: Trx,
  companyId: number,
  items: SeededItem[],
  nowMs: number,
): Promise<void> {
  const now = new Date(nowMs).toISOString();
  await insertRows(trx, 'stores', [
    {
      id: 3,
      company_id: companyId,
      name: 'Other Bricks on BrickLink',
      platform: 'BRICKLINK',
      external_id: 'otherbricks',
      credentials: '',
      created_at: now,
      updated_at: null,
      last_synced_at: null,
    },
  ]);
  await insertRows(
    trx,
    'orders',
    [
      {
        id: DEMO_ORDER_COUNT + 1,
        company_id: companyId,
        store_id: 3,
        order_number: '30011234',
        store_platform: 'BRICKLINK',
        buyer_name: 'otherbuyer',
        created_at: isoAgo(nowMs, 300),
        status_id: 5,
        picking_status_id: PickingStatus.UNASSIGNED,
        has_problem: 0,
        picker_issue: null,
        pickable: 1,
        claimed_by_user_id: null,
        claimed_at: null,
        updated_at: now,
      },
    ],
    companyId,
  );
  await insertRows(
    trx,
    'order_items',
    items.slice(0, 2).map((it, i) => ({
      company_id: companyId,
      order_id: DEMO_ORDER_COUNT + 1,
      item_id: it.id,
      quantity_ordered: 3 + i,
      quantity_picked: 0,
      private_note: null,
      public_note: null,
      unit_price: 120,
      updated_at: now,
    })),
    companyId,
  );
  await syncSequences(trx, ['stores', 'orders']);
}
