import { COLOURS, PART_MOULDS, SET_MOULDS } from './catalog-data';
import type { DemoCatalog } from './catalog';
import { colourIdByName } from './catalog';
import { insertRows, prng, type Trx } from './util';

export interface SeededItem {
  id: number;
  mould: number;
  colourId: number;
  condition: string;
  /** Total stock over all locations. */
  stock: number;
  /** Where it lies: [location id, quantity]. */
  at: [number, number][];
}

export interface SeededWarehouse {
  items: SeededItem[];
  locationIdByCode: Map<string, number>;
  binIds: number[];
}

type LocationRow = {
  id: number;
  company_id: number;
  parent_id: number | null;
  name: string;
  code: string;
  is_selected_new_location: 0 | 1;
  sort_order: number;
  created_at: string;
  updated_at: null;
};

const pad = (n: number) => String(n).padStart(2, '0');
const blNumber = (mould: number) =>
  (PART_MOULDS.find(([m]) => m === mould) ?? SET_MOULDS.find(([m]) => m === mould))![2];

/** Flagged as locations for new items (their subtree inherits the flag). */
export const NEW_ITEM_CODES = new Set(['RCV', 'H2-A03-R03', 'H1-A01-R01-S1-B1']);

/**
 * Warehouse → 2 halls → 3 aisles → 3 racks → 3 shelves → 4 bins, plus a receiving area:
 * 298 locations, ids from `firstId` in breadth-first order (the root is `firstId`).
 */
export function demoLocationTree(companyId: number, firstId: number, now: string): LocationRow[] {
  const rows: LocationRow[] = [];
  const add = (parent: LocationRow | null, name: string, code: string, sort: number) => {
    const row: LocationRow = {
      id: firstId + rows.length,
      company_id: companyId,
      parent_id: parent?.id ?? null,
      name,
      code,
      is_selected_new_location: NEW_ITEM_CODES.has(code) ? 1 : 0,
      sort_order: sort,
      created_at: now,
      updated_at: null,
    };
    rows.push(row);
    return row;
  };
  const root = add(null, 'Warehouse', 'WH', 0);
  const halls = [1, 2].map((h) => add(root, `Hall ${h}`, `H${h}`, h - 1));
  add(root, 'Receiving', 'RCV', 2);
  const levels: [string, string, number][] = [
    ['Aisle', 'A', 3],
    ['Rack', 'R', 3],
    ['Shelf', 'S', 3],
    ['Bin', 'B', 4],
  ];
  let current = halls;
  for (const [label, letter, count] of levels) {
    const next: LocationRow[] = [];
    for (const parent of current) {
      for (let i = 1; i <= count; i++) {
        const n = letter === 'S' || letter === 'B' ? String(i) : pad(i);
        next.push(add(parent, `${label} ${n}`, `${parent.code}-${letter}${n}`, i - 1));
      }
    }
    current = next;
  }
  return rows;
}

export const DEMO_LOCATION_COUNT = 298;
export const OTHER_FIRST_ITEM_ID = 1000;

function basePrice(category: number, rnd: ReturnType<typeof prng>): number {
  if (category <= 1) return rnd.int(80, 260);
  if (category === 4 || category === 5) return rnd.int(60, 180);
  if (category >= 6) return rnd.int(20, 150);
  return rnd.int(25, 140);
}

/** Item variants, the location tree and stock of the demo company. */
export async function seedDemoWarehouse(
  trx: Trx,
  companyId: number,
  catalog: DemoCatalog,
  creatorId: number | null,
  nowMs: number,
): Promise<SeededWarehouse> {
  const rnd = prng(3710);
  const now = new Date(nowMs).toISOString();
  const variants: {
    mould: number;
    colourId: number;
    condition: string;
    completeness: string | null;
    price: number;
  }[] = [];
  PART_MOULDS.forEach(([mould, , , category], i) => {
    const colours = catalog.mouldColours.get(mould)!;
    for (const colourId of colours) {
      variants.push({
        mould,
        colourId,
        condition: 'NEW',
        completeness: null,
        price: basePrice(category, rnd),
      });
    }
    if (i % 4 === 0) {
      const price = Math.round(basePrice(category, rnd) * 0.7);
      variants.push({
        mould,
        colourId: colours[0],
        condition: i % 8 === 0 ? 'GOOD' : 'LIKE_NEW',
        completeness: null,
        price,
      });
    }
    if (i % 15 === 7) {
      variants.push({
        mould,
        colourId: colours[1],
        condition: 'ACCEPTABLE',
        completeness: null,
        price: 15,
      });
    }
  });
  const noColour = colourIdByName('Black');
  variants.push(
    { mould: 10696, colourId: noColour, condition: 'NEW', completeness: 'SEALED', price: 34_990 },
    {
      mould: 10696,
      colourId: noColour,
      condition: 'GOOD',
      completeness: 'INCOMPLETE',
      price: 14_500,
    },
    { mould: 60312, colourId: noColour, condition: 'NEW', completeness: 'SEALED', price: 17_990 },
    {
      mould: 31058,
      colourId: noColour,
      condition: 'LIKE_NEW',
      completeness: 'COMPLETE',
      price: 12_750,
    },
  );
  const items: SeededItem[] = variants.map((v, i) => ({
    id: i + 1,
    mould: v.mould,
    colourId: v.colourId,
    condition: v.condition,
    stock: 0,
    at: [],
  }));
  await insertRows(
    trx,
    'items',
    variants.map((v, i) => ({
      id: i + 1,
      company_id: companyId,
      mold_id: v.mould,
      colour_id: v.colourId,
      condition: v.condition,
      completeness: v.completeness,
      note_private: i % 9 === 0 ? 'Check for scratches before shipping' : '',
      note_public: v.condition === 'NEW' ? '' : 'Used, clean',
      price: v.price,
      is_public: i % 17 === 5 ? 0 : 1,
      readable_id: `${blNumber(v.mould)}-${COLOURS[v.colourId - 1][1]}-${v.condition}`,
      creator_user_id: creatorId,
      date_of_creation: now,
      last_edit_user_id: null,
      date_of_last_edit: null,
    })),
    companyId,
  );

  const tree = demoLocationTree(companyId, 1, now);
  await insertRows(trx, 'locations', tree, companyId);
  const locationIdByCode = new Map(tree.map((l) => [l.code, l.id]));
  const bins = tree.filter((l) => l.name.startsWith('Bin ') && !l.code.startsWith('H2-A03-R03'));
  const content: Record<string, unknown>[] = [];
  items.forEach((item, i) => {
    const isSet = item.mould >= 10000 && SET_MOULDS.some(([m]) => m === item.mould);
    const places = i % 3 === 0 ? 2 : 1;
    const first = (i * 7) % bins.length;
    for (let p = 0; p < places; p++) {
      const bin = bins[(first + p * 37) % bins.length];
      const quantity = isSet ? rnd.int(2, 6) : rnd.int(40, 300);
      item.at.push([bin.id, quantity]);
      item.stock += quantity;
      content.push({
        company_id: companyId,
        location_id: bin.id,
        item_id: item.id,
        colour_id: item.colourId,
        quantity,
        updated_at: now,
      });
    }
  });
  await insertRows(trx, 'location_content', content, companyId);
  return { items, locationIdByCode, binIds: bins.map((b) => b.id) };
}

/** A small tree, three items and their stock for Other Bricks (company boundaries in tests). */
export async function seedOtherWarehouse(
  trx: Trx,
  companyId: number,
  nowMs: number,
): Promise<{ rootId: number; items: SeededItem[] }> {
  const now = new Date(nowMs).toISOString();
  const rootId = DEMO_LOCATION_COUNT + 1;
  const rows: LocationRow[] = [
    ['Main Store', 'MS', null],
    ['Shelf A', 'MS-A', 0],
    ['Shelf B', 'MS-B', 0],
    ['Bin A1', 'MS-A-1', 1],
    ['Bin A2', 'MS-A-2', 1],
    ['Bin B1', 'MS-B-1', 2],
  ].map(([name, code, parent], i) => ({
    id: rootId + i,
    company_id: companyId,
    parent_id: parent === null ? null : rootId + Number(parent),
    name: String(name),
    code: String(code),
    is_selected_new_location: 0,
    sort_order: i,
    created_at: now,
    updated_at: null,
  }));
  await insertRows(trx, 'locations', rows, companyId);
  const firstItem = OTHER_FIRST_ITEM_ID;
  const defs: [number, string][] = [
    [3001, 'Red'],
    [3003, 'Black'],
    [3710, 'White'],
  ];
  const items: SeededItem[] = defs.map(([mould, colour], i) => ({
    id: firstItem + i,
    mould,
    colourId: colourIdByName(colour),
    condition: 'NEW',
    stock: 50,
    at: [[rootId + 3 + i, 50]],
  }));
  await insertRows(
    trx,
    'items',
    items.map((it) => ({
      id: it.id,
      company_id: companyId,
      mold_id: it.mould,
      colour_id: it.colourId,
      condition: 'NEW',
      completeness: null,
      note_private: '',
      note_public: '',
      price: 120,
      is_public: 1,
      readable_id: null,
      creator_user_id: null,
      date_of_creation: now,
      last_edit_user_id: null,
      date_of_last_edit: null,
    })),
    companyId,
  );
  await insertRows(
    trx,
    'location_content',
    items.map((it) => ({
      company_id: companyId,
      location_id: it.at[0][0],
      item_id: it.id,
      colour_id: it.colourId,
      quantity: 50,
      updated_at: now,
    })),
    companyId,
  );
  return { rootId, items };
}
