import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrickLinkCredentials } from '../../server/marketplaces/bricklink/client';
import {
  lotAnswer,
  orderDetail,
  orderItemAnswer,
  orderSummary,
  type FakeLot,
  type FakeOrder,
  type FakeOrderItem,
} from './fake-bricklink/answers';
import { listLots, updateLot, validNewLot } from './fake-bricklink/inventory';
import { FakePriceGuides } from './fake-bricklink/price-guide';
import { Refusal } from './fake-bricklink/refusal';
import { verifySignature } from './fake-bricklink/signature';

export { rfc3986, signatureBaseString } from './fake-bricklink/signature';
export type { FakeGuideEntry, PriceGuideRequest } from './fake-bricklink/price-guide';
export type { FakeLot, FakeOrder, FakeOrderItem } from './fake-bricklink/answers';

/**
 * A local BrickLink Store API for tests and benches. It checks every request's OAuth 1.0a signature
 * the way RFC 5849 describes (its own base string and HMAC-SHA1 over node:crypto, independent of the
 * client's signing library), refuses a reused nonce or a stale timestamp, answers in BrickLink's
 * `{meta, data}` envelope and in the shapes of BrickLink's recorded answers (see
 * fake-bricklink/answers.ts), counts calls against a daily limit and can be told to throttle. Like
 * BrickLink it answers a refusal with HTTP 200 and the refusal's code in `meta.code`; a throttled
 * call or one past the daily limit gets the HTTP status itself. It keeps one store's lots and
 * orders in memory so tests can check what a client did.
 */
export interface FakeBrickLinkOptions {
  /** The port on 127.0.0.1 (default: a free one). */
  port?: number;
  credentials?: BrickLinkCredentials;
  dailyLimit?: number;
}

export const FAKE_BRICKLINK_CREDENTIALS: BrickLinkCredentials = {
  consumerKey: '7CCDCEF257CF43D89A74A7E39BEAA1E1',
  consumerSecret: 'consumer-secret-for-tests',
  tokenValue: 'AC40C8C32A1748E0AE1EFA13CCCFAC3A',
  tokenSecret: 'token-secret-for-tests',
};

/** A BrickLink store's credentials as the Stores API takes them: the fake's unless others are given. */
export function blStoreCredentials(c: BrickLinkCredentials = FAKE_BRICKLINK_CREDENTIALS) {
  return {
    consumer_key: c.consumerKey,
    consumer_secret: c.consumerSecret,
    token_key: c.tokenValue,
    token_secret: c.tokenSecret,
  };
}

const PREFIX = '/api/store/v1';

export class FakeBrickLink {
  url = '';
  readonly inventory = new Map<number, FakeLot>();
  readonly orders = new Map<number, { order: FakeOrder; items: FakeOrderItem[][] }>();
  /** The catalog's price guides (`GET /items/{type}/{no}/price`) and the requests for them. */
  readonly priceGuides = new FakePriceGuides();
  /** Signed calls accepted and counted against the day (refusals for bad signatures are not). */
  calls = 0;
  /** Requests refused, by BrickLink result name. */
  readonly refused = new Map<string, number>();
  dailyLimit: number;
  private nextId = 1000;
  private nextOrder = 7_000_001;
  private readonly nonces = new Set<string>();
  private throttle: { count: number; status: number; retryAfter?: number } = {
    count: 0,
    status: 429,
  };
  private readonly server = createServer((req, res) => void this.handle(req, res));
  readonly credentials: BrickLinkCredentials;
  private readonly port: number;

  constructor(options: FakeBrickLinkOptions = {}) {
    this.credentials = options.credentials ?? FAKE_BRICKLINK_CREDENTIALS;
    this.dailyLimit = options.dailyLimit ?? 5000;
    this.port = options.port ?? 0;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${PREFIX}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next `count` signed calls get `status` (429 or 5xx) instead of an answer. */
  throttleNext(count: number, status = 429, retryAfterSeconds?: number): void {
    this.throttle = { count, status, retryAfter: retryAfterSeconds };
  }

  addOrder(order: FakeOrder, items: FakeOrderItem[][]): void {
    this.orders.set(order.order_id, { order, items });
  }

  /**
   * A buyer orders from the store's lots, as on BrickLink's site: the order (PAID) holds each lot's
   * item, colour, condition and price, and each lot loses what was bought (a lot sold out goes,
   * unless it is retained: it stays at 0).
   * Resolves the order's id.
   */
  sell(lines: { inventoryId: number; quantity: number }[], buyer = 'demo-buyer'): number {
    const items: FakeOrderItem[] = lines.map(({ inventoryId, quantity }) => {
      const lot = this.inventory.get(inventoryId);
      if (!lot) throw new Error(`The fake has no lot ${inventoryId}`);
      if (!Number.isInteger(quantity) || quantity <= 0 || quantity > lot.quantity)
        throw new Error(`Lot ${inventoryId} holds ${lot.quantity}, not ${quantity}`);
      return {
        inventory_id: lot.inventory_id,
        item: { ...lot.item },
        color_id: lot.color_id,
        quantity,
        new_or_used: lot.new_or_used,
        unit_price: lot.unit_price,
      };
    });
    for (const { inventory_id, quantity } of items) {
      const lot = this.inventory.get(inventory_id)!;
      lot.quantity -= quantity;
      if (lot.quantity === 0 && !lot.is_retain) this.inventory.delete(inventory_id);
    }
    const order_id = this.nextOrder++;
    this.addOrder(
      {
        order_id,
        date_ordered: new Date().toISOString(),
        buyer_name: buyer,
        status: 'PAID',
        total_count: items.reduce((n, i) => n + i.quantity, 0),
        unique_count: items.length,
      },
      [items],
    );
    return order_id;
  }

  /** The buyer or the seller moved an order on (PAID, SHIPPED, CANCELLED, …). */
  setOrderStatus(orderId: number, status: string): void {
    const found = this.orders.get(orderId);
    if (!found) throw new Error(`The fake has no order ${orderId}`);
    found.order.status = status;
  }

  /**
   * One answer in BrickLink's envelope. Refusals carry no `data`; the HTTP status is 200 unless
   * `http` says otherwise (a throttled call).
   */
  private send(
    res: ServerResponse,
    meta: { code: number; message: string; description: string },
    data?: unknown,
    http = 200,
    headers: Record<string, string> = {},
  ): void {
    res.writeHead(http, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(data === undefined ? { meta } : { meta, data }));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    try {
      verifySignature(req, url, this.credentials, this.nonces);
      if (this.throttle.count > 0) {
        this.throttle.count--;
        const headers: Record<string, string> =
          this.throttle.retryAfter === undefined
            ? {}
            : { 'Retry-After': String(this.throttle.retryAfter) };
        const result = this.throttle.status === 429 ? 'TOO_MANY_REQUESTS' : 'INTERNAL_SERVER_ERROR';
        throw Object.assign(new Refusal(this.throttle.status, result, 'Try again later'), {
          headers,
          http: this.throttle.status,
        });
      }
      if (this.calls >= this.dailyLimit) {
        const midnight = new Date().setUTCHours(24, 0, 0, 0);
        throw Object.assign(
          new Refusal(429, 'TOO_MANY_REQUESTS', `Daily limit of ${this.dailyLimit} calls exceeded`),
          {
            headers: { 'Retry-After': String(Math.ceil((midnight - Date.now()) / 1000)) },
            http: 429,
          },
        );
      }
      this.calls++;
      let body: unknown;
      if (chunks.length) {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          throw new Refusal(400, 'INVALID_REQUEST_BODY', 'The body is not JSON');
        }
      }
      const [code, result, data] = this.route(req.method ?? 'GET', url, body);
      this.send(res, { description: result, message: result, code }, data);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      this.refused.set(error.description, (this.refused.get(error.description) ?? 0) + 1);
      const { headers, http } = error as { headers?: Record<string, string>; http?: number };
      const meta = { description: error.description, message: error.result, code: error.code };
      this.send(res, meta, undefined, http, headers);
    }
  }

  private route(method: string, url: URL, body: unknown): [number, string, unknown] {
    if (!url.pathname.startsWith(PREFIX)) throw new Refusal(400, 'INVALID_URI', url.pathname);
    const path = url.pathname.slice(PREFIX.length).replace(/\/$/, '');
    const lot = path.match(/^\/inventories\/(\d+)$/);
    const orderPath = path.match(/^\/orders\/(\d+)(\/items)?$/);
    const guide = path.match(/^\/items\/([^/]+)\/([^/]+)\/price$/);
    if (guide && method === 'GET')
      return [200, 'OK', this.priceGuides.answer(guide[1], guide[2], url.searchParams)];
    if (path === '/inventories' && method === 'GET')
      return [200, 'OK', listLots(this.inventory.values(), url.searchParams).map(lotAnswer)];
    if (path === '/inventories' && method === 'POST') {
      if (Array.isArray(body)) {
        const lots = body.map((b) => validNewLot(b));
        for (const l of lots) this.store(l);
        return [201, 'OK_CREATED', {}];
      }
      return [201, 'OK_CREATED', lotAnswer(this.store(validNewLot(body)))];
    }
    if (lot) {
      const found = this.inventory.get(Number(lot[1]));
      if (!found)
        throw new Refusal(404, 'RESOURCE_NOT_FOUND', `Inventory ${lot[1]} does not exist`);
      if (method === 'GET') return [200, 'OK', lotAnswer(found)];
      if (method === 'DELETE') {
        this.inventory.delete(found.inventory_id);
        return [204, 'OK_NO_CONTENT', {}];
      }
      if (method === 'PUT') return [200, 'OK', lotAnswer(updateLot(found, body))];
    }
    if (path === '/orders' && method === 'GET') {
      const statuses = url.searchParams.get('status')?.toUpperCase().split(',');
      const list = [...this.orders.values()].filter(
        ({ order }) => !statuses || statuses.includes(order.status),
      );
      return [200, 'OK', list.map(({ order, items }) => orderSummary(order, items))];
    }
    if (orderPath && method === 'GET') {
      const order = this.orders.get(Number(orderPath[1]));
      if (!order)
        throw new Refusal(404, 'RESOURCE_NOT_FOUND', `Order ${orderPath[1]} does not exist`);
      if (orderPath[2]) return [200, 'OK', order.items.map((batch) => batch.map(orderItemAnswer))];
      return [200, 'OK', orderDetail(order.order, order.items)];
    }
    throw new Refusal(400, 'INVALID_URI', `${method} ${path}`);
  }

  private store(lot: Omit<FakeLot, 'inventory_id'>): FakeLot {
    const stored: FakeLot = {
      ...lot,
      inventory_id: this.nextId++,
      date_created: new Date().toISOString(),
    };
    this.inventory.set(stored.inventory_id, stored);
    return stored;
  }
}

export function startFakeBrickLink(options: FakeBrickLinkOptions = {}): Promise<FakeBrickLink> {
  return new FakeBrickLink(options).start();
}
