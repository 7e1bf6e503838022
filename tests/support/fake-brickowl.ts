import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  BoBatchRequest,
  BoLot,
  BoOrder,
  BoOrderItem,
} from '../../server/marketplaces/brickowl/types';
import {
  FAKE_COLOURS,
  FAKE_PARTS,
  colourListAnswer,
  type FakeColour,
} from './fake-brickowl/catalog';
import { Refusal, findLot, listLots, newLot, updateLot } from './fake-brickowl/lots';

/**
 * A local BrickOwl API for tests and benches. It checks the key on every request (query for GET,
 * form body for POST), answers in BrickOwl's shapes (`{"lot_id": …}`, `{"boids": […]}`, lists),
 * refuses with `{"error": {"status": …}}`, runs bulk/batch (at most 50 requests) and limits
 * requests per window — 600 a minute, and batches 200 a minute, unless told otherwise — with 429.
 * Its catalog answers `catalog/color_list` (its colours, each with the BrickLink ids it stands
 * for) and `catalog/id_lookup` (BrickLink item number and type → BOIDs), in BrickOwl's shapes.
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
  readonly lots = new Map<string, BoLot>();
  readonly orders = new Map<string, { order: BoOrder; items: BoOrderItem[] }>();
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
      batchesPerWindow: options.batchesPerWindow ?? 200,
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

  addOrder(order: BoOrder, items: BoOrderItem[]): void {
    this.orders.set(order.order_id, { order, items });
  }

  /**
   * A buyer orders from the store's lots, as on BrickOwl's site: the order ('Payment Received')
   * holds each lot's BOID (a part's with its colour, "<boid>-<colour>"), colour, condition, price
   * and the lot's external id, and each lot loses what was bought. Resolves the order's id.
   */
  sell(lines: { lotId: string; quantity: number }[]): string {
    const items: BoOrderItem[] = lines.map(({ lotId, quantity }) => {
      const lot = this.lots.get(lotId);
      if (!lot) throw new Error(`The fake has no lot ${lotId}`);
      if (!Number.isInteger(quantity) || quantity <= 0 || quantity > Number(lot.quantity))
        throw new Error(`Lot ${lotId} holds ${lot.quantity}, not ${quantity}`);
      return {
        lot_id: lot.lot_id,
        boid: lot.color_id ? `${lot.boid}-${lot.color_id}` : lot.boid,
        color_id: lot.color_id,
        quantity: String(quantity),
        base_price: lot.price,
        condition: lot.condition,
        external_lot_ids: { ...lot.external_lot_ids },
      };
    });
    for (const { lot_id, quantity } of items) {
      const lot = this.lots.get(lot_id)!;
      lot.quantity = String(Number(lot.quantity) - Number(quantity));
    }
    const order_id = String(this.nextOrder++);
    this.addOrder(
      {
        order_id,
        order_date: String(Math.floor(Date.now() / 1000)),
        status: 'Payment Received',
        total_quantity: String(items.reduce((n, i) => n + Number(i.quantity), 0)),
        total_lots: String(items.length),
      },
      items,
    );
    return order_id;
  }

  /** The buyer or the seller moved an order on ('Payment Received', 'Cancelled', …). */
  setOrderStatus(orderId: string, status: string): void {
    const found = this.orders.get(orderId);
    if (!found) throw new Error(`The fake has no order ${orderId}`);
    found.order.status = status;
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

  private batch(raw: string | null): unknown[] {
    let requests: BoBatchRequest[];
    try {
      requests = (JSON.parse(raw ?? '') as { requests: BoBatchRequest[] }).requests;
    } catch {
      throw new Refusal(400, 'Invalid requests JSON');
    }
    if (!Array.isArray(requests) || requests.length === 0)
      throw new Refusal(400, 'No requests given');
    if (requests.length > 50) throw new Refusal(400, 'A maximum of 50 requests can be batched');
    return requests.map((r) => {
      try {
        const params = Object.fromEntries(
          Object.entries(r.params?.[0] ?? {}).map(([k, v]) => [k, String(v)]),
        );
        return this.route(r.request_method, r.endpoint, params);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return { error: { status: error.message } };
      }
    });
  }

  private route(method: string, endpoint: string, p: Record<string, string>): unknown {
    const get = method === 'GET';
    if (get && endpoint === 'inventory/list') return listLots(this.lots.values(), p);
    if (!get && endpoint === 'inventory/create') {
      const lot = newLot(p, String(this.nextLot++));
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
      return {
        boids: p.id_type && p.id_type !== 'bl_item_no' ? [] : this.options.lookup(p.id, p.type),
      };
    }
    if (get && endpoint === 'order/list') {
      // Newest first, at most `limit` (BrickOwl's default 500): older orders fall out of the list.
      const list = [...this.orders.values()]
        .map((o) => o.order)
        .filter((o) => !p.status || o.status === p.status)
        .sort((a, b) => Number(b.order_date) - Number(a.order_date));
      return list.slice(0, Math.min(Number(p.limit) || this.listLimit, 5000));
    }
    if (get && (endpoint === 'order/items' || endpoint === 'order/view')) {
      const order = this.orders.get(p.order_id ?? '');
      if (!order) throw new Refusal(404, 'Order not found');
      if (endpoint === 'order/items') return order.items;
      const { order_date, ...rest } = order.order;
      return { ...rest, order_time: order_date };
    }
    throw new Refusal(404, `Unknown method ${method} ${endpoint}`);
  }
}

export function startFakeBrickOwl(options: FakeBrickOwlOptions = {}): Promise<FakeBrickOwl> {
  return new FakeBrickOwl(options).start();
}
