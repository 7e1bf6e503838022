import ky, { type KyInstance } from 'ky';
import type { StoredSession } from '../offline/session';

/** The API's base: VITE_API_BASE, or /api on the page's origin. */
export const apiBase: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

/**
 * What the client needs of the signed-in session. The app shell owns the session and hands it to
 * the client with configureClient (src/app/session.ts), so this shared module never imports the
 * app. Until then the client sends no token.
 */
export interface SessionSource {
  /** The tokens held now; `fresh` while the access token can still be sent. */
  tokens(): { access_token: string | null; refresh_token: string | null; fresh: boolean };
  /** Resolves when this page's last sign-in or sign-out is stored. */
  saved(): Promise<void>;
  /**
   * Take a session a refresh stored, or null when it is gone; `ended` when the server ended it
   * (the user is told once).
   */
  adopt(stored: StoredSession | null, ended?: boolean): void;
  /** True while the server ended the session and the user has not been told yet. */
  endedNotice(): boolean;
  /** The user was told that the server ended the session: forget the mark. */
  acknowledgeEnded(): void;
  /** Calls `listener` whenever the ended mark is set; returns the unsubscribe function. */
  onEnded(listener: () => void): () => void;
}

const signedOut: SessionSource = {
  tokens: () => ({ access_token: null, refresh_token: null, fresh: false }),
  saved: () => Promise.resolve(),
  adopt: () => undefined,
  endedNotice: () => false,
  acknowledgeEnded: () => undefined,
  onEnded: () => () => undefined,
};
let session: SessionSource = signedOut;
let stopListening: () => void = () => undefined;

/** Thrown when the server refused the refresh token: the session is over and was cleared. */
export class SessionExpiredError extends Error {
  constructor() {
    super('Your session has expired. Please log in again.');
    this.name = 'SessionExpiredError';
  }
}

/** Calls that must never trigger a refresh (they carry Basic, a refresh or an e-mailed token). */
const AUTH_PATHS = [
  'login',
  'login/refresh',
  'logout',
  'login/password_reset',
  'user/password_reset',
];

export interface ApiClient {
  api: KyInstance;
  /** Renew the access token with the refresh token; one request at a time, shared by all callers. */
  refreshSession(): Promise<string>;
}

export interface ApiClientOptions {
  prefixUrl: string;
  fetch?: typeof fetch;
  /** Called after a refused refresh cleared the session (the app navigates to the login page). */
  onSessionExpired?: () => void;
}

function isAuthPath(url: string, prefixUrl: string): boolean {
  const base = new URL(prefixUrl.replace(/\/?$/, '/'));
  const path = new URL(url).pathname;
  if (!path.startsWith(base.pathname)) return false;
  return AUTH_PATHS.includes(path.slice(base.pathname.length).replace(/\/$/, ''));
}

/** An absolute base (a relative one resolved against the page), so every runtime builds the same URLs. */
function absolute(prefixUrl: string): string {
  const page = globalThis.location?.href;
  return page ? new URL(prefixUrl, page).href : prefixUrl;
}

export function createApiClient(clientOptions: ApiClientOptions): ApiClient {
  const options = { ...clientOptions, prefixUrl: absolute(clientOptions.prefixUrl) };
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let inFlight: Promise<string> | null = null;

  /**
   * The refresh itself is shared with every tab and the service worker (src/offline/session.ts):
   * one context at a time under a Web Lock, reading the stored session inside it, so a refresh
   * token another context already rotated is never presented again.
   */
  async function doRefresh(): Promise<string> {
    await session.saved();
    const { access_token, refresh_token } = session.tokens();
    if (!refresh_token) throw new SessionExpiredError();
    const store = await import('../offline/session');
    try {
      const renewed = await store.refreshStoredSession({
        apiBase: options.prefixUrl,
        fetch: fetchImpl,
        staleAccessToken: access_token,
      });
      session.adopt(renewed);
      return renewed.access_token!;
    } catch (error) {
      if (error instanceof store.SessionExpiredError) {
        // Refused by the server: the user is told once (endedNotice, or this client's own
        // listener). Gone already (another tab signed out): just follow.
        if (error.refused && options.onSessionExpired) {
          session.adopt(null);
          session.acknowledgeEnded();
          options.onSessionExpired();
        } else {
          session.adopt(null, error.refused);
        }
        throw new SessionExpiredError();
      }
      // Offline or server trouble: keep the session, the caller may try again later.
      throw error;
    }
  }

  function refreshSession(): Promise<string> {
    inFlight ??= doRefresh().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  const api = ky.create({
    prefixUrl: options.prefixUrl,
    fetch: fetchImpl,
    retry: 0,
    hooks: {
      beforeRequest: [
        async (request) => {
          if (request.headers.has('Authorization')) return;
          const held = session.tokens();
          if (!held.refresh_token && !held.access_token) return;
          let token = held.access_token;
          if (!held.fresh && held.refresh_token) {
            token = await refreshSession();
          }
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        async (request, _options, response) => {
          if (response.status !== 401) return response;
          if (isAuthPath(request.url, options.prefixUrl)) return response;
          const sent = request.headers.get('Authorization');
          const held = session.tokens();
          if (!sent?.startsWith('Bearer ') || !held.refresh_token) return response;
          // A request that raced a refresh already sees the new token: retry without refreshing.
          const token =
            held.access_token && sent !== `Bearer ${held.access_token}`
              ? held.access_token
              : await refreshSession();
          const retry = new Request(request);
          retry.headers.set('Authorization', `Bearer ${token}`);
          // Retry once, bypassing these hooks; its answer (even another 401) is final.
          return ky(retry, { fetch: fetchImpl, retry: 0, throwHttpErrors: false });
        },
      ],
    },
  });

  return { api, refreshSession };
}

const sessionExpiredListeners = new Set<() => void>();

/**
 * Tell the listeners once that the server ended the session: refused here, by another tab or by
 * the service worker (then on the next open of the app). Waits until a listener is there.
 */
function announceSessionEnded(): void {
  if (!session.endedNotice() || sessionExpiredListeners.size === 0) return;
  session.acknowledgeEnded();
  sessionExpiredListeners.forEach((listener) => listener());
}

/** The app shell gives the client its session (once, when the session store is made). */
export function configureClient(source: SessionSource): void {
  stopListening();
  session = source;
  stopListening = source.onEnded(announceSessionEnded);
}

const client = createApiClient({ prefixUrl: apiBase });

/** The app's router registers here to go to the login page when the server ended the session. */
export function onSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  announceSessionEnded();
  return () => sessionExpiredListeners.delete(listener);
}

/** The shared API client: prefix from VITE_API_BASE, bearer from the session, refresh on 401. */
export const api = client.api;

/** Renew the session's access token (single-flight); throws SessionExpiredError on a refused refresh. */
export const refreshSession = client.refreshSession;
