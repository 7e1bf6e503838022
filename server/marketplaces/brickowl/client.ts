import { BrickOwlError } from '../errors';
import { SlidingWindowLimiter } from '../rate-limiter';
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from '../retry';
import type {
  BoBatchRequest,
  BoColour,
  BoColourEntry,
  BoItemType,
  BoLot,
  BoLotChange,
  BoNewLot,
  BoOrder,
  BoOrderItem,
  BoOrderView,
} from './types';

/** BrickOwl's published limits: 600 requests a minute, 200 a minute for bulk/batch, 50 per batch. */
export const BRICKOWL_PER_MINUTE = 600;
export const BRICKOWL_BATCHES_PER_MINUTE = 200;
export const BRICKOWL_BATCH_SIZE = 50;

export interface BrickOwlClientOptions {
  baseUrl: string;
  key: string;
  /** Shared by every client using one key; default: 600 a minute (+250 ms margin). */
  limiter?: SlidingWindowLimiter;
  /** Batches only, on top of `limiter`; default: 200 a minute. */
  batchLimiter?: SlidingWindowLimiter;
  retry?: Partial<RetryPolicy>;
}

type Params = Record<string, string | number | undefined>;
/** One answer of a batch: what the endpoint answered, or its refusal. */
export type BoBatchResult<T = unknown> = { ok: true; data: T } | { ok: false; error: string };

/**
 * The BrickOwl API: the key goes with every request (in the query for GET, in the form body for
 * POST), POST bodies are form-encoded, refusals (`{"error": …}` or a non-2xx status) become a
 * BrickOwlError. Every request waits for the rate limiter, so a burst never goes over the limit.
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
    return this.call('GET', 'inventory/list', {
      type: filter.type,
      active_only: filter.activeOnly === undefined ? undefined : filter.activeOnly ? 1 : 0,
      external_id_1: filter.externalId,
      lot_id: filter.lotId,
    });
  }

  async createLot(lot: BoNewLot): Promise<string> {
    const answer = await this.call<{ lot_id: string | number }>('POST', 'inventory/create', {
      ...lot,
    });
    return String(answer.lot_id);
  }

  async updateLot(change: BoLotChange): Promise<void> {
    await this.call('POST', 'inventory/update', { ...change });
  }

  async deleteLot(id: { lot_id?: string; external_id?: string }): Promise<void> {
    await this.call('POST', 'inventory/delete', { ...id });
  }

  /** The BOIDs BrickOwl knows for a BrickLink item number (empty when it knows none). */
  async idLookup(blItemNo: string, type: BoItemType = 'Part'): Promise<string[]> {
    const answer = await this.call<{ boids?: string[] }>('GET', 'catalog/id_lookup', {
      id: blItemNo,
      type,
      id_type: 'bl_item_no',
    });
    return answer.boids ?? [];
  }

  /**
   * BrickOwl's colour list (`catalog/color_list`): every colour with BrickOwl's id, its name and
   * the BrickLink colour ids it stands for.
   */
  async colourList(): Promise<BoColourEntry[]> {
    return readColourList(await this.call<unknown>('GET', 'catalog/color_list', {}));
  }

  /** Up to 50 requests as one; each answer in the order asked. */
  async batch<T = unknown>(requests: BoBatchRequest[]): Promise<BoBatchResult<T>[]> {
    if (requests.length > BRICKOWL_BATCH_SIZE) {
      throw new Error(`A batch holds at most ${BRICKOWL_BATCH_SIZE} requests`);
    }
    if (requests.length === 0) return [];
    const answer = await this.call<unknown>('POST', 'bulk/batch', {
      requests: JSON.stringify({ requests }),
    });
    const list = Array.isArray(answer) ? answer : (answer as { responses?: unknown[] }).responses;
    if (!Array.isArray(list) || list.length !== requests.length) {
      throw new BrickOwlError('BAD_RESPONSE', 'BrickOwl answered a batch with no list', 200);
    }
    return list.map((entry) => {
      const message = errorText(entry);
      return message === undefined ? { ok: true, data: entry as T } : { ok: false, error: message };
    });
  }

  /** Creates lots 50 to a batch; one result per lot, in order (a refused lot does not stop the rest). */
  async createLots(lots: BoNewLot[]): Promise<BoBatchResult<string>[]> {
    const results: BoBatchResult<string>[] = [];
    for (let i = 0; i < lots.length; i += BRICKOWL_BATCH_SIZE) {
      const chunk = lots.slice(i, i + BRICKOWL_BATCH_SIZE);
      const answers = await this.batch<{ lot_id: string | number }>(
        chunk.map((lot) => ({
          endpoint: 'inventory/create',
          request_method: 'POST',
          params: [withoutUndefined({ ...lot })],
        })),
      );
      for (const a of answers) results.push(a.ok ? { ok: true, data: String(a.data.lot_id) } : a);
    }
    return results;
  }

  /** BrickLink item number → BOIDs for many items, 50 lookups to a batch. */
  async idLookupMany(
    blItemNos: string[],
    type: BoItemType = 'Part',
  ): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    const unique = [...new Set(blItemNos)];
    for (let i = 0; i < unique.length; i += BRICKOWL_BATCH_SIZE) {
      const chunk = unique.slice(i, i + BRICKOWL_BATCH_SIZE);
      const answers = await this.batch<{ boids?: string[] }>(
        chunk.map((id) => ({
          endpoint: 'catalog/id_lookup',
          request_method: 'GET',
          params: [{ id, type, id_type: 'bl_item_no' }],
        })),
      );
      answers.forEach((a, j) => found.set(chunk[j], a.ok ? (a.data.boids ?? []) : []));
    }
    return found;
  }

  listOrders(
    filter: { status?: string; orderTime?: number; limit?: number } = {},
  ): Promise<BoOrder[]> {
    return this.call('GET', 'order/list', {
      status: filter.status,
      order_time: filter.orderTime,
      limit: filter.limit,
      list_type: 'store',
    });
  }

  /** One order with its details, whatever its status (also one that no longer is listed). */
  orderView(orderId: string): Promise<BoOrderView> {
    return this.call('GET', 'order/view', { order_id: orderId });
  }

  orderItems(orderId: string): Promise<BoOrderItem[]> {
    return this.call('GET', 'order/items', { order_id: orderId });
  }

  private async call<T>(method: 'GET' | 'POST', endpoint: string, params: Params): Promise<T> {
    const form = new URLSearchParams({ key: this.options.key });
    for (const [k, v] of Object.entries(params)) if (v !== undefined) form.set(k, String(v));
    const base = `${this.options.baseUrl}/${endpoint}`;
    const url = method === 'GET' ? `${base}?${form}` : base;
    return withRetry<T>({
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
          return { ok: true, value: body as T };
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
 * it) or a list; ids may come as strings or numbers. A colour without a usable id is left out.
 */
export function readColourList(answer: unknown): BoColourEntry[] {
  if (!answer || typeof answer !== 'object') {
    throw new BrickOwlError('BAD_RESPONSE', 'BrickOwl answered no colour list', 200);
  }
  const entries = Array.isArray(answer)
    ? answer.map((c: Partial<BoColour>) => [c?.id, c] as const)
    : Object.entries(answer as Record<string, Partial<BoColour>>).map(
        ([key, c]) => [c?.id ?? key, c] as const,
      );
  const colours: BoColourEntry[] = [];
  for (const [rawId, colour] of entries) {
    const id = Number(rawId);
    if (!colour || typeof colour !== 'object' || !Number.isInteger(id) || id < 0) continue;
    const blIds = (Array.isArray(colour.bl_ids) ? colour.bl_ids : [])
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 0);
    colours.push({ id, name: typeof colour.name === 'string' ? colour.name : `#${id}`, blIds });
  }
  return colours;
}

/** The item of a BOID: BrickOwl writes a coloured item as `<item>-<colour id>` ("487300-38"). */
export function itemBoid(boid: string): string {
  return /^(\d+)-\d+$/.exec(boid)?.[1] ?? boid;
}

/** BrickOwl's refusal text: `{"error": "…"}` or `{"error": {"status": "…"}}`; undefined when none. */
function errorText(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('error' in body))
    return undefined;
  const error = (body as { error: unknown }).error;
  if (typeof error === 'string') return error;
  const e = error as { status?: string; message?: string } | null;
  return e?.status ?? e?.message ?? JSON.stringify(error);
}

function withoutUndefined(params: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined) out[k] = v as string | number;
  return out;
}
