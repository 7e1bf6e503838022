import type { PullQuery, PushRequest } from '../../contract/sync';

/**
 * The HTTP calls the engine makes, injected so the engine runs in the page, in the service worker
 * and in tests alike. Each returns the raw `Response` (any status); a thrown error counts as a
 * network failure unless it carries a `response` (ky's HTTPError), which is then classified.
 */
export type PushFn = (body: PushRequest) => Promise<Response>;
export type PullFn = (query: PullQuery) => Promise<Response>;
/**
 * Renews the access token. Resolving `false`, or throwing an error named 'SessionExpiredError'
 * (what src/api/client.ts throws on a refused refresh), means the session is gone: signed out.
 * Any other throw (no network) is transient.
 */
export type RefreshSession = () => Promise<unknown>;

/** Minimal shape of a ky instance (the app's `api`), so this file need not import the client. */
interface KyLike {
  post(url: string, options: object): PromiseLike<Response>;
  get(url: string, options: object): PromiseLike<Response>;
}

/** Push and pull over the app's ky client (`api` from src/api/client.ts). */
export function kyTransport(api: KyLike): { pushFn: PushFn; pullFn: PullFn } {
  const opts = { throwHttpErrors: false, retry: 0, timeout: 30_000 };
  return {
    pushFn: async (body) => api.post('v1/sync/push', { ...opts, json: body }),
    pullFn: async (query) =>
      api.get('v1/sync/pull', {
        ...opts,
        searchParams: {
          collection: query.collection,
          cursor: String(query.cursor),
          limit: String(query.limit),
        },
      }),
  };
}

/** The app's API client throws this (by name) when the refresh token is refused. */
export const isSessionExpired = (error: unknown) =>
  (error as { name?: unknown } | null)?.name === 'SessionExpiredError';

export type CallOutcome =
  | { kind: 'ok'; body: unknown }
  | { kind: 'unauthorized' }
  /** Network error, 5xx, 408, 429, unreadable body: try again later. */
  | { kind: 'transient'; status?: number; retryAfterMs?: number; error: string }
  /**
   * The server refused the request itself (400, 403, 404, 413, 422, …): sending it again as it is
   * will never work. `message` is the server's first error detail.
   */
  | { kind: 'client-error'; status: number; code: string; message: string };

/** Statuses that say "not now" rather than "never": retried with backoff. */
const TRANSIENT_STATUSES = new Set([408, 425, 429]);

async function clientError(response: Response): Promise<CallOutcome> {
  let detail: string | undefined;
  let code: string | undefined;
  try {
    const body = (await response.json()) as {
      errors?: Array<{ detail?: unknown; code?: unknown }>;
    };
    const first = body.errors?.[0];
    if (typeof first?.detail === 'string') detail = first.detail;
    if (typeof first?.code === 'string') code = first.code;
  } catch {
    // No JSON body: the status says enough.
  }
  return {
    kind: 'client-error',
    status: response.status,
    code: code ?? `http_${response.status}`,
    // Shown to the floor (sync problems, the fill screen): the status stays in the code only.
    message: detail ?? 'The server refused this change.',
  };
}

/** Delay asked for by a Retry-After header (seconds or an HTTP date), in ms. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function responseOf(error: unknown): Response | undefined {
  const response = (error as { response?: unknown } | null)?.response;
  return response && typeof (response as Response).status === 'number'
    ? (response as Response)
    : undefined;
}

/** Make one call and classify its answer. */
export async function call(fn: () => Promise<Response>, now: () => number): Promise<CallOutcome> {
  let response: Response;
  try {
    response = await fn();
  } catch (error) {
    if (isSessionExpired(error)) return { kind: 'unauthorized' };
    const fromError = responseOf(error);
    if (!fromError) return { kind: 'transient', error: `network: ${String(error)}` };
    response = fromError;
  }
  if (response.status === 401) return { kind: 'unauthorized' };
  if (response.status >= 400 && response.status < 500 && !TRANSIENT_STATUSES.has(response.status)) {
    return clientError(response);
  }
  if (!response.ok) {
    return {
      kind: 'transient',
      status: response.status,
      retryAfterMs: parseRetryAfter(response.headers.get('Retry-After'), now()),
      error: `HTTP ${response.status}`,
    };
  }
  try {
    return { kind: 'ok', body: await response.json() };
  } catch (error) {
    return { kind: 'transient', status: response.status, error: `bad body: ${String(error)}` };
  }
}

/**
 * Make a call; on 401 renew the session once and call again. A second 401, or a refresh that
 * resolves `false`, ends in 'signed-out'. A refresh that throws (no network) is transient.
 */
export async function callWithSession(
  fn: () => Promise<Response>,
  refreshSession: RefreshSession | undefined,
  now: () => number,
): Promise<CallOutcome | { kind: 'signed-out' }> {
  const first = await call(fn, now);
  if (first.kind !== 'unauthorized') return first;
  if (!refreshSession) return { kind: 'signed-out' };
  try {
    if ((await refreshSession()) === false) return { kind: 'signed-out' };
  } catch (error) {
    if (isSessionExpired(error)) return { kind: 'signed-out' };
    return { kind: 'transient', error: `refresh: ${String(error)}` };
  }
  const second = await call(fn, now);
  return second.kind === 'unauthorized' ? { kind: 'signed-out' } : second;
}

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;

/**
 * Exponential backoff with "equal" jitter: a random delay in [c/2, c) where
 * c = min(cap, base * 2^(attempt-1)), never shorter than the server's Retry-After. Half of the
 * delay is fixed, so an outage can never turn into a burst of near-zero waits: in a 10 s outage a
 * device makes at most 5 attempts (at 0, ≥0.5, ≥1.5, ≥3.5, ≥7.5 s).
 */
export function backoffDelay(attempt: number, random: () => number, retryAfterMs?: number) {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  const jittered = Math.floor(ceiling / 2 + (random() * ceiling) / 2);
  return retryAfterMs === undefined ? jittered : Math.max(retryAfterMs, jittered);
}
