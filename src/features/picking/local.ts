import { LocationRoute } from '../../../contract/location-route';
import { PickingStatus } from '../../../contract/orders';
import { PickingMutation } from '../../../contract/mutations/picking';
import { hasPulledOnce, type OutboxEntry, type WarehouseDb } from '../../offline';
import { localOrder, localOrderItems, type LocalOrder, type LocalOrderItem } from '../orders';
import type { StockRow } from './route';

/**
 * Where the picker is in an order, kept in the device's meta table (not in memory), so a reload —
 * offline too — continues where the picker was.
 */
export interface PickerState {
  /** The location the picker is at (the route continues from here). */
  locationId: number | null;
  /** The location whose code was scanned; Confirm needs it to be the current stop. */
  scannedLocationId: number | null;
  /** Item variant ids skipped on this round (the server's `skipped`). */
  skipped: number[];
  /** Outbox id of this device's claim of the order. */
  claimId: string | null;
}

const EMPTY_STATE: PickerState = {
  locationId: null,
  scannedLocationId: null,
  skipped: [],
  claimId: null,
};

export const pickerStateKey = (orderId: number) => `picker:${orderId}`;

export async function readPickerState(db: WarehouseDb, orderId: number): Promise<PickerState> {
  const row = await db.meta.get(pickerStateKey(orderId));
  return { ...EMPTY_STATE, ...((row?.value as Partial<PickerState> | undefined) ?? {}) };
}

export async function writePickerState(
  db: WarehouseDb,
  orderId: number,
  patch: Partial<PickerState>,
): Promise<PickerState> {
  return db.transaction('rw', db.meta, async () => {
    const next = { ...(await readPickerState(db, orderId)), ...patch };
    await db.meta.put({ key: pickerStateKey(orderId), value: next });
    return next;
  });
}

/**
 * - `held`: the server (or this device, for an order it claimed) has the order as ours;
 * - `pending`: our claim waits to reach the server;
 * - `rejected`: the server refused our claim (message says why);
 * - `taken`: someone else is picking it;
 * - `none`: nobody holds it (unassigned or paused): opening the picker claims it.
 */
export type ClaimState = 'held' | 'pending' | 'rejected' | 'taken' | 'none';

export function claimStateOf(
  order: Pick<LocalOrder, 'picking_status_id' | 'claimed_by_user_id'>,
  userId: number | null | undefined,
  claimEntry: OutboxEntry | undefined,
): ClaimState {
  if (claimEntry?.state === 'rejected') return 'rejected';
  if (claimEntry) return 'pending';
  if (order.picking_status_id !== PickingStatus.BEING_PICKED) return 'none';
  return order.claimed_by_user_id === userId ? 'held' : 'taken';
}

export interface PickData {
  order: LocalOrder | undefined;
  items: LocalOrderItem[];
  stock: StockRow[];
  route: LocationRoute;
  state: PickerState;
  claim: ClaimState;
  /** The server's message when it refused our claim. */
  claimMessage: string | null;
  /** Entries of this order the server refused (listed under sync problems). */
  refused: OutboxEntry[];
  /** Picked quantity per order item that has not reached the server yet (pending, sending, stuck). */
  unsentPicked: Record<number, number>;
  /**
   * Whether the device holds the order lines, locations and stock whole (each pulled to its end
   * once). Until then an empty route only means the download is not done yet.
   */
  routeComplete: boolean;
}

/** What the route of an order is built from. */
const ROUTE_COLLECTIONS = ['order_items', 'locations', 'location_content'] as const;

const argsOrderId = (entry: OutboxEntry) => (entry.args as { order_id?: unknown })?.order_id;

/** Everything the picker screen shows, read from the device in one go (a live query). */
export async function loadPickData(
  db: WarehouseDb,
  orderId: number,
  userId: number | null | undefined,
): Promise<PickData> {
  const [order, items, state, locations, routeComplete] = await Promise.all([
    localOrder(db, orderId),
    localOrderItems(db, orderId),
    readPickerState(db, orderId),
    db.locations.toArray(),
    hasPulledOnce(db, ROUTE_COLLECTIONS),
  ]);
  const itemIds = [...new Set(items.map((i) => i.item_id))];
  const stock: StockRow[] = await db.locationContent.where('item_id').anyOf(itemIds).toArray();
  const claimEntry = state.claimId
    ? await db.outbox.where('id').equals(state.claimId).first()
    : undefined;
  const refused = (await db.outbox.where('state').equals('rejected').toArray()).filter(
    (e) => argsOrderId(e) === orderId && e.name !== PickingMutation.claim,
  );
  const unsentPicked: Record<number, number> = {};
  const unsent = await db.outbox.where('state').anyOf('pending', 'sending', 'stuck').toArray();
  for (const e of unsent) {
    if (e.name !== PickingMutation.pick || argsOrderId(e) !== orderId) continue;
    const { order_item_id: itemId, quantity } = e.args as {
      order_item_id: number;
      quantity: number;
    };
    unsentPicked[itemId] = (unsentPicked[itemId] ?? 0) + quantity;
  }
  return {
    order,
    items,
    stock,
    route: new LocationRoute(locations),
    state,
    claim: order ? claimStateOf(order, userId, claimEntry) : 'none',
    claimMessage: claimEntry?.state === 'rejected' ? (claimEntry.message ?? null) : null,
    refused,
    unsentPicked,
    routeComplete,
  };
}
