import type { OutboxEntry, WarehouseDb } from '../offline/db';
import type { EntryFacts } from './outboxWords';

/**
 * The facts an outbox entry is told with (order number, item, location code, tray), read from the
 * device's rows. The rows may leave the device once the server refuses the change (an order picked
 * by someone else leaves the picker's data), so the facts are kept in the meta table while the
 * entry waits (`words:<entry id>`) and read from there first.
 */

const factsKey = (entryId: string) => `words:${entryId}`;
/** Ticks of the put-back list: entry id → true once the pieces are back. */
export const PUT_BACK_KEY = 'put_back_ticks';
/** Ids of refusals the user has been told about (one notice per refusal, also after a reload). */
export const TOLD_KEY = 'refusals_told';

interface Args {
  order_id?: number | null;
  order_item_id?: number | null;
  tray_id?: number | null;
  location_id?: number | null;
  item_id?: number | null;
}

type Row = Record<string, unknown> | undefined;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

function itemOf(row: Row): EntryFacts['item'] {
  if (!row || !str(row.mold_name)) return null;
  return {
    name: str(row.mold_name)!,
    colour: str(row.colour_name),
    condition: str(row.condition_name) ?? str(row.condition),
  };
}

/** Read the facts of an entry from the device's rows now. */
export async function readEntryFacts(db: WarehouseDb, entry: OutboxEntry): Promise<EntryFacts> {
  const args = (entry.args ?? {}) as Args;
  const facts: EntryFacts = {};
  if (args.order_id) facts.orderNumber = str((await db.orders.get(args.order_id))?.order_number);
  if (args.location_id) facts.locationCode = str((await db.locations.get(args.location_id))?.code);
  let itemRow: Row;
  if (args.order_item_id) itemRow = await db.orderItems.get(args.order_item_id);
  else if (args.item_id)
    itemRow = await db.orderItems.where('item_id').equals(args.item_id).first();
  if (args.tray_id) {
    const tray = await db.trays.get(args.tray_id);
    if (tray) {
      facts.tray = { trayNr: Number(tray.tray_nr), batchId: Number(tray.batch_id) };
      facts.trayQuantity = Number(tray.quantity ?? 0);
      itemRow ??= tray;
    }
  }
  if (!itemRow && args.item_id) {
    const itemId = args.item_id;
    itemRow = await db.trays.filter((t) => t.item_id === itemId).first();
  }
  facts.item = itemOf(itemRow);
  facts.imagePath = str(itemRow?.image_path);
  return facts;
}

/** Entry ids whose facts this context has kept or found kept (saves a read per change). */
const keptHere = new Set<string>();

/** Keep the facts of entries not yet kept (call while the rows are still on the device). */
export async function keepEntryFacts(db: WarehouseDb, entries: readonly OutboxEntry[]) {
  for (const entry of entries) {
    if (keptHere.has(entry.id)) continue;
    if (!(await db.meta.get(factsKey(entry.id)))) {
      await db.meta.put({ key: factsKey(entry.id), value: await readEntryFacts(db, entry) });
    }
    keptHere.add(entry.id);
  }
}

/** The kept facts of an entry, or what the device's rows tell now. */
export async function entryFacts(db: WarehouseDb, entry: OutboxEntry): Promise<EntryFacts> {
  const kept = (await db.meta.get(factsKey(entry.id)))?.value as EntryFacts | undefined;
  return kept ?? readEntryFacts(db, entry);
}

/** Forget kept facts, ticks and told marks of entries that left the outbox. */
export async function forgetGoneEntries(db: WarehouseDb, liveIds: ReadonlySet<string>) {
  const keys = (await db.meta.where('key').startsWith('words:').primaryKeys()) as string[];
  const gone = keys.filter((key) => !liveIds.has(key.slice('words:'.length)));
  if (gone.length) await db.meta.bulkDelete(gone);
  for (const id of keptHere) if (!liveIds.has(id)) keptHere.delete(id);
  for (const key of [PUT_BACK_KEY, TOLD_KEY]) {
    const ids = await readIds(db, key);
    const kept = Object.fromEntries(Object.entries(ids).filter(([id]) => liveIds.has(id)));
    if (Object.keys(kept).length !== Object.keys(ids).length) {
      await db.meta.put({ key, value: kept });
    }
  }
}

export async function readIds(db: WarehouseDb, key: string): Promise<Record<string, boolean>> {
  return ((await db.meta.get(key))?.value as Record<string, boolean> | undefined) ?? {};
}

/** Tick (or untick) one line of the put-back list; kept on the device. */
export async function setPutBack(db: WarehouseDb, entryId: string, done: boolean) {
  await db.transaction('rw', db.meta, async () => {
    const ticks = await readIds(db, PUT_BACK_KEY);
    if (done) ticks[entryId] = true;
    else delete ticks[entryId];
    await db.meta.put({ key: PUT_BACK_KEY, value: ticks });
  });
}

/** Mark refusals as told; returns the ids that were not told before. */
export async function markTold(db: WarehouseDb, ids: readonly string[]): Promise<string[]> {
  return db.transaction('rw', db.meta, async () => {
    const told = await readIds(db, TOLD_KEY);
    const fresh = ids.filter((id) => !told[id]);
    if (fresh.length === 0) return fresh;
    for (const id of fresh) told[id] = true;
    await db.meta.put({ key: TOLD_KEY, value: told });
    return fresh;
  });
}
