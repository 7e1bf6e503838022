import { getDb, type WarehouseDb } from './db';
import { getMeta, setMeta } from './meta';
import type { PullFn, PushFn, RefreshSession } from './transport';

/**
 * The signed-in session, kept in IndexedDB (the `meta` table) where the page and the service
 * worker both read it. No React, no `window`: the worker imports this file.
 *
 * Refresh tokens are single-use: the server rotates them and treats a used one presented again
 * (after a short grace) as stolen, ending the session. So only one context refreshes at a time
 * (a Web Lock shared by every tab and the worker), and it re-reads the stored session inside the
 * lock: when another context rotated it meanwhile, the new tokens are used and the old refresh
 * token is never presented again.
 */

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  company_id: number;
  company_name: string;
}

/** What the device keeps of a session: what POST /api/login (or /login/refresh) answered. */
export interface StoredSession {
  access_token: string | null;
  refresh_token: string | null;
  token_type: string | null;
  /** ISO time the access token expires. */
  expires_at: string | null;
  /** ISO time the refresh token expires: the session lasts until then, even offline. */
  refresh_expires_at: string | null;
  permissions: number[];
  user: SessionUser | null;
}

/** Marks a session the server ended (refused refresh) until the page has told the user. */
export interface SessionEnded {
  /** ISO time the refresh was refused. */
  at: string;
  email: string | null;
}

/** Keys of this module in the meta table. */
export const SESSION_KEYS = {
  session: 'session',
  ended: 'session_ended',
  /** `{ failures, until }` after refreshes that did not reach the server (see below). */
  refreshBackoff: 'session_refresh_backoff',
} as const;

/** The Web Lock every context takes to refresh (the page's API client and the worker alike). */
export const SESSION_REFRESH_LOCK = 'brick-warehouse-session-refresh';

/** The BroadcastChannel on which a context says the stored session changed. */
export const SESSION_CHANNEL = 'brick-warehouse-session';

/** An access token is used only while it has this much life left (clock skew, request time). */
const FRESH_SLACK_MS = 15_000;
/** After a refresh that failed on the way (no network, 5xx): 5 s, 10 s, 20 s … 60 s. */
const REFRESH_BACKOFF_BASE_MS = 5_000;
const REFRESH_BACKOFF_CAP_MS = 60_000;
const REFRESH_TIMEOUT_MS = 20_000;
const CALL_TIMEOUT_MS = 30_000;

/**
 * The session is over: no refresh token, or the server refused it (`refused`). The name is the
 * one the engine's transport recognises (transport.ts `isSessionExpired`).
 */
export class SessionExpiredError extends Error {
  constructor(readonly refused = false) {
    super('Your session has expired. Please log in again.');
    this.name = 'SessionExpiredError';
  }
}

// --- storage ------------------------------------------------------------------------------------

type ChannelLike = Pick<
  BroadcastChannel,
  'postMessage' | 'addEventListener' | 'removeEventListener'
> & {
  unref?: () => void;
};
let channel: ChannelLike | null | undefined;

function sessionChannel(): ChannelLike | null {
  if (channel !== undefined) return channel;
  const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  channel = Channel ? (new Channel(SESSION_CHANNEL) as ChannelLike) : null;
  // Node (tests): a channel must not keep the process alive.
  channel?.unref?.();
  return channel;
}

function announce(): void {
  sessionChannel()?.postMessage({ type: 'session-changed' });
}

/**
 * Called when another context (tab, worker) saved or cleared the stored session. A context does
 * not hear its own changes. Returns the unsubscribe function.
 */
export function onStoredSessionChange(listener: () => void): () => void {
  const ch = sessionChannel();
  if (!ch) return () => undefined;
  const handler = (event: Event) => {
    if ((event as MessageEvent).data?.type === 'session-changed') listener();
  };
  ch.addEventListener('message', handler);
  return () => ch.removeEventListener('message', handler);
}

export async function loadSession(db: WarehouseDb = getDb()): Promise<StoredSession | null> {
  return (await getMeta<StoredSession>(db, SESSION_KEYS.session)) ?? null;
}

/** Store a session (a sign-in or a refresh); a live session also clears the "ended" mark. */
export async function saveSession(
  session: StoredSession,
  db: WarehouseDb = getDb(),
): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    await setMeta(db, SESSION_KEYS.session, session);
    await db.meta.bulkDelete([SESSION_KEYS.ended, SESSION_KEYS.refreshBackoff]);
  });
  announce();
}

/** Forget the session on this device (sign-out). Queued work stays in the outbox. */
export async function clearSession(db: WarehouseDb = getDb()): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    await db.meta.bulkDelete(Object.values(SESSION_KEYS));
  });
  announce();
}

/** The "ended by the server" mark, if set and not yet shown. */
export async function peekSessionEnded(db: WarehouseDb = getDb()): Promise<SessionEnded | null> {
  return (await getMeta<SessionEnded>(db, SESSION_KEYS.ended)) ?? null;
}

/** Read and remove the "ended by the server" mark (the page has told the user). */
export async function takeSessionEnded(db: WarehouseDb = getDb()): Promise<SessionEnded | null> {
  return db.transaction('rw', db.meta, async () => {
    const ended = await peekSessionEnded(db);
    if (ended) await db.meta.delete(SESSION_KEYS.ended);
    return ended;
  });
}

/** The server refused the refresh token: drop the tokens, keep the outbox, mark it for the page. */
async function endSession(db: WarehouseDb, previous: StoredSession, now: number): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    await db.meta.delete(SESSION_KEYS.session);
    const ended: SessionEnded = {
      at: new Date(now).toISOString(),
      email: previous.user?.email ?? null,
    };
    await setMeta(db, SESSION_KEYS.ended, ended);
  });
  announce();
}

// --- refresh ------------------------------------------------------------------------------------

/** True while the access token can still be sent (with a little slack for clock skew). */
export function hasFreshAccessToken(session: StoredSession | null, now = Date.now()): boolean {
  if (!session?.access_token || !session.expires_at) return false;
  const t = Date.parse(session.expires_at);
  return Number.isFinite(t) && t > now + FRESH_SLACK_MS;
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Where Web Locks are missing (old WebViews, Node tests): one queue per JavaScript context. */
const localQueues = new Map<string, Promise<unknown>>();
const localLocks: LockManagerLike = {
  request<T>(name: string, callback: () => Promise<T>): Promise<T> {
    const previous = localQueues.get(name) ?? Promise.resolve();
    const run = previous.then(callback, callback);
    localQueues.set(
      name,
      run.catch(() => undefined),
    );
    return run;
  },
};

function webLocks(): LockManagerLike {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : localLocks;
}

interface RefreshBackoff {
  failures: number;
  /** Epoch ms before which no context refreshes. */
  until: number;
}

async function refreshFailed(db: WarehouseDb, previous: RefreshBackoff | undefined, now: number) {
  const failures = (previous?.failures ?? 0) + 1;
  const delay = Math.min(REFRESH_BACKOFF_CAP_MS, REFRESH_BACKOFF_BASE_MS * 2 ** (failures - 1));
  await setMeta(db, SESSION_KEYS.refreshBackoff, { failures, until: now + delay });
}

/** The network is back (the platform says so): the next refresh need not wait. */
export async function forgetRefreshBackoff(db: WarehouseDb = getDb()): Promise<void> {
  await db.meta.delete(SESSION_KEYS.refreshBackoff);
}

export interface RefreshOptions {
  /** The API prefix, e.g. `https://host/api` (absolute in a worker). */
  apiBase: string;
  fetch?: typeof fetch;
  db?: WarehouseDb;
  /**
   * The access token the caller found refused or expired. If the stored one differs and is fresh,
   * another context refreshed meanwhile: it is returned without a request. Default: the stored
   * access token as read before waiting for the lock.
   */
  staleAccessToken?: string | null;
  locks?: LockManagerLike;
  now?: () => number;
}

const join = (base: string, path: string) => `${base.replace(/\/$/, '')}/${path}`;

function timeoutSignal(ms: number): AbortSignal | undefined {
  return typeof AbortSignal !== 'undefined' && 'timeout' in AbortSignal
    ? AbortSignal.timeout(ms)
    : undefined;
}

function fromAnswer(answer: Record<string, unknown>, previous: StoredSession): StoredSession {
  const text = (key: string) => (typeof answer[key] === 'string' ? (answer[key] as string) : null);
  const access = text('access_token');
  const refresh = text('refresh_token');
  if (!access || !refresh) throw new Error('refresh: the answer holds no tokens');
  return {
    access_token: access,
    refresh_token: refresh,
    token_type: text('token_type') ?? previous.token_type,
    expires_at: text('expires_at'),
    refresh_expires_at: text('refresh_expires_at') ?? previous.refresh_expires_at,
    permissions: Array.isArray(answer.permissions)
      ? (answer.permissions as number[])
      : previous.permissions,
    user: (answer.user as SessionUser | undefined) ?? previous.user,
  };
}

/**
 * Renew the stored session's access token, one context at a time. Resolves with the session to
 * use. Throws SessionExpiredError when there is no session or the server refused the refresh
 * token (then the stored session is dropped and marked "ended" for the page; the outbox is kept).
 * Any other failure (no network, 5xx) leaves the session as it was, and every context on the
 * device then waits before the next refresh (5 s, doubling up to 60 s; a sign-in, or the
 * platform's `online` event, ends the wait), so an outage never turns into a stream of refreshes.
 */
export async function refreshStoredSession(options: RefreshOptions): Promise<StoredSession> {
  const db = options.db ?? getDb();
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const seen =
    options.staleAccessToken !== undefined
      ? options.staleAccessToken
      : ((await loadSession(db))?.access_token ?? null);
  const locks = options.locks ?? webLocks();

  return locks.request(SESSION_REFRESH_LOCK, async () => {
    // Inside the lock: another context may have rotated the tokens while we waited.
    const current = await loadSession(db);
    if (!current?.refresh_token) throw new SessionExpiredError(false);
    if (current.access_token !== seen && hasFreshAccessToken(current, now())) return current;
    // While the server cannot be reached, every context on the device waits between refreshes.
    const backoff = await getMeta<RefreshBackoff>(db, SESSION_KEYS.refreshBackoff);
    if (backoff && backoff.until > now()) {
      // A TypeError, as fetch throws for no network: callers treat both as "unreachable".
      throw new TypeError(`refresh: waiting until ${new Date(backoff.until).toISOString()}`);
    }

    let response: Response;
    try {
      response = await fetchImpl(join(options.apiBase, 'login/refresh'), {
        method: 'POST',
        headers: { Authorization: `Bearer ${current.refresh_token}` },
        signal: timeoutSignal(REFRESH_TIMEOUT_MS),
      });
    } catch (error) {
      await refreshFailed(db, backoff, now());
      throw error;
    }
    if (response.status === 401) {
      await db.meta.delete(SESSION_KEYS.refreshBackoff);
      await endSession(db, current, now());
      throw new SessionExpiredError(true);
    }
    if (!response.ok) {
      await refreshFailed(db, backoff, now());
      throw new Error(`refresh: HTTP ${response.status}`);
    }
    const next = fromAnswer((await response.json()) as Record<string, unknown>, current);
    await saveSession(next, db);
    return next;
  });
}

// --- transport for the service worker -----------------------------------------------------------

export interface SessionTransportOptions {
  apiBase: string;
  fetch?: typeof fetch;
  db?: WarehouseDb;
  locks?: LockManagerLike;
  now?: () => number;
}

/**
 * Push, pull and refresh over plain fetch with the stored bearer token: what the service worker
 * hands to `flush` / `pullAll`. An expired access token is renewed before the call; a 401 is
 * left to the engine, which calls `refreshSession` and tries once more.
 */
export function sessionTransport(options: SessionTransportOptions): {
  pushFn: PushFn;
  pullFn: PullFn;
  refreshSession: RefreshSession;
} {
  const db = options.db ?? getDb();
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const refreshOptions = { ...options, db, fetch: fetchImpl };
  /** The access token last sent: a 401 for it means "refresh unless someone else did". */
  let lastSent: string | null = null;

  async function token(): Promise<string> {
    let session = await loadSession(db);
    if (!session?.refresh_token) throw new SessionExpiredError(false);
    if (!hasFreshAccessToken(session, now())) {
      session = await refreshStoredSession({
        ...refreshOptions,
        staleAccessToken: session.access_token,
      });
    }
    lastSent = session.access_token!;
    return lastSent;
  }

  async function authorized(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${await token()}`);
    return fetchImpl(join(options.apiBase, path), {
      ...init,
      headers,
      signal: timeoutSignal(CALL_TIMEOUT_MS),
    });
  }

  return {
    pushFn: (body) =>
      authorized('v1/sync/push', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    pullFn: (query) => {
      const search = new URLSearchParams({
        collection: query.collection,
        cursor: String(query.cursor),
        limit: String(query.limit),
      });
      return authorized(`v1/sync/pull?${search.toString()}`);
    },
    refreshSession: () => refreshStoredSession({ ...refreshOptions, staleAccessToken: lastSent }),
  };
}
