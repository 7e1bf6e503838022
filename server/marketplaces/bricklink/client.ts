import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { DailyCallBudget } from '../budget';
import { BrickLinkError, MarketplaceError } from '../errors';
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from '../retry';
import type {
  BlEnvelope,
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

/** Prices go to BrickLink as fixed-point strings with 4 decimals. */
export const blPrice = (value: number) => value.toFixed(4);

/**
 * The BrickLink Store API: every call signed with OAuth 1.0a (HMAC-SHA1 over the method, the URL and
 * its query and the oauth_* values; JSON bodies are not part of the signature), answers unwrapped
 * from the `{meta, data}` envelope, a `meta.code` outside 2xx turned into a BrickLinkError.
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
    return this.call('GET', '/inventories', { ...filter });
  }

  getInventory(inventoryId: number): Promise<BlInventory> {
    return this.call('GET', `/inventories/${inventoryId}`);
  }

  /** One lot; answers the lot with its new inventory_id. */
  createInventory(lot: BlNewInventory): Promise<BlInventory> {
    return this.call('POST', '/inventories', {}, lot);
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
    await this.call('POST', '/inventories', {}, lots);
  }

  updateInventory(inventoryId: number, change: BlInventoryChange): Promise<BlInventory> {
    const { quantityChange, ...rest } = change;
    const body: Record<string, unknown> = { ...rest };
    if (quantityChange !== undefined && quantityChange !== 0) {
      body.quantity = `${quantityChange > 0 ? '+' : '-'}${Math.abs(quantityChange)}`;
    }
    return this.call('PUT', `/inventories/${inventoryId}`, {}, body);
  }

  async deleteInventory(inventoryId: number): Promise<void> {
    await this.call('DELETE', `/inventories/${inventoryId}`);
  }

  /** Orders received (`direction=in`), optionally only some statuses ("PAID,PACKED"). */
  listOrders(filter: { status?: string; filed?: boolean } = {}): Promise<BlOrder[]> {
    const query: Record<string, string> = { direction: 'in' };
    if (filter.status) query.status = filter.status;
    if (filter.filed !== undefined) query.filed = String(filter.filed);
    return this.call('GET', '/orders', query);
  }

  /** One order received, in whatever status it is now (RESOURCE_NOT_FOUND when unknown). */
  getOrder(orderId: number): Promise<BlOrder> {
    return this.call('GET', `/orders/${orderId}`);
  }

  /** An order's items, in BrickLink's batches (a list of lists). */
  orderItems(orderId: number): Promise<BlOrderItem[][]> {
    return this.call('GET', `/orders/${orderId}/items`);
  }

  /**
   * An item's price guide in one colour and condition: the last 6 months' sales (`sold`) or the
   * lots for sale now (`stock`), in the currency asked. An unknown item is RESOURCE_NOT_FOUND.
   */
  priceGuide(type: BlItemType, no: string, query: BlPriceGuideQuery): Promise<BlPriceGuide> {
    return this.call('GET', `/items/${type}/${encodeURIComponent(no)}/price`, {
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
    method: Method,
    path: string,
    query: Record<string, string | undefined> = {},
    body?: unknown,
  ): Promise<T> {
    const url = this.url(path, query);
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
        const envelope = await readEnvelope<T>(response);
        const code = Number(envelope?.meta?.code ?? response.status);
        if (code >= 200 && code < 300 && response.ok) return { ok: true, value: envelope!.data };
        const status = response.ok ? code : response.status;
        return {
          ok: false,
          status,
          error: (retryable, wait) => toError(envelope, status, retryable, wait),
        };
      },
      unreachable: (error) =>
        new BrickLinkError('NETWORK', `BrickLink could not be reached: ${String(error)}`, 0, true),
    });
  }
}

async function readEnvelope<T>(response: Response): Promise<BlEnvelope<T> | undefined> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as BlEnvelope<T>;
  } catch {
    if (response.ok)
      throw new BrickLinkError('BAD_RESPONSE', 'BrickLink answered no JSON', response.status);
    return undefined;
  }
}

function toError(
  envelope: BlEnvelope<unknown> | undefined,
  status: number,
  retryable: boolean,
  wait?: number,
): MarketplaceError {
  const meta = envelope?.meta;
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
