import { z } from 'zod';
import { BrickOwlError } from '../errors';
import { SlidingWindowLimiter } from '../rate-limiter';
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from '../retry';
import {
  boBatchAnswer,
  boColourListAnswer,
  boCreatedAnswer,
  boIdLookupAnswer,
  boLotList,
  boOrderItemList,
  boOrderList,
  boOrderViewAnswer,
  boRefusal,
  boStatusAnswer,
  misfit,
  type BoColourAnswer,
  type BoLot,
  type BoOrder,
  type BoOrderItem,
  type BoOrderView,
} from './answers';
import type {
  BoBatchRequest,
  BoColourEntry,
  BoItemType,
  BoLotChange,
  BoLotFields,
  BoNewLot,
} from './types';

/**
 * BrickOwl's limits: 600 requests a minute, 50 requests to a batch, and bulk/batch at most 100 a
 * minute (one version of BrickOwl's documentation says 200, another 100: the stricter one holds).
 */
export const BRICKOWL_PER_MINUTE = 600;
export const BRICKOWL_BATCHES_PER_MINUTE = 100;
export const BRICKOWL_BATCH_SIZE = 50;

export interface BrickOwlClientOptions {
  baseUrl: string;
  key: string;
  /** Shared by every client using one key; default: 600 a minute (+250 ms margin). */
  limiter?: SlidingWindowLimiter;
  /** Batches only, on top of `limiter`; default: 100 a minute. */
  batchLimiter?: SlidingWindowLimiter;
  retry?: Partial<RetryPolicy>;
}

type Params = Record<string, string | number | undefined>;
/**
 * One answer of a batch: what the endpoint answered, read, or its refusal with BrickOwl's text and
 * the endpoint's HTTP status.
 */
export type BoBatchResult<T = unknown> =
  { ok: true; data: T } | { ok: false; status: number; error: string };

/**
 * The BrickOwl API: the key goes with every request (in the query for GET, in the form body for
 * POST), POST bodies are form-encoded, refusals (`{"error": …}` or a non-2xx status) become a
 * BrickOwlError. Every answer is read with its schema (answers.ts): one of another shape is a
 * BrickOwlError BAD_RESPONSE naming what did not fit. Every request waits for the rate limiter, so
 * a burst never goes over the limit.
 */
export class BrickOwlClient {
  readonly limiter: SlidingWindowLimiter;
  readonly batchLimiter: SlidingWindowLimiter;
  private readonly retry: RetryPolicy;
  /** Requests sent (retries included), and the batches among them. */
  calls = 0;
  batches = 0;

  constructor(private readonly options: BrickOwlClientOptions) {
    this.limiter = options.limiter ?? new SlidingWindowLimiter(BRICKOWL_PER_MINUTE, 60_000, 250);
    this.batchLimiter =
      options.batchLimiter ?? new SlidingWindowLimiter(BRICKOWL_BATCHES_PER_MINUTE, 60_000, 250);
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
  }

  listInventory(
    filter: { type?: BoItemType; activeOnly?: boolean; externalId?: string; lotId?: string } = {},
  ): Promise<BoLot[]> {
    return this.call('GET', 'inventory/list', boLotList, {
      type: filter.type,
      active_only: filter.activeOnly === undefined ? undefined : filter.activeOnly ? 1 : 0,
      external_id_1: filter.externalId,
      lot_id: filter.lotId,
    });
  }

  /** Creates a lot; answers BrickOwl's lot id for it. */
  createLot(lot: BoNewLot): Promise<string> {
    return this.call('POST', 'inventory/create', boCreatedAnswer, { ...lot });
  }

  async updateLot(change: BoLotChange): Promise<void> {
    await this.call('POST', 'inventory/update', boStatusAnswer, { ...change });
  }

  async deleteLot(id: { lot_id?: string; external_id?: string }): Promise<void> {
    await this.call('POST', 'inventory/delete', boStatusAnswer, { ...id });
  }

  /** The BOIDs BrickOwl knows for a BrickLink item number (empty when it knows none). */
  idLookup(blItemNo: string, type: BoItemType = 'Part'): Promise<string[]> {
    return this.call('GET', 'catalog/id_lookup', boIdLookupAnswer, {
      id: blItemNo,
      type,
      id_type: 'bl_item_no',
    });
  }

  /**
   * BrickOwl's colour list (`catalog/color_list`): every colour with BrickOwl's id, its name and
   * the BrickLink colour ids it stands for.
   */
  async colourList(): Promise<BoColourEntry[]> {
    return readColourList(await this.call('GET', 'catalog/color_list', boColourListAnswer, {}));
  }

  /**
   * Up to 50 requests as one; each answer in the order asked, read with `schema` (the answer of
   * each request's endpoint). A request BrickOwl refused (its status not 2xx, or an error in its
   * answer) is a refusal with BrickOwl's text; the others go on. An answer that is not a list of
   * one entry per request, or an accepted answer `schema` cannot read, is a BrickOwlError
   * BAD_RESPONSE (what the batch did is then unknown).
   */
  async batch<S extends z.ZodType>(
    requests: BoBatchRequest[],
    schema: S,
  ): Promise<BoBatchResult<z.output<S>>[]> {
    if (requests.length > BRICKOWL_BATCH_SIZE) {
      throw new Error(`A batch holds at most ${BRICKOWL_BATCH_SIZE} requests`);
    }
    if (requests.length === 0) return [];
    const entries = await this.call('POST', 'bulk/batch', boBatchAnswer, {
      requests: JSON.stringify({ requests }),
    });
    if (entries.length !== requests.length) {
      throw new BrickOwlError(
        'BAD_RESPONSE',
        `BrickOwl answered ${entries.length} of the ${requests.length} requests of a batch`,
        200,
      );
    }
    return entries.map((entry, i): BoBatchResult<z.output<S>> => {
      const message = errorText(entry.body);
      const accepted = entry.status >= 200 && entry.status < 300;
      if (!accepted || message !== undefined) {
        return {
          ok: false,
          status: accepted ? 400 : entry.status,
          error: message ?? `HTTP ${entry.status}`,
        };
      }
      const read = schema.safeParse(entry.body);
      if (!read.success) {
        throw new BrickOwlError(
          'BAD_RESPONSE',
          `BrickOwl answered request ${i + 1} of a batch (${requests[i].endpoint}) in a shape the warehouse cannot read: ${misfit(read.error)}`,
          200,
        );
      }
      return { ok: true, data: read.data };
    });
  }

  /** Creates lots 50 to a batch; one result per lot, in order (a refused lot does not stop the rest). */
  async createLots(lots: BoNewLot[]): Promise<BoBatchResult<string>[]> {
    const results: BoBatchResult<string>[] = [];
    for (let i = 0; i < lots.length; i += BRICKOWL_BATCH_SIZE) {
      const chunk = lots.slice(i, i + BRICKOWL_BATCH_SIZE);
      const answers = await this.batch(
        chunk.map((lot) => ({
          endpoint: 'inventory/create',
          request_method: 'POST',
          params: [withoutUndefined({ ...lot })],
        })),
        boCreatedAnswer,
      );
      results.push(...answers);
    }
    return results;
  }

  /**
   * Creates lots, each followed in the same batch by an update of what BrickOwl's create does not
   * take (for_sale, sale_percent, bulk_qty, tier_price: inventory/create has none of them), sent by
   * the lot's external id. A lot and its update always share a batch (at most 50 requests), the
   * update right after the create. One result per lot, in order: the create's, and the update's
   * when there was one.
   */
  async createLotsWithUpdates(
    lots: { lot: BoNewLot & { external_id: string }; then?: BoLotFields }[],
  ): Promise<{ created: BoBatchResult<string>; then?: BoBatchResult<unknown> }[]> {
    const results: { created: BoBatchResult<string>; then?: BoBatchResult<unknown> }[] = [];
    let chunk: typeof lots = [];
    const flush = async () => {
      if (chunk.length === 0) return;
      const requests: BoBatchRequest[] = [];
      for (const { lot, then } of chunk) {
        requests.push({
          endpoint: 'inventory/create',
          request_method: 'POST',
          params: [withoutUndefined({ ...lot })],
        });
        if (then) {
          requests.push({
            endpoint: 'inventory/update',
            request_method: 'POST',
            params: [withoutUndefined({ external_id: lot.external_id, ...then })],
          });
        }
      }
      const answers = await this.batch(requests, z.unknown());
      let at = 0;
      for (const { then } of chunk) {
        const created = answers[at++];
        let read: BoBatchResult<string> = created as BoBatchResult<never>;
        if (created.ok) {
          const lotId = boCreatedAnswer.safeParse(created.data);
          if (!lotId.success) {
            throw new BrickOwlError(
              'BAD_RESPONSE',
              `BrickOwl answered request ${at} of a batch (inventory/create) in a shape the warehouse cannot read: ${misfit(lotId.error)}`,
              200,
            );
          }
          read = { ok: true, data: lotId.data };
        }
        results.push(then ? { created: read, then: answers[at++] } : { created: read });
      }
      chunk = [];
    };
    let size = 0;
    for (const entry of lots) {
      const n = entry.then ? 2 : 1;
      if (size + n > BRICKOWL_BATCH_SIZE) {
        await flush();
        size = 0;
      }
      chunk.push(entry);
      size += n;
    }
    await flush();
    return results;
  }

  /**
   * BrickLink item number → BOIDs for many items, 50 lookups to a batch (an item whose lookup
   * BrickOwl refused is left out).
   */
  async idLookupMany(
    blItemNos: string[],
    type: BoItemType = 'Part',
  ): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    const unique = [...new Set(blItemNos)];
    for (let i = 0; i < unique.length; i += BRICKOWL_BATCH_SIZE) {
      const chunk = unique.slice(i, i + BRICKOWL_BATCH_SIZE);
      const answers = await this.batch(
        chunk.map((id) => ({
          endpoint: 'catalog/id_lookup',
          request_method: 'GET',
          params: [{ id, type, id_type: 'bl_item_no' }],
        })),
        boIdLookupAnswer,
      );
      answers.forEach((a, j) => {
        if (a.ok) found.set(chunk[j], a.data);
      });
    }
    return found;
  }

  listOrders(
    filter: { status?: string; orderTime?: number; limit?: number } = {},
  ): Promise<BoOrder[]> {
    return this.call('GET', 'order/list', boOrderList, {
      status: filter.status,
      order_time: filter.orderTime,
      limit: filter.limit,
      list_type: 'store',
    });
  }

  /** One order with its details, whatever its status (also one that no longer is listed). */
  orderView(orderId: string): Promise<BoOrderView> {
    return this.call('GET', 'order/view', boOrderViewAnswer, { order_id: orderId });
  }

  /** The lines of an order: each with the quantity ordered and its condition. */
  orderItems(orderId: string): Promise<BoOrderItem[]> {
    return this.call('GET', 'order/items', boOrderItemList, { order_id: orderId });
  }

  private async call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    endpoint: string,
    schema: S,
    params: Params,
  ): Promise<z.output<S>> {
    const form = new URLSearchParams({ key: this.options.key });
    for (const [k, v] of Object.entries(params)) if (v !== undefined) form.set(k, String(v));
    const base = `${this.options.baseUrl}/${endpoint}`;
    const url = method === 'GET' ? `${base}?${form}` : base;
    return withRetry<z.output<S>>({
      policy: this.retry,
      idempotent: method === 'GET',
      admit: async () => {
        await this.limiter.acquire();
        if (endpoint === 'bulk/batch') {
          await this.batchLimiter.acquire();
          this.batches++;
        }
        this.calls++;
      },
      send: () =>
        fetch(url, {
          method,
          headers: {
            Accept: 'application/json',
            ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: method === 'POST' ? form.toString() : undefined,
        }),
      read: async (response) => {
        const text = await response.text();
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        const message = errorText(body);
        if (response.ok && message === undefined) {
          if (body === undefined)
            throw new BrickOwlError('BAD_RESPONSE', 'BrickOwl answered no JSON', response.status);
          const read = schema.safeParse(body);
          if (!read.success) {
            throw new BrickOwlError(
              'BAD_RESPONSE',
              `BrickOwl answered ${endpoint} in a shape the warehouse cannot read: ${misfit(read.error)}`,
              response.status,
            );
          }
          return { ok: true, value: read.data };
        }
        const status = response.ok ? 400 : response.status;
        const code =
          status === 429
            ? 'RATE_LIMITED'
            : status === 401 || status === 403
              ? 'BAD_KEY'
              : `HTTP_${status}`;
        const refusal = `BrickOwl refused the call: ${message ?? `HTTP ${status}`}`;
        return {
          ok: false,
          status,
          error: (retryable, wait) => new BrickOwlError(code, refusal, status, retryable, wait),
        };
      },
      unreachable: (error) =>
        new BrickOwlError('NETWORK', `BrickOwl could not be reached: ${String(error)}`, 0, true),
    });
  }
}

/**
 * The colours of a colour list answer: an object keyed by BrickOwl's colour id (as BrickOwl sends
 * it) or a list; ids may come as strings or numbers. A colour without a usable id is left out, and
 * so is a BrickLink id that is not a number.
 */
export function readColourList(answer: unknown): BoColourEntry[] {
  const read = boColourListAnswer.safeParse(answer);
  if (!read.success) {
    throw new BrickOwlError(
      'BAD_RESPONSE',
      `BrickOwl answered no colour list: ${misfit(read.error)}`,
      200,
    );
  }
  const entries: [unknown, BoColourAnswer][] = Array.isArray(read.data)
    ? read.data.map((c) => [c.id, c])
    : Object.entries(read.data).map(([key, c]) => [c.id ?? key, c]);
  const colours: BoColourEntry[] = [];
  for (const [rawId, colour] of entries) {
    const id = Number(rawId);
    if (!Number.isInteger(id) || id < 0) continue;
    const blIds = (colour.bl_ids ?? [])
      .filter((n) => String(n).trim() !== '')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 0);
    colours.push({ id, name: colour.name ?? `#${id}`, blIds });
  }
  return colours;
}

/** The item of a BOID: BrickOwl writes a coloured item as `<item>-<colour id>` ("487300-38"). */
export function itemBoid(boid: string): string {
  return /^(\d+)-\d+$/.exec(boid)?.[1] ?? boid;
}

/** BrickOwl's refusal text (see boRefusal); undefined when the answer is no refusal. */
function errorText(body: unknown): string | undefined {
  const read = boRefusal.safeParse(body);
  return read.success ? read.data : undefined;
}

function withoutUndefined(
  params: Record<string, string | number | undefined>,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined) out[k] = v;
  return out;
}
