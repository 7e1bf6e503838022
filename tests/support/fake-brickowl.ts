import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BO_CONDITIONS,
  type BoBatchRequest,
  type BoCondition,
  type BoLot,
  type BoOrder,
  type BoOrderItem,
} from '../../server/marketplaces/brickowl/types';

/**
 * A local BrickOwl API for tests and benches. It checks the key on every request (query for GET,
 * form body for POST), answers in BrickOwl's shapes (`{"lot_id": …}`, `{"boids": […]}`, lists),
 * refuses with `{"error": {"status": …}}`, runs bulk/batch (at most 50 requests) and limits
 * requests per window — 600 a minute, and batches 200 a minute, unless told otherwise — with 429.
 * Lots and orders live in memory so tests can check what a client did.
 */
export interface FakeBrickOwlOptions {
  key?: string;
  perWindow?: number;
  batchesPerWindow?: number;
  windowMs?: number;
  /** BrickLink item number → BOIDs; default: a small table. */
  lookup?: (blItemNo: string, type: string) => string[];
}

export const FAKE_BRICKOWL_KEY = 'b0c1e5f7a9d3bricklowlkeyfortests';
const CATALOG: Record<string, string[]> = {
  '3001': ['771344'],
  '3002': ['362254'],
  '3003': ['446215'],
  '3794b': ['516314', '516316'],
};

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class FakeBrickOwl {
  url = '';
  readonly lots = new Map<string, BoLot>();
  readonly orders = new Map<string, { order: BoOrder; items: BoOrderItem[] }>();
  /** Requests answered (batches count once), requests refused with 429, and the most seen in a window. */
  requests = 0;
  rateLimited = 0;
  peakInWindow = 0;
  peakBatchesInWindow = 0;
  readonly key: string;
  private nextLot = 5000;
  private readonly seen: number[] = [];
  private readonly seenBatches: number[] = [];
  private readonly options: Required<Omit<FakeBrickOwlOptions, 'key'>>;
  private readonly server = createServer((req, res) => void this.handle(req, res));

  constructor(options: FakeBrickOwlOptions = {}) {
    this.key = options.key ?? FAKE_BRICKOWL_KEY;
    this.options = {
      perWindow: options.perWindow ?? 600,
      batchesPerWindow: options.batchesPerWindow ?? 200,
      windowMs: options.windowMs ?? 60_000,
      lookup: options.lookup ?? ((id) => CATALOG[id] ?? []),
    };
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
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
    if (get && endpoint === 'inventory/list') return this.list(p);
    if (!get && endpoint === 'inventory/create') return this.create(p);
    if (!get && endpoint === 'inventory/update') return this.update(p);
    if (!get && endpoint === 'inventory/delete') {
      this.lots.delete(this.find(p).lot_id);
      return { status: 'Success' };
    }
    if (get && endpoint === 'catalog/id_lookup') {
      if (!p.id || !p.type) throw new Refusal(400, 'Missing id or type');
      return {
        boids: p.id_type && p.id_type !== 'bl_item_no' ? [] : this.options.lookup(p.id, p.type),
      };
    }
    if (get && endpoint === 'order/list') {
      const list = [...this.orders.values()].map((o) => o.order);
      return p.status ? list.filter((o) => o.status === p.status) : list;
    }
    if (get && endpoint === 'order/items') {
      const order = this.orders.get(p.order_id ?? '');
      if (!order) throw new Refusal(404, 'Order not found');
      return order.items;
    }
    throw new Refusal(404, `Unknown method ${method} ${endpoint}`);
  }

  private list(p: Record<string, string>): BoLot[] {
    const activeOnly = p.active_only !== '0';
    return [...this.lots.values()].filter(
      (l) =>
        (!activeOnly || (l.for_sale === '1' && Number(l.quantity) > 0)) &&
        (!p.lot_id || l.lot_id === p.lot_id) &&
        (!p.external_id_1 || l.external_lot_ids?.['1'] === p.external_id_1),
    );
  }

  private find(p: Record<string, string>): BoLot {
    if (!!p.lot_id === !!p.external_id)
      throw new Refusal(400, 'Pass exactly one of lot_id or external_id');
    const lot = p.lot_id
      ? this.lots.get(p.lot_id)
      : [...this.lots.values()].find((l) => l.external_lot_ids?.['1'] === p.external_id);
    if (!lot) throw new Refusal(404, 'Lot not found');
    return lot;
  }

  private create(p: Record<string, string>): { lot_id: string } {
    if (!p.boid) throw new Refusal(400, 'Missing boid');
    const quantity = Number(p.quantity);
    if (!Number.isInteger(quantity) || quantity <= 0)
      throw new Refusal(400, 'Quantity must be a whole number greater than zero');
    if (!(Number(p.price) > 0)) throw new Refusal(400, 'Price must be a positive number');
    if (!BO_CONDITIONS.includes(p.condition as BoCondition))
      throw new Refusal(400, 'Invalid condition');
    const lot: BoLot = {
      lot_id: String(this.nextLot++),
      boid: p.boid,
      color_id: p.color_id,
      quantity: String(quantity),
      price: Number(p.price).toFixed(3),
      condition: p.condition as BoCondition,
      for_sale: '1',
      external_lot_ids: p.external_id ? { '1': p.external_id } : {},
    };
    this.lots.set(lot.lot_id, lot);
    return { lot_id: lot.lot_id };
  }

  private update(p: Record<string, string>): { status: string } {
    const lot = this.find(p);
    const fields = [
      'absolute_quantity',
      'relative_quantity',
      'price',
      'for_sale',
      'public_note',
      'personal_note',
      'bulk_qty',
      'tier_price',
    ];
    if (!fields.some((f) => p[f] !== undefined)) throw new Refusal(400, 'Nothing to update');
    let quantity = Number(lot.quantity);
    if (p.absolute_quantity !== undefined) quantity = Number(p.absolute_quantity);
    if (p.relative_quantity !== undefined) quantity += Number(p.relative_quantity);
    if (!Number.isInteger(quantity) || quantity < 0)
      throw new Refusal(400, 'Quantity can not be below zero');
    if (p.price !== undefined && !(Number(p.price) > 0))
      throw new Refusal(400, 'Price must be a positive number');
    lot.quantity = String(quantity);
    if (p.price !== undefined) lot.price = Number(p.price).toFixed(3);
    if (p.for_sale !== undefined) lot.for_sale = p.for_sale === '1' ? '1' : '0';
    if (p.public_note !== undefined) lot.public_note = p.public_note;
    if (p.personal_note !== undefined) lot.personal_note = p.personal_note;
    return { status: 'Success' };
  }
}

export function startFakeBrickOwl(options: FakeBrickOwlOptions = {}): Promise<FakeBrickOwl> {
  return new FakeBrickOwl(options).start();
}
