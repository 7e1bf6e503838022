import type { DemoUsers } from './orders';
import { insertRows, isoAgo, stableUuid, syncSequences, type Trx } from './util';
import type { SeededItem } from './warehouse';

/** Batches 1–3 are ready for filling (the warehouse batches), 4 is being digitized, 5 reviewed. */
export const DEMO_WAREHOUSE_BATCH_IDS = [1, 2, 3];
export const DEMO_PROJECT_IDS = [1, 2, 3];
/** Batch 4 is claimed for editing by the digibrick user. */
export const DEMO_CLAIMED_BATCH_ID = 4;

const BATCHES: [number, string, string, number][] = [
  // [project, name, status, trays]
  [1, 'Attic 1 - bricks', 'ready for filling', 8],
  [1, 'Attic 2 - plates', 'ready for filling', 6],
  [1, 'Attic 3 - technic', 'ready for filling', 10],
  [1, 'Attic 4 - slopes and tiles', 'in progress', 5],
  [2, 'Estate lot - first crate', 'being reviewed', 4],
];

/**
 * Digitizing projects with batches and trays (items that exist, with quantities), a backup, a
 * sync batch, store listings, stock errors, settings and marketplace log entries.
 */
export async function seedDemoDigitizing(
  trx: Trx,
  companyId: number,
  items: SeededItem[],
  users: DemoUsers,
  nowMs: number,
): Promise<void> {
  const now = new Date(nowMs).toISOString();
  const trail = (minutesAgo: number) => ({
    creator_user_id: users.digiManager,
    date_of_creation: isoAgo(nowMs, minutesAgo),
    last_edit_user_id: users.digiUser,
    date_of_last_edit: isoAgo(nowMs, Math.floor(minutesAgo / 2)),
  });
  await insertRows(trx, 'projects', [
    {
      id: 1,
      company_id: companyId,
      name: 'Attic collection 2024',
      status: 'in progress',
      condition: 'GOOD',
      content: 'Three moving boxes of mixed bricks, plates and technic',
      purpose: 'Sell on BrickLink and BrickOwl',
      comments: 'Bought at a garage sale',
      main_purchase_price: 185_000,
      other_purchase_price: 12_500,
      sorting_hours: 14.5,
      other_hours: 2,
      digitizing_hours: 9.25,
      warehouse_hours: 3.75,
      ...trail(60 * 24 * 20),
    },
    {
      id: 2,
      company_id: companyId,
      name: 'Estate lot Utrecht',
      status: 'in progress',
      condition: 'LIKE_NEW',
      content: 'Sealed and opened sets from an estate',
      purpose: 'Part out incomplete sets, sell sealed sets whole',
      comments: '',
      main_purchase_price: 640_000,
      other_purchase_price: 0,
      sorting_hours: 0,
      other_hours: 0,
      digitizing_hours: 1.5,
      warehouse_hours: 0,
      ...trail(60 * 24 * 6),
    },
    {
      id: 3,
      company_id: companyId,
      name: 'Bulk lot March',
      status: 'is archived',
      condition: 'ACCEPTABLE',
      content: '20 kg of unsorted bulk',
      purpose: 'Sorted into stock',
      comments: 'Done',
      main_purchase_price: 150_000,
      other_purchase_price: 5_000,
      sorting_hours: 30,
      other_hours: 4,
      digitizing_hours: 12,
      warehouse_hours: 6,
      ...trail(60 * 24 * 90),
    },
  ]);

  await insertRows(
    trx,
    'batches',
    BATCHES.map(([project, name, status], i) => ({
      id: i + 1,
      company_id: companyId,
      project_id: project,
      name,
      comments: i === 0 ? 'First box' : '',
      status,
      digitizing_hours: 1.5 + i,
      warehouse_hours: i < 3 ? 0.5 : 0,
      ...trail(60 * 24 * (15 - i)),
      write_permission_user_id: i + 1 === DEMO_CLAIMED_BATCH_ID ? users.digiUser : null,
      write_permission_since: i + 1 === DEMO_CLAIMED_BATCH_ID ? isoAgo(nowMs, 12) : null,
      // The demo's claim is an editor left open all day, so a manager has one to declaim.
      write_permission_until: i + 1 === DEMO_CLAIMED_BATCH_ID ? isoAgo(nowMs, -24 * 60) : null,
    })),
    companyId,
  );

  const trays: Record<string, unknown>[] = [];
  BATCHES.forEach(([, , status, count], b) => {
    for (let n = 1; n <= count; n++) {
      const item = items[(b * 23 + n * 5) % items.length];
      const filled = b === 0 && n <= 3;
      trays.push({
        company_id: companyId,
        batch_id: b + 1,
        tray_nr: n,
        item_id: item.id,
        mold_id: item.mould,
        colour_id: item.colourId,
        condition: item.condition,
        quantity: 5 + ((n * 13 + b * 7) % 56),
        price: 40 + ((n * 31) % 200),
        status: filled
          ? 'filled'
          : status === 'ready for filling'
            ? 'ready for filling'
            : 'reserve',
        accepted: status === 'ready for filling' ? 1 : n % 2,
        is_public: 1,
        comments: n === 2 ? 'Some parts have bite marks' : '',
        ...trail(60 * 24 * (10 - b)),
        location_id: filled ? item.at[0][0] : null,
        filled_by_user_id: filled ? users.picker : null,
        filled_at: filled ? isoAgo(nowMs, 60 * n) : null,
      });
    }
  });
  await insertRows(trx, 'trays', trays, companyId);

  await insertRows(trx, 'backups', [
    {
      company_id: companyId,
      batch_id: 1,
      date: isoAgo(nowMs, 60 * 24 * 2),
      comments: 'Before price update',
      json: JSON.stringify(trays.filter((t) => t.batch_id === 1)),
      creator_user_id: users.digiManager,
    },
  ]);

  await insertRows(trx, 'sync_batches', [
    {
      id: 1,
      company_id: companyId,
      name: 'BSX import May',
      project_id: 1,
      comments: 'From the attic collection',
      date_of_creation: isoAgo(nowMs, 60 * 24 * 3),
      creator_user_id: users.admin,
      status: 'new',
    },
  ]);
  await insertRows(
    trx,
    'sync_batch_items',
    items.slice(0, 5).map((it, i) => ({
      company_id: companyId,
      sync_batch_id: 1,
      item_id: it.id,
      bl_item_id: String(it.mould),
      quantity: 10 + i * 5,
      price: i === 4 ? 0 : 90 + i * 15,
      note_private: '',
      note_public: '',
    })),
  );
  await insertRows(
    trx,
    'store_items',
    items.slice(0, 30).map((it, i) => ({
      company_id: companyId,
      store_id: i % 3 === 2 ? 2 : 1,
      item_id: it.id,
      external_lot_id: String(400_000_000 + i),
      store_quantity: Math.min(it.stock, 25),
      listed_quantity: Math.min(it.stock, 25),
      store_price: 100 + i * 7,
      tier_price: i === 0 ? '10:90,50:80,100:70' : null,
      bulk_size: i === 1 ? 5 : null,
      note_public: '',
      note_private: '',
      needs_upload: 0,
      synced_at: isoAgo(nowMs, 42),
      updated_at: now,
    })),
  );
  await insertRows(trx, 'stock_item_errors', [
    {
      company_id: companyId,
      store_id: 1,
      item_id: items[2].id,
      description: 'Quantity on BrickLink (30) differs from the warehouse (25)',
      is_resolved: 0,
      created_at: isoAgo(nowMs, 90),
    },
    {
      company_id: companyId,
      store_id: 2,
      item_id: items[7].id,
      description: 'Lot was removed on BrickOwl',
      is_resolved: 1,
      created_at: isoAgo(nowMs, 60 * 30),
      resolved_at: isoAgo(nowMs, 60 * 28),
    },
  ]);
  await insertRows(
    trx,
    'settings',
    [
      ['sync_interval_minutes', '15'],
      ['upload_public_notes', '1'],
      ['price_rounding_thousandths', '10'],
      ['order_import_days', '30'],
    ].map(([key, value]) => ({ company_id: companyId, key, value, updated_at: now })),
  );
  await insertRows(
    trx,
    'log_entries',
    [
      ['info', 'Imported 3 new orders from BrickLink', 1],
      ['info', 'Imported 2 new orders from BrickOwl', 2],
      ['warning', 'BrickOwl rate limit reached, retrying in 60 s', 2],
      ['info', 'Uploaded 12 lots to BrickLink', 1],
      ['error', 'BrickLink answered 401: check the store credentials', 1],
      ['info', 'Stock check finished: 1 difference', null],
    ].map(([level, message, store], i) => ({
      company_id: companyId,
      created_at: isoAgo(nowMs, 15 * (6 - i)),
      level,
      message,
      store_id: store,
      context: null,
    })),
  );
  await syncSequences(trx, ['projects', 'batches', 'sync_batches']);
}

/** Catalog administration history: suggestions, controller runs and the changes they made. */
export async function seedCatalogHistory(
  trx: Trx,
  users: DemoUsers,
  partUuid: string,
  nowMs: number,
): Promise<void> {
  await insertRows(trx, 'controller_runs', [
    {
      status: 'completed',
      created_by_user_id: users.admin,
      created_at: isoAgo(nowMs, 60 * 24 * 7),
      updated_at: isoAgo(nowMs, 60 * 24 * 7 - 40),
      finished_at: isoAgo(nowMs, 60 * 24 * 7 - 40),
      error: null,
    },
    {
      status: 'failed',
      created_by_user_id: users.admin,
      created_at: isoAgo(nowMs, 60 * 24),
      updated_at: isoAgo(nowMs, 60 * 24 - 3),
      finished_at: isoAgo(nowMs, 60 * 24 - 3),
      error: 'Loading parts: the download of parts.csv.gz stopped after 12 MB',
    },
  ]);
  const suggestion = (n: number, status: string, description: string, changes: object) => ({
    uuid: stableUuid(`suggestion:${n}`),
    status,
    description,
    object_type: 'part',
    object_uuid: partUuid,
    changes: JSON.stringify(changes),
    created_by_user_id: users.digiManager,
    created_at: isoAgo(nowMs, 60 * (10 - n)),
    reviewed_by_user_id: status === 'open' ? null : users.admin,
    reviewed_at: status === 'open' ? null : isoAgo(nowMs, 60),
  });
  await insertRows(trx, 'suggestions', [
    suggestion(1, 'accepted', 'Weight was missing', { weight: 2.32 }),
    suggestion(2, 'open', 'Year of first release', { year: 1958 }),
    suggestion(3, 'open', 'Better name', { name: 'Brick 2 x 4 (classic)' }),
  ]);
  await insertRows(trx, 'catalog_changes', [
    {
      model: 'part',
      model_uuid: partUuid,
      action: 'update',
      actor_user_id: users.admin,
      actor_name: 'Ada Admin',
      created_at: isoAgo(nowMs, 60),
      changes: JSON.stringify({ weight: { old: null, new: 2.32 } }),
      suggestion_id: 1,
      controller_run_id: null,
    },
  ]);
}
