import type { FillLocation, TrayDetail } from '../../../contract/warehouse';
import { FillingMutation, type TrayFillArgs } from '../../../contract/mutations/filling';
import type { LocalTray, OutboxEntry, WarehouseDb } from '../../offline';
import { fillCandidates, LocationTree, type StockRow } from './locations';

/**
 * The filler's reads of the device's data (collections `trays`, `locations`,
 * `location_content`), so Tray Overview and Fill tray work without network.
 */

export type { LocalTray } from '../../offline';

/** What the Fill tray screen shows: the server's TrayDetail, or the same built on the device. */
export type FillView = Omit<TrayDetail, 'batch_name' | 'condition'> & {
  batch_name: string | null;
  condition: string | null;
};

/** Stock rows this device made up for a fill at a location that held none of the item yet. */
export const LOCAL_STOCK_PREFIX = 'fill:';
export const localStockKey = (trayId: number) => `${LOCAL_STOCK_PREFIX}${trayId}`;
const isLocalStock = (row: { id?: unknown }) =>
  typeof row.id === 'string' && row.id.startsWith(LOCAL_STOCK_PREFIX);

/**
 * Stock rows of an item, without the device's own stand-in rows that a pulled row for the same
 * location already replaces.
 */
export function effectiveStock(rows: readonly Record<string, unknown>[]): StockRow[] {
  const pulled = new Set(
    rows
      .filter((r) => !isLocalStock(r))
      .map((r) => `${String(r.location_id)}:${String(r.item_id)}`),
  );
  return rows
    .filter((r) => !isLocalStock(r) || !pulled.has(`${String(r.location_id)}:${String(r.item_id)}`))
    .map((r) => ({
      location_id: Number(r.location_id),
      item_id: Number(r.item_id),
      quantity: Number(r.quantity ?? 0),
    }));
}

export async function localTrays(db: WarehouseDb, batchId: number | null): Promise<LocalTray[]> {
  const rows =
    batchId === null
      ? await db.trays.toArray()
      : await db.trays.where('batch_id').equals(batchId).toArray();
  return rows.sort((a, b) => a.batch_id - b.batch_id || a.tray_nr - b.tray_nr);
}

export async function localTree(db: WarehouseDb): Promise<LocationTree> {
  return new LocationTree(await db.locations.toArray());
}

const fillArgs = (e: OutboxEntry) => e.args as Partial<TrayFillArgs> | undefined;

/** The device's unsent or refused fill of a tray, if any (newest first). */
export async function fillEntryOf(
  db: WarehouseDb,
  trayId: number,
): Promise<OutboxEntry | undefined> {
  const entries = await db.outbox.orderBy('seq').reverse().toArray();
  return entries.find((e) => e.name === FillingMutation.fill && fillArgs(e)?.tray_id === trayId);
}

/** The Fill tray screen built from the device's data, or undefined when the tray is not here. */
export async function localFillView(
  db: WarehouseDb,
  trayId: number,
): Promise<FillView | undefined> {
  const tray = await db.trays.get(trayId);
  if (!tray) return undefined;
  const [tree, rows] = await Promise.all([
    localTree(db),
    tray.item_id === null
      ? Promise.resolve([])
      : db.locationContent.where('item_id').equals(tray.item_id).toArray(),
  ]);
  const stock = effectiveStock(rows);
  const locations: FillLocation[] = fillCandidates(tree, stock, tray.item_id);
  return {
    tray_id: tray.tray_id,
    tray_nr: tray.tray_nr,
    batch_id: tray.batch_id,
    batch_name: null,
    status: tray.status,
    item_id: tray.item_id,
    item_uuid: tray.item_uuid ?? null,
    readable_id: tray.readable_id ?? null,
    image_path: tray.image_path ?? null,
    mold_id: tray.mold_id,
    mold_name: tray.mold_name,
    bl_mold_id: tray.bl_mold_id ?? null,
    colour_id: tray.colour_id,
    colour_name: tray.colour_name,
    colour_hex: tray.colour_hex ?? null,
    bl_colour_id: tray.bl_colour_id ?? null,
    condition: null,
    quantity: Number(tray.quantity),
    quantity_in_warehouse: stock.reduce((n, s) => n + s.quantity, 0),
    location_id: tray.location_id,
    locations,
  };
}

/**
 * Forget stand-in stock rows that are settled: a pulled row for the same location replaced it, or
 * the server refused the fill that made it (the sync problems list keeps the refusal).
 */
export async function settleLocalStock(db: WarehouseDb): Promise<number> {
  return db.transaction('rw', db.locationContent, db.outbox, async () => {
    const mine = (await db.locationContent.toArray()).filter(isLocalStock);
    let removed = 0;
    for (const row of mine) {
      const pulled = await db.locationContent
        .where('[location_id+item_id]')
        .equals([Number(row.location_id), Number(row.item_id)])
        .filter((r) => !isLocalStock(r))
        .count();
      const entry = await fillEntryOf(db, Number(row.tray_id));
      if (pulled > 0 || entry?.state === 'rejected') {
        await db.locationContent.delete(row.id as string);
        removed++;
      }
    }
    return removed;
  });
}
