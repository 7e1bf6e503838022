import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { z } from 'zod';
import { DailyCallBudget } from '../budget';
import { BrickLinkError, MarketplaceError } from '../errors';
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from '../retry';
import {
  blEnvelopeSchema,
  blLotSchema,
  blOrderItemSchema,
  blOrderSchema,
  blPriceGuideSchema,
  describeIssues,
  type BlMeta,
} from './schemas';
import type {
  BlInventory,
  BlInventoryChange,
  BlInventoryFilter,
  BlItemType,
  BlNewInventory,
  BlOrder,
  BlOrderItem,
  BlPriceGuide,
  BlPriceGuideQuery,
} from './types';

/** The four values BrickLink issues to a store: consumer key/secret and an access token/secret. */
export interface BrickLinkCredentials {
  consumerKey: string;
  consumerSecret: string;
  tokenValue: string;
  tokenSecret: string;
}

export const BRICKLINK_DAILY_CALLS = 5000;
/** Lots we send in one "create several" call (our choice; BrickLink documents no maximum). */
export const BRICKLINK_CREATE_CHUNK = 100;

export interface BrickLinkClientOptions {
  baseUrl: string;
  credentials: BrickLinkCredentials;
  /** Shared by every client of one store; default: a fresh 5,000-a-day budget. */
  budget?: DailyCallBudget;
  retry?: Partial<RetryPolicy>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A call whose `data` the product does not read (a create of several lots, an update, a delete):
 * it succeeds on its code alone, whatever `data` holds, or with an empty body.
 */
const IGNORED: z.ZodType<void> = z.unknown().transform((): void => undefined);

const lotList = z.array(blLotSchema);
const orderList = z.array(blOrderSchema);
const orderBatches = z.array(z.array(blOrderItemSchema));

/** Prices go to BrickLink as fixed-point strings with 4 decimals. */
export const blPrice = (value: number) => value.toFixed(4);

/**
 * The BrickLink Store API: every call signed with OAuth 1.0a (HMAC-SHA1 over the method, the URL and
 * its query and the oauth_* values; JSON bodies are not part of the signature), answers unwrapped
 * from the `{meta, data}` envelope and `data` checked against what the product reads of it. The
 * outcome is `meta.code`: BrickLink answers refusals with HTTP 200 and the refusal's code there
 * (a 401 for a bad signature, a 404 for an unknown lot); a 4xx or 5xx HTTP status counts as well.
 * A refusal is a BrickLinkError named by `meta.message`; an answer in another shape is BAD_RESPONSE.
 */
export class BrickLinkClient {
  readonly budget: DailyCallBudget;
  private readonly oauth: OAuth;
  private readonly token: OAuth.Token;
  private readonly retry: RetryPolicy;
  /** Calls sent (retries included) by this client. */
  calls = 0;

  constructor(private readonly options: BrickLinkClientOptions) {
    const { credentials } = options;
    this.oauth = new OAuth({
      consumer: { key: credentials.consumerKey, secret: credentials.consumerSecret },
      signature_method: 'HMAC-SHA1',
      hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
    });
    this.token = { key: credentials.tokenValue, secret: credentials.tokenSecret };
    this.budget = options.budget ?? new DailyCallBudget('bricklink', BRICKLINK_DAILY_CALLS);
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
  }

  listInventories(filter: BlInventoryFilter = {}): Promise<BlInventory[]> {
    return this.call(lotList, 'GET', '/inventories', { ...filter });
  }

  getInventory(inventoryId: number): Promise<BlInventory> {
    return this.call(blLotSchema, 'GET', `/inventories/${inventoryId}`);
  }

  /** One lot; answers the lot with its new inventory_id. */
  createInventory(lot: BlNewInventory): Promise<BlInventory> {
    return this.call(blLotSchema, 'POST', '/inventories', {}, lot);
  }

  /**
   * Several lots in one call. BrickLink answers no ids: read them back with listInventories (a lot
   * is found again by item, colour, condition and remarks).
   */
  async createInventories(lots: BlNewInventory[]): Promise<void> {
    if (lots.length === 0) return;
    if (lots.length > BRICKLINK_CREATE_CHUNK) {
      throw new Error(`Send at most ${BRICKLINK_CREATE_CHUNK} lots in one call`);
    }
    await this.call(IGNORED, 'POST', '/inventories', {}, lots);
  }

  /**
   * Changes a lot. BrickLink answers the changed lot, but nothing here reads it: a change BrickLink
   * made must not turn into a failure (and a second try) over the shape of its answer.
   */
  async updateInventory(inventoryId: number, change: BlInventoryChange): Promise<void> {
    const { quantityChange, ...rest } = change;
    const body: Record<string, unknown> = { ...rest };
    if (quantityChange !== undefined && quantityChange !== 0) {
      body.quantity = `${quantityChange > 0 ? '+' : '-'}${Math.abs(quantityChange)}`;
    }
    await this.call(IGNORED, 'PUT', `/inventories/${inventoryId}`, {}, body);
  }

  async deleteInventory(inventoryId: number): Promise<void> {
    await this.call(IGNORED, 'DELETE', `/inventories/${inventoryId}`);
  }

  /** Orders received (`direction=in`), optionally only some statuses ("PAID,PACKED"). */
  listOrders(filter: { status?: string; filed?: boolean } = {}): Promise<BlOrder[]> {
    const query: Record<string, string> = { direction: 'in' };
    if (filter.status) query.status = filter.status;
    if (filter.filed !== undefined) query.filed = String(filter.filed);
    return this.call(orderList, 'GET', '/orders', query);
  }

  /** One order received, in whatever status it is now (RESOURCE_NOT_FOUND when unknown). */
  getOrder(orderId: number): Promise<BlOrder> {
    return this.call(blOrderSchema, 'GET', `/orders/${orderId}`);
  }

  /** An order's items, in BrickLink's batches (a list of lists). */
  orderItems(orderId: number): Promise<BlOrderItem[][]> {
    return this.call(orderBatches, 'GET', `/orders/${orderId}/items`);
  }

  /**
   * An item's price guide in one colour and condition: the last 6 months' sales (`sold`) or the
   * lots for sale now (`stock`), in the currency asked. An unknown item is RESOURCE_NOT_FOUND.
   */
  priceGuide(type: BlItemType, no: string, query: BlPriceGuideQuery): Promise<BlPriceGuide> {
    return this.call(blPriceGuideSchema, 'GET', `/items/${type}/${encodeURIComponent(no)}/price`, {
      color_id: String(query.colorId),
      guide_type: query.guideType,
      new_or_used: query.newOrUsed,
      currency_code: query.currencyCode,
    });
  }

  private url(path: string, query: Record<string, string | undefined>): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, v);
    const qs = params.toString().replace(/\+/g, '%20');
    return `${this.options.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  private async call<T>(
    reader: z.ZodType<T>,
    method: Method,
    path: string,
    query: Record<string, string | undefined> = {},
    body?: unknown,
  ): Promise<T> {
    const url = this.url(path, query);
    const what = `${method} ${path}`;
    return withRetry<T>({
      policy: this.retry,
      idempotent: method === 'GET' || method === 'DELETE',
      admit: () => {
        this.budget.take();
        this.calls++;
      },
      send: () => {
        // A fresh nonce and timestamp on every try: BrickLink refuses a nonce it has seen.
        const auth = this.oauth.toHeader(this.oauth.authorize({ url, method }, this.token));
        return fetch(url, {
          method,
          headers: {
            ...auth,
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      },
      read: async (response) => {
        const answer = await readEnvelope(response, what);
        const code = answer === 'empty' ? response.status : answer.meta.code;
        if (!response.ok || code < 200 || code >= 300) {
          const meta = answer === 'empty' ? undefined : answer.meta;
          const status = response.ok ? code : response.status;
          return {
            ok: false,
            status,
            error: (retryable, wait) => toError(meta, status, retryable, wait),
          };
        }
        if (answer === 'empty' && reader !== IGNORED)
          throw badResponse(`BrickLink answered ${what} with no body`, response.status);
        const data = reader.safeParse(answer === 'empty' ? undefined : answer.data);
        if (!data.success) {
          throw badResponse(
            `BrickLink answered ${what} in a shape the warehouse cannot read (${describeIssues(data.error)})`,
            response.status,
          );
        }
        return { ok: true, value: data.data };
      },
      unreachable: (error) =>
        new BrickLinkError('NETWORK', `BrickLink could not be reached: ${String(error)}`, 0, true),
    });
  }
}

const badResponse = (message: string, status: number) =>
  new BrickLinkError('BAD_RESPONSE', message, status);

/**
 * The answer's envelope, or 'empty' for a body with nothing in it. A 2xx answer that is not JSON,
 * or JSON without `meta.code`, is BAD_RESPONSE; any other status without an envelope is read by
 * its HTTP status alone (a proxy's error page, a gateway's 429).
 */
async function readEnvelope(
  response: Response,
  what: string,
): Promise<z.output<typeof blEnvelopeSchema> | 'empty'> {
  const text = await response.text();
  if (!text.trim()) return 'empty';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    if (response.ok) throw badResponse(`BrickLink answered ${what} with no JSON`, response.status);
    return 'empty';
  }
  const envelope = blEnvelopeSchema.safeParse(json);
  if (envelope.success) return envelope.data;
  if (response.ok) {
    throw badResponse(
      `BrickLink answered ${what} without its envelope (${describeIssues(envelope.error, 'answer')})`,
      response.status,
    );
  }
  return 'empty';
}

function toError(
  meta: BlMeta | undefined,
  status: number,
  retryable: boolean,
  wait?: number,
): MarketplaceError {
  const code = meta?.message || (status === 429 ? 'RATE_LIMITED' : `HTTP_${status}`);
  const detail =
    meta?.description && meta.description !== meta.message ? `: ${meta.description}` : '';
  return new BrickLinkError(
    code,
    `BrickLink refused the call (${code}${detail})`,
    status,
    retryable,
    wait,
  );
}
