import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrickLinkCredentials } from '../../server/marketplaces/bricklink/client';
import type {
  BlInventory,
  BlItemType,
  BlOrder,
  BlOrderItem,
} from '../../server/marketplaces/bricklink/types';

/**
 * A local BrickLink Store API for tests and benches. It checks every request's OAuth 1.0a signature
 * the way RFC 5849 describes (its own base string and HMAC-SHA1 over node:crypto, independent of the
 * client's signing library), refuses a reused nonce or a stale timestamp, answers in BrickLink's
 * `{meta, data}` envelope, counts calls against a daily limit and can be told to throttle. It keeps
 * one store's lots and orders in memory so tests can check what a client did.
 */
export interface FakeBrickLinkOptions {
  credentials?: BrickLinkCredentials;
  dailyLimit?: number;
}

export const FAKE_BRICKLINK_CREDENTIALS: BrickLinkCredentials = {
  consumerKey: '7CCDCEF257CF43D89A74A7E39BEAA1E1',
  consumerSecret: 'consumer-secret-for-tests',
  tokenValue: 'AC40C8C32A1748E0AE1EFA13CCCFAC3A',
  tokenSecret: 'token-secret-for-tests',
};

const ITEM_TYPES = new Set<BlItemType>([
  'PART',
  'SET',
  'MINIFIG',
  'BOOK',
  'GEAR',
  'CATALOG',
  'INSTRUCTION',
  'UNSORTED_LOT',
  'ORIGINAL_BOX',
]);
const PREFIX = '/api/store/v1';

class Refusal extends Error {
  constructor(
    readonly code: number,
    readonly result: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** RFC 3986 percent-encoding as OAuth 1.0a wants it (unreserved characters only stay as they are). */
export function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function parseAuthorization(header: string | undefined): Map<string, string> {
  if (!header || !/^OAuth\s/i.test(header)) {
    throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'INVALID_AUTHORIZATION_HEADER');
  }
  const params = new Map<string, string>();
  for (const m of header.slice(6).matchAll(/([A-Za-z0-9_]+)="([^"]*)"/g)) {
    params.set(decodeURIComponent(m[1]), decodeURIComponent(m[2]));
  }
  return params;
}

/** The signature base string of RFC 5849 section 3.4.1 (query and oauth_* parameters; no JSON body). */
export function signatureBaseString(
  method: string,
  baseUri: string,
  query: URLSearchParams,
  oauth: Map<string, string>,
): string {
  const pairs: [string, string][] = [];
  for (const [k, v] of query) pairs.push([rfc3986(k), rfc3986(v)]);
  for (const [k, v] of oauth)
    if (k !== 'oauth_signature' && k !== 'realm') pairs.push([rfc3986(k), rfc3986(v)]);
  pairs.sort(([ak, av], [bk, bv]) =>
    ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1,
  );
  const normalized = pairs.map(([k, v]) => `${k}=${v}`).join('&');
  return [method.toUpperCase(), rfc3986(baseUri), rfc3986(normalized)].join('&');
}

export class FakeBrickLink {
  url = '';
  readonly inventory = new Map<number, BlInventory>();
  readonly orders = new Map<number, { order: BlOrder; items: BlOrderItem[][] }>();
  /** Signed calls accepted and counted against the day (refusals for bad signatures are not). */
  calls = 0;
  /** Requests refused, by BrickLink result name. */
  readonly refused = new Map<string, number>();
  dailyLimit: number;
  private nextId = 1000;
  private readonly nonces = new Set<string>();
  private throttle: { count: number; status: number; retryAfter?: number } = {
    count: 0,
    status: 429,
  };
  private readonly server = createServer((req, res) => void this.handle(req, res));
  readonly credentials: BrickLinkCredentials;

  constructor(options: FakeBrickLinkOptions = {}) {
    this.credentials = options.credentials ?? FAKE_BRICKLINK_CREDENTIALS;
    this.dailyLimit = options.dailyLimit ?? 5000;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
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

  addOrder(order: BlOrder, items: BlOrderItem[][]): void {
    this.orders.set(order.order_id, { order, items });
  }

  private send(
    res: ServerResponse,
    code: number,
    result: string,
    description: string,
    data: unknown,
    headers: Record<string, string> = {},
  ): void {
    const status = code === 204 || code === 201 ? 200 : code;
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify({ meta: { description, message: result, code }, data }));
  }

  private verify(req: IncomingMessage, url: URL): void {
    const oauth = parseAuthorization(req.headers.authorization);
    const c = this.credentials;
    if (oauth.get('oauth_consumer_key') !== c.consumerKey)
      throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'CONSUMER_KEY_UNKNOWN');
    if (oauth.get('oauth_token') !== c.tokenValue)
      throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'TOKEN_VALUE_UNKNOWN');
    if (oauth.get('oauth_signature_method') !== 'HMAC-SHA1')
      throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'SIGNATURE_METHOD_UNSUPPORTED');
    if ((oauth.get('oauth_version') ?? '1.0') !== '1.0')
      throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'VERSION_UNSUPPORTED');
    const timestamp = Number(oauth.get('oauth_timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'TIMESTAMP_REFUSED');
    }
    const base = signatureBaseString(
      req.method ?? 'GET',
      `http://${req.headers.host}${url.pathname}`,
      url.searchParams,
      oauth,
    );
    const key = `${rfc3986(c.consumerSecret)}&${rfc3986(c.tokenSecret)}`;
    const expected = createHmac('sha1', key).update(base).digest();
    const given = Buffer.from(oauth.get('oauth_signature') ?? '', 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'SIGNATURE_INVALID');
    }
    const nonce = `${timestamp}:${oauth.get('oauth_nonce') ?? ''}`;
    if (!oauth.get('oauth_nonce') || this.nonces.has(nonce))
      throw new Refusal(401, 'BAD_OAUTH_REQUEST', 'NONCE_USED');
    this.nonces.add(nonce);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    try {
      this.verify(req, url);
      if (this.throttle.count > 0) {
        this.throttle.count--;
        const headers: Record<string, string> =
          this.throttle.retryAfter === undefined
            ? {}
            : { 'Retry-After': String(this.throttle.retryAfter) };
        const result = this.throttle.status === 429 ? 'TOO_MANY_REQUESTS' : 'INTERNAL_SERVER_ERROR';
        throw Object.assign(new Refusal(this.throttle.status, result, 'Try again later'), {
          headers,
        });
      }
      if (this.calls >= this.dailyLimit) {
        const midnight = new Date().setUTCHours(24, 0, 0, 0);
        throw Object.assign(
          new Refusal(429, 'TOO_MANY_REQUESTS', `Daily limit of ${this.dailyLimit} calls exceeded`),
          {
            headers: { 'Retry-After': String(Math.ceil((midnight - Date.now()) / 1000)) },
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
      this.send(res, code, result, result, data);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      this.refused.set(error.description, (this.refused.get(error.description) ?? 0) + 1);
      const headers = (error as { headers?: Record<string, string> }).headers;
      this.send(res, error.code, error.result, error.description, null, headers);
    }
  }

  private route(method: string, url: URL, body: unknown): [number, string, unknown] {
    if (!url.pathname.startsWith(PREFIX)) throw new Refusal(400, 'INVALID_URI', url.pathname);
    const path = url.pathname.slice(PREFIX.length).replace(/\/$/, '');
    const lot = path.match(/^\/inventories\/(\d+)$/);
    const orderItems = path.match(/^\/orders\/(\d+)\/items$/);
    if (path === '/inventories' && method === 'GET')
      return [200, 'OK', this.list(url.searchParams)];
    if (path === '/inventories' && method === 'POST') {
      if (Array.isArray(body)) {
        const lots = body.map((b) => this.validNew(b));
        for (const l of lots) this.store(l);
        return [201, 'OK_CREATED', {}];
      }
      return [201, 'OK_CREATED', this.store(this.validNew(body))];
    }
    if (lot) {
      const found = this.inventory.get(Number(lot[1]));
      if (!found)
        throw new Refusal(404, 'RESOURCE_NOT_FOUND', `Inventory ${lot[1]} does not exist`);
      if (method === 'GET') return [200, 'OK', found];
      if (method === 'DELETE') {
        this.inventory.delete(found.inventory_id);
        return [204, 'OK_NO_CONTENT', null];
      }
      if (method === 'PUT') return [200, 'OK', this.update(found, body)];
    }
    if (path === '/orders' && method === 'GET') {
      const statuses = url.searchParams.get('status')?.toUpperCase().split(',');
      const list = [...this.orders.values()].map((o) => o.order);
      return [200, 'OK', statuses ? list.filter((o) => statuses.includes(o.status)) : list];
    }
    if (orderItems && method === 'GET') {
      const order = this.orders.get(Number(orderItems[1]));
      if (!order)
        throw new Refusal(404, 'RESOURCE_NOT_FOUND', `Order ${orderItems[1]} does not exist`);
      return [200, 'OK', order.items];
    }
    throw new Refusal(400, 'INVALID_URI', `${method} ${path}`);
  }

  private list(query: URLSearchParams): BlInventory[] {
    const types = query.get('item_type')?.toUpperCase().split(',');
    const colors = query.get('color_id')?.split(',').map(Number);
    return [...this.inventory.values()].filter(
      (l) => (!types || types.includes(l.item.type)) && (!colors || colors.includes(l.color_id)),
    );
  }

  private validNew(input: unknown): Omit<BlInventory, 'inventory_id'> {
    const b = (input ?? {}) as Partial<BlInventory>;
    const bad = (field: string) =>
      new Refusal(400, 'PARAMETER_MISSING_OR_INVALID', `${field} is missing or invalid`);
    if (typeof b.item?.no !== 'string' || !b.item.no) throw bad('item.no');
    if (!ITEM_TYPES.has(b.item.type)) throw bad('item.type');
    if (!Number.isInteger(b.color_id) || (b.color_id as number) < 0) throw bad('color_id');
    if (!Number.isInteger(b.quantity) || (b.quantity as number) <= 0) throw bad('quantity');
    if (!(Number(b.unit_price) >= 0) || b.unit_price === undefined) throw bad('unit_price');
    if (b.new_or_used !== 'N' && b.new_or_used !== 'U') throw bad('new_or_used');
    return {
      ...b,
      item: { no: b.item.no, type: b.item.type },
      unit_price: Number(b.unit_price).toFixed(4),
    } as Omit<BlInventory, 'inventory_id'>;
  }

  private store(lot: Omit<BlInventory, 'inventory_id'>): BlInventory {
    const stored: BlInventory = {
      ...lot,
      inventory_id: this.nextId++,
      date_created: new Date().toISOString(),
    };
    this.inventory.set(stored.inventory_id, stored);
    return stored;
  }

  private update(lot: BlInventory, input: unknown): BlInventory {
    const {
      quantity,
      inventory_id: _id,
      item: _item,
      ...rest
    } = (input ?? {}) as Record<string, unknown>;
    let next = lot.quantity;
    if (quantity !== undefined) {
      const text = String(quantity);
      if (!/^[+-]\d+$/.test(text)) {
        throw new Refusal(
          400,
          'PARAMETER_MISSING_OR_INVALID',
          'quantity must be a change with + or -',
        );
      }
      next += Number(text);
      if (next < 0)
        throw new Refusal(400, 'PARAMETER_MISSING_OR_INVALID', 'quantity would fall below 0');
    }
    if (rest.unit_price !== undefined) rest.unit_price = Number(rest.unit_price).toFixed(4);
    Object.assign(lot, rest, { quantity: next });
    return lot;
  }
}

export function startFakeBrickLink(options: FakeBrickLinkOptions = {}): Promise<FakeBrickLink> {
  return new FakeBrickLink(options).start();
}
