import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { z } from 'zod';
import type {
  boBatchAnswer,
  boOrderAnswer,
  boOrderItemAnswer,
  boOrderViewAnswer,
} from '../../server/marketplaces/brickowl/answers';
import type { BoBatchRequest } from '../../server/marketplaces/brickowl/types';
import {
  FAKE_COLOURS,
  FAKE_PARTS,
  colourListAnswer,
  type FakeColour,
} from './fake-brickowl/catalog';
import {
  Refusal,
  colouredBoid,
  findLot,
  listLots,
  newLot,
  updateLot,
  type FakeLot,
} from './fake-brickowl/lots';

/** An order of order/list, as BrickOwl answers it (tests/fixtures/marketplaces/brickowl/order-list.json). */
export type FakeOrder = z.input<typeof boOrderAnswer>;
/** A line of order/items, as BrickOwl answers it (…/order-items.json); a test may leave out the rest. */
export type FakeOrderItem = z.input<typeof boOrderItemAnswer> & {
  image_small?: string;
  color_name?: string;
  personal_note?: string;
  public_note?: string;
  bl_lot_id?: string | null;
  remaining_quantity?: string;
  weight?: string;
  order_item_id?: string;
};
type OrderView = z.input<typeof boOrderViewAnswer> & Record<string, string | number | null>;
type BatchAnswer = Extract<z.input<typeof boBatchAnswer>, { responses: unknown }>;

/** BrickOwl's order statuses and their numbers (`status_id`). */
const STATUS_IDS: Record<string, string> = {
  Pending: '0',
  'Payment Submitted': '1',
  'Payment Received': '2',
  Processing: '3',
  Processed: '4',
  Shipped: '5',
  Received: '6',
  'On Hold': '7',
  Cancelled: '8',
};

/**
 * A local BrickOwl API for tests and benches. It checks the key on every request (query for GET,
 * form body for POST), answers in BrickOwl's shapes as recorded in tests/fixtures/marketplaces/
 * brickowl/ (lots with `qty`, `con`/`full_con` and `external_lot_ids` as `{"other": …}` or `[]`;
 * order lines with `ordered_quantity` and `condition` "New"/"Used"; `{"lot_id": …}`,
 * `{"boids": […]}`), refuses with `{"error": {"status": …}}`, runs bulk/batch (at most 50
 * requests, answered as `{"responses": [{endpoint, status_code, body}]}`) and limits requests per
 * window — 600 a minute, and batches 100 a minute, unless told otherwise — with 429.
 * Its catalog answers `catalog/color_list` (its colours, each with the BrickLink ids it stands
 * for) and `catalog/id_lookup` (BrickLink item number and type → BOIDs), in BrickOwl's shapes;
 * a BOID it answered for a set takes only the set conditions (news, newc, newi, usedc, usedi).
 * Lots and orders live in memory so tests can check what a client did.
 */
export interface FakeBrickOwlOptions {
  /** The port on 127.0.0.1 (default: a free one). */
  port?: number;
  key?: string;
  perWindow?: number;
  batchesPerWindow?: number;
  windowMs?: number;
  /** The items of the fake's catalog: BrickLink item number and type → BOIDs; default: a few parts. */
  lookup?: (blItemNo: string, type: string) => string[];
  /** The colours of the fake's catalog; default: FAKE_COLOURS. */
  colours?: FakeColour[];
}

export const FAKE_BRICKOWL_KEY = 'b0c1e5f7a9d3bricklowlkeyfortests';
export { FAKE_COLOURS, type FakeColour } from './fake-brickowl/catalog';

export class FakeBrickOwl {
  url = '';
  readonly lots = new Map<string, FakeLot>();
  readonly orders = new Map<string, { order: FakeOrder; items: FakeOrderItem[] }>();
  /** The item type of each BOID the id lookup answered. */
  readonly boidTypes = new Map<string, string>();
  /** The catalog's colours: a test may change them (BrickOwl adds and renumbers colours). */
  colours: FakeColour[];
  /** Id lookups answered (each lookup inside a batch counts) and colour lists answered. */
  idLookups = 0;
  colourLists = 0;
  /** Requests answered (batches count once), requests refused with 429, and the most seen in a window. */
  requests = 0;
  rateLimited = 0;
  peakInWindow = 0;
  peakBatchesInWindow = 0;
  readonly key: string;
  private readonly port: number;
  /** How many orders order/list answers when not told (BrickOwl: 500, newest first). */
  listLimit = 500;
  private nextLot = 5000;
  private nextOrder = 8_800_001;
  private readonly seen: number[] = [];
  private readonly seenBatches: number[] = [];
  private readonly options: Required<Omit<FakeBrickOwlOptions, 'key' | 'colours' | 'port'>>;
  private readonly server = createServer((req, res) => void this.handle(req, res));

  constructor(options: FakeBrickOwlOptions = {}) {
    this.key = options.key ?? FAKE_BRICKOWL_KEY;
    this.port = options.port ?? 0;
    this.options = {
      perWindow: options.perWindow ?? 600,
      batchesPerWindow: options.batchesPerWindow ?? 100,
      windowMs: options.windowMs ?? 60_000,
      lookup: options.lookup ?? ((id, type) => (type === 'Part' ? (FAKE_PARTS[id] ?? []) : [])),
    };
    this.colours = (options.colours ?? FAKE_COLOURS).map((c) => ({ ...c, blIds: [...c.blIds] }));
  }

  /** BrickOwl's colour id for a BrickLink colour id in the fake's catalog (tests check lots by it). */
  colourFor(blColourId: number): number | undefined {
    return this.colours.find((c) => c.blIds.includes(blColourId))?.id;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Adds an order as BrickOwl lists it; totals and the status's number are filled in when left out. */
  addOrder(order: FakeOrder, items: FakeOrderItem[]): void {
    const full: FakeOrder = {
      order_id: order.order_id,
      order_date: order.order_date,
      total_quantity:
        order.total_quantity ?? String(items.reduce((n, i) => n + Number(i.ordered_quantity), 0)),
      total_lots: order.total_lots ?? String(items.length),
      base_order_total:
        order.base_order_total ??
        items.reduce((n, i) => n + Number(i.ordered_quantity) * Number(i.base_price), 0).toFixed(2),
      status: order.status,
      status_id: order.status_id ?? STATUS_IDS[order.status] ?? '0',
    };
    this.orders.set(String(order.order_id), { order: full, items });
  }

  /**
   * A buyer orders from the store's lots, as on BrickOwl's site: the order ('Payment Received')
   * holds each lot's BOID (a part's with its colour, "<boid>-<colour>"), colour, condition, price
   * and the lot's external id, and each lot loses what was bought. Resolves the order's id.
   */
  sell(lines: { lotId: string; quantity: number }[]): string {
    let nextLine = 433_700 + 10 * this.orders.size;
    const items: FakeOrderItem[] = lines.map(({ lotId, quantity }) => {
      const lot = this.lots.get(lotId);
      if (!lot) throw new Error(`The fake has no lot ${lotId}`);
      if (!Number.isInteger(quantity) || quantity <= 0 || quantity > Number(lot.quantity))
        throw new Error(`Lot ${lotId} holds ${lot.quantity}, not ${quantity}`);
      const mark = lot.external_lot_ids?.['1'];
      const colour = this.colours.find((c) => String(c.id) === lot.color_id);
      return {
        image_small: `//img.brickowl.test/small/${colouredBoid(lot)}.png`,
        condition: lot.condition.startsWith('new') ? 'New' : 'Used',
        full_con: lot.condition,
        name: `Item ${lot.boid}`,
        boid: colouredBoid(lot),
        personal_note: lot.personal_note ?? '',
        bl_lot_id: null,
        external_lot_ids: mark === undefined ? [] : { other: mark },
        remaining_quantity: String(Number(lot.quantity) - quantity),
        weight: '0.000',
        public_note: lot.public_note ?? '',
        ordered_quantity: String(quantity),
        order_item_id: String(nextLine++),
        base_price: lot.price,
        color_name: colour?.name ?? '',
        color_id: lot.color_id ?? null,
        lot_id: lot.lot_id,
        ids: [{ id: colouredBoid(lot), type: 'boid' }],
      };
    });
    for (const { lotId, quantity } of lines) {
      const lot = this.lots.get(lotId)!;
      lot.quantity = String(Number(lot.quantity) - quantity);
    }
    const order_id = String(this.nextOrder++);
    this.addOrder(
      { order_id, order_date: String(Math.floor(Date.now() / 1000)), status: 'Payment Received' },
      items,
    );
    return order_id;
  }

  /** The buyer or the seller moved an order on ('Payment Received', 'Cancelled', …). */
  setOrderStatus(orderId: string, status: string): void {
    const found = this.orders.get(orderId);
    if (!found) throw new Error(`The fake has no order ${orderId}`);
    found.order.status = status;
    found.order.status_id = STATUS_IDS[status] ?? found.order.status_id;
  }

  /** Counts a request in a sliding window; false when the window is full. */
  private admit(log: number[], limit: number): boolean {
    const now = Date.now();
    while (log.length && log[0] <= now - this.options.windowMs) log.shift();
    if (log.length >= limit) return false;
    log.push(now);
    return true;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const params =
      req.method === 'POST'
        ? new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
        : url.searchParams;
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      if (params.get('key') !== this.key) throw new Refusal(401, 'Invalid API Key');
      const endpoint = url.pathname.replace(/^\/v1\//, '');
      const batch = endpoint === 'bulk/batch';
      if (
        !this.admit(this.seen, this.options.perWindow) ||
        (batch && !this.admit(this.seenBatches, this.options.batchesPerWindow))
      ) {
        this.rateLimited++;
        throw new Refusal(429, 'Rate limit exceeded');
      }
      this.peakInWindow = Math.max(this.peakInWindow, this.seen.length);
      this.peakBatchesInWindow = Math.max(this.peakBatchesInWindow, this.seenBatches.length);
      this.requests++;
      if (batch) return reply(200, this.batch(params.get('requests')));
      reply(200, this.route(req.method ?? 'GET', endpoint, Object.fromEntries(params)));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      reply(error.status, { error: { status: error.message } });
    }
  }

  /** bulk/batch: each request's answer with its HTTP status, in the order asked. */
  private batch(raw: string | null): BatchAnswer {
    let requests: BoBatchRequest[];
    try {
      requests = (JSON.parse(raw ?? '') as { requests: BoBatchRequest[] }).requests;
    } catch {
      throw new Refusal(400, 'Invalid requests JSON');
    }
    if (!Array.isArray(requests) || requests.length === 0)
      throw new Refusal(400, 'No requests given');
    if (requests.length > 50) throw new Refusal(400, 'A maximum of 50 requests can be batched');
    return {
      responses: requests.map((r) => {
        try {
          const params = Object.fromEntries(
            Object.entries(r.params?.[0] ?? {}).map(([k, v]) => [k, String(v)]),
          );
          const body = this.route(r.request_method, r.endpoint, params);
          return { endpoint: r.endpoint, status_code: 200, body };
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          const body = { error: { status: error.message } };
          return { endpoint: r.endpoint, status_code: error.status, body };
        }
      }),
    };
  }

  /** order/view: the order's details (of those BrickOwl sends, the ones a store's order has here). */
  private orderView(o: FakeOrder): OrderView {
    const time = Number(o.order_date);
    return {
      order_id: o.order_id,
      order_time: o.order_date,
      processed_time: null,
      iso_order_time: new Date(time * 1000).toISOString().replace('.000Z', '+00:00'),
      store_id: '907',
      status: o.status,
      status_id: o.status_id ?? STATUS_IDS[o.status] ?? '0',
      total_quantity: o.total_quantity ?? '0',
      total_lots: o.total_lots ?? '0',
      base_currency: 'USD',
      base_order_total: o.base_order_total ?? '0.00',
      buyer_note: '',
      tracking_number: null,
      buyer_name: 'Sam Example',
    };
  }

  private route(method: string, endpoint: string, p: Record<string, string>): unknown {
    const get = method === 'GET';
    if (get && endpoint === 'inventory/list') return listLots(this.lots.values(), p);
    if (!get && endpoint === 'inventory/create') {
      const lot = newLot(p, String(this.nextLot), this.boidTypes.get(p.boid ?? ''));
      this.nextLot++;
      this.lots.set(lot.lot_id, lot);
      return { lot_id: lot.lot_id };
    }
    if (!get && endpoint === 'inventory/update') {
      updateLot(findLot(this.lots, p), p);
      return { status: 'Success' };
    }
    if (!get && endpoint === 'inventory/delete') {
      this.lots.delete(findLot(this.lots, p).lot_id);
      return { status: 'Success' };
    }
    if (get && endpoint === 'catalog/color_list') {
      this.colourLists++;
      return colourListAnswer(this.colours);
    }
    if (get && endpoint === 'catalog/id_lookup') {
      if (!p.id || !p.type) throw new Refusal(400, 'Missing id or type');
      this.idLookups++;
      const boids =
        p.id_type && p.id_type !== 'bl_item_no' ? [] : this.options.lookup(p.id, p.type);
      for (const boid of boids) this.boidTypes.set(boid, p.type);
      return { boids };
    }
    if (get && endpoint === 'order/list') {
      // Newest first, at most `limit` (BrickOwl's default 500): older orders fall out of the list.
      const list = [...this.orders.values()]
        .map((o) => o.order)
        // The status filter takes the status's name or its number, as BrickOwl's does.
        .filter((o) => !p.status || o.status === p.status || o.status_id === p.status)
        .sort((a, b) => Number(b.order_date) - Number(a.order_date));
      return list.slice(0, Math.min(Number(p.limit) || this.listLimit, 5000));
    }
    if (get && (endpoint === 'order/items' || endpoint === 'order/view')) {
      const order = this.orders.get(p.order_id ?? '');
      if (!order) throw new Refusal(404, 'Order not found');
      if (endpoint === 'order/items') return order.items;
      return this.orderView(order.order);
    }
    throw new Refusal(404, `Unknown method ${method} ${endpoint}`);
  }
}

export function startFakeBrickOwl(options: FakeBrickOwlOptions = {}): Promise<FakeBrickOwl> {
  return new FakeBrickOwl(options).start();
}
