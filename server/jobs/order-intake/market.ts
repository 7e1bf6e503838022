import type { ConditionName } from '../../db/schema-domain';
import { nowIso } from '../../db/dialect';
import { MarketplaceError } from '../../marketplaces/errors';
import type { BoCondition, BoOrderItem } from '../../marketplaces/brickowl/types';
import type { StoreClient } from '../store-client';
import { BL_TYPE_CODE, thousandths, type OrderLine } from './catalog';

/** Orders still to be picked: older ones (shipped, received, cancelled) are not imported. */
export const OPEN_STATUSES = ['PENDING', 'UPDATED', 'PROCESSING', 'READY', 'PAID', 'PACKED'];
/**
 * BrickLink's problem statuses (cancel requested, non-paying buyer, not shipped, not received):
 * the order is neither open nor closed; the warehouse keeps it as ON_HOLD. They are listed with
 * the open ones, so an order that went there needs no call of its own to learn it.
 */
const BRICKLINK_HELD = ['OCR', 'NPB', 'NPX', 'NRS', 'NSS'];
/** BrickLink statuses the warehouse keeps as they are (the table order_statuses). */
const BRICKLINK_KEPT = [...OPEN_STATUSES, 'SHIPPED', 'RECEIVED', 'COMPLETED', 'CANCELLED'];
export const BRICKOWL_STATUS: Record<string, string> = {
  pending: 'PENDING',
  'payment submitted': 'PENDING',
  'payment received': 'PAID',
  processing: 'PROCESSING',
  processed: 'READY',
  shipped: 'SHIPPED',
  received: 'RECEIVED',
  cancelled: 'CANCELLED',
  'on hold': 'ON_HOLD',
};

/** The warehouse's status for a BrickLink status; undefined for one it has no word for (PURGED). */
function fromBrickLink(status: string): string | undefined {
  const s = status.toUpperCase();
  if (BRICKLINK_KEPT.includes(s)) return s;
  return BRICKLINK_HELD.includes(s) ? 'ON_HOLD' : undefined;
}

const fromBrickOwl = (status: string): string | undefined => BRICKOWL_STATUS[status.toLowerCase()];

const BRICKOWL_USED_GRADES: Partial<Record<BoCondition, ConditionName>> = {
  usedn: 'LIKE_NEW',
  usedg: 'GOOD',
  useda: 'ACCEPTABLE',
};

/**
 * The warehouse's condition of a BrickOwl order line: new ("New", any new code), else the used
 * grade of its full code (`full_con`), else good.
 */
export function brickowlCondition(line: Pick<BoOrderItem, 'isNew' | 'condition'>): ConditionName {
  if (line.isNew) return 'NEW';
  return (line.condition && BRICKOWL_USED_GRADES[line.condition]) ?? 'GOOD';
}

export interface MarketOrder {
  number: string;
  buyer: string | null;
  date: string;
  status: string;
  lines: () => Promise<OrderLine[]>;
}

export interface StoreListing {
  /** The open orders, each with a way to read its lines (one call per order). */
  open: MarketOrder[];
  /** Every order the listing named, by number, with its status in the warehouse's words. */
  statuses: Map<string, string>;
}

function orderDate(value: string): string {
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value);
  return Number.isNaN(ms) ? nowIso() : new Date(ms).toISOString();
}

/**
 * One listing call: the store's open orders, and the statuses of all the orders it named
 * (BrickLink: the open and problem statuses; BrickOwl: its newest 500 orders, whatever their status).
 */
export async function listStoreOrders(client: StoreClient): Promise<StoreListing> {
  const statuses = new Map<string, string>();
  if (client.platform === 'BRICKLINK') {
    const bl = client.bricklink;
    const orders = await bl.listOrders({ status: [...OPEN_STATUSES, ...BRICKLINK_HELD].join(',') });
    const open: MarketOrder[] = [];
    for (const o of orders) {
      const status = fromBrickLink(o.status);
      if (status) statuses.set(String(o.order_id), status);
      if (!status || !OPEN_STATUSES.includes(status)) continue;
      open.push({
        number: String(o.order_id),
        buyer: o.buyer_name ?? null,
        date: orderDate(o.date_ordered),
        status,
        lines: async () =>
          (await bl.orderItems(o.order_id)).flat().map((i) => ({
            lotId: String(i.inventory_id),
            blItemNo: i.item.no,
            typeCode: BL_TYPE_CODE[i.item.type] ?? null,
            boid: null,
            colourId: i.color_id,
            condition: (i.new_or_used === 'N' ? 'NEW' : 'GOOD') as ConditionName,
            quantity: i.quantity,
            unitPrice: thousandths(i.unit_price),
            label: `${i.item.no} (BrickLink colour ${i.color_id})`,
          })),
      });
    }
    return { open, statuses };
  }
  const bo = client.brickowl;
  const orders = await bo.listOrders();
  for (const o of orders) {
    const status = fromBrickOwl(o.status);
    if (status) statuses.set(o.orderId, status);
  }
  const open = orders
    .map((o) => ({ o, status: fromBrickOwl(o.status) ?? 'PENDING' }))
    .filter(({ status }) => OPEN_STATUSES.includes(status))
    .map(({ o, status }) => ({
      number: o.orderId,
      buyer: null,
      date: orderDate(o.orderDate),
      status,
      lines: async () =>
        (await bo.orderItems(o.orderId)).map((i) => {
          const bl = i.ids.find((x) => /bl|bricklink/i.test(x.type))?.id ?? null;
          return {
            lotId: i.lotId ?? '',
            blItemNo: bl,
            typeCode: null,
            boid: i.boid,
            colourId: i.colourId || null,
            condition: brickowlCondition(i),
            quantity: i.quantity,
            unitPrice: thousandths(i.basePrice),
            label: `${i.name ?? i.boid} (BrickOwl ${i.boid})`,
          };
        }),
    }));
  return { open, statuses };
}

/**
 * One order's status read on its own (BrickLink GET /orders/{id}, BrickOwl order/view), in the
 * warehouse's words. Undefined when the store does not know the order, or names a status the
 * warehouse has no word for: the order is left as it is.
 */
export async function readOrderStatus(
  client: StoreClient,
  number: string,
): Promise<string | undefined> {
  try {
    if (client.platform === 'BRICKLINK') {
      return fromBrickLink((await client.bricklink.getOrder(Number(number))).status);
    }
    return fromBrickOwl((await client.brickowl.orderView(number)).status);
  } catch (error) {
    const unknown =
      error instanceof MarketplaceError &&
      (error.code === 'RESOURCE_NOT_FOUND' || error.status === 404);
    if (unknown) return undefined;
    throw error;
  }
}
