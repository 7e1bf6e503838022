import { create } from 'zustand';
import { roleFlags, type RoleFlags } from '../../contract/permissions';
import { apiBase, configureClient } from '../api/client';
import type { SessionUser, StoredSession } from '../offline/session';

export type { SessionUser } from '../offline/session';

/** What POST /api/login and POST /api/login/refresh answer. */
export interface LoginAnswer {
  access_token: string;
  expires_at: string;
  refresh_token: string;
  token_type: string;
  refresh_expires_at?: string;
  permissions?: number[];
  user?: SessionUser;
}

export interface SessionValues extends StoredSession {
  /** One flag per role, derived from `permissions`. */
  flags: RoleFlags;
}

interface SessionActions {
  /** Store what a login or refresh answered (a refresh rotates the refresh token too). */
  signIn(answer: LoginAnswer): void;
  /**
   * Sign in from the login screen: the session is stored first and shown after, so a reload (or
   * a closed tab) right after signing in finds it. Resolves once both are done.
   */
  signInStored(answer: LoginAnswer): Promise<void>;
  /** Forget the session on this device. */
  clear(): void;
  /**
   * Take a session another context stored (a refresh, another tab's sign-in), or null when it is
   * gone; `ended` when the server ended it (the user is told once). Nothing is written.
   */
  adopt(stored: StoredSession | null, ended?: boolean): void;
}

export interface SessionState extends SessionValues, SessionActions {
  /** False until the stored session was read: the guard waits for it. */
  hydrated: boolean;
  /** The server ended the session (refused refresh) and the user has not been told yet. */
  endedNotice: boolean;
}

/** Where sessions lived before they moved to IndexedDB (read once, then removed). */
export const LEGACY_SESSION_KEY = 'brick-warehouse-session';

const empty: SessionValues = {
  access_token: null,
  refresh_token: null,
  token_type: null,
  expires_at: null,
  refresh_expires_at: null,
  permissions: [],
  flags: roleFlags([]),
  user: null,
};

// The session lives in IndexedDB (src/offline/session.ts), shared with the service worker. The
// store module comes with Dexie, so it is loaded on demand and the first screen stays small.
const sessionStore = () => import('../offline/session');
const canStore = () => typeof indexedDB !== 'undefined';
/** In a browser the stored session is read at start (tests in Node set it explicitly). */
const hydratesAtStart = canStore() && typeof window !== 'undefined';

function toStored({ flags: _f, ...values }: SessionValues): StoredSession {
  return values;
}

function fromStored(stored: StoredSession | null): SessionValues {
  if (!stored) return empty;
  const permissions = stored.permissions ?? [];
  return { ...empty, ...stored, permissions, flags: roleFlags(permissions) };
}

/** Bumped by every local sign-in or sign-out: a slower read must not overwrite them. */
let generation = 0;
let lastWrite: Promise<void> = Promise.resolve();

function write(work: (store: Awaited<ReturnType<typeof sessionStore>>) => Promise<void>) {
  generation++;
  if (!canStore()) return;
  lastWrite = lastWrite
    .then(() => sessionStore())
    .then(work)
    .catch((error: unknown) => console.warn('Could not store the session', error));
}

/** Resolves when this page's last sign-in or sign-out is in IndexedDB. */
export function sessionSaved(): Promise<void> {
  return lastWrite;
}

/** The session values a login or refresh answer gives (the user and roles kept if absent). */
function valuesOf(answer: LoginAnswer, current: SessionValues): SessionValues {
  const permissions = answer.permissions ?? current.permissions;
  return {
    access_token: answer.access_token,
    refresh_token: answer.refresh_token,
    token_type: answer.token_type,
    expires_at: answer.expires_at,
    refresh_expires_at: answer.refresh_expires_at ?? null,
    permissions,
    flags: roleFlags(permissions),
    user: answer.user ?? current.user,
  };
}

export const useSession = create<SessionState>()((set, get) => ({
  ...empty,
  hydrated: !hydratesAtStart,
  endedNotice: false,
  signIn(answer) {
    const values = valuesOf(answer, get());
    set({ ...values, hydrated: true, endedNotice: false });
    write((store) => store.saveSession(toStored(values)));
  },
  async signInStored(answer) {
    const values = valuesOf(answer, get());
    write((store) => store.saveSession(toStored(values)));
    await sessionSaved();
    set({ ...values, hydrated: true, endedNotice: false });
  },
  clear() {
    set({ ...empty, hydrated: true, endedNotice: false });
    write((store) => store.clearSession());
  },
  adopt(stored, ended = false) {
    set({ ...fromStored(stored), hydrated: true, endedNotice: ended || get().endedNotice });
  },
}));

interface LegacyPersisted {
  state?: Partial<StoredSession>;
}

/** A session the app kept in localStorage before, moved once into IndexedDB. */
function takeLegacySession(): StoredSession | null {
  let raw: string | null;
  try {
    raw = globalThis.localStorage?.getItem(LEGACY_SESSION_KEY) ?? null;
    if (raw !== null) globalThis.localStorage.removeItem(LEGACY_SESSION_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const state = (JSON.parse(raw) as LegacyPersisted).state;
    if (!state?.refresh_token) return null;
    return toStored(fromStored({ ...empty, ...state } as StoredSession));
  } catch {
    return null;
  }
}

/**
 * Read the stored session into the store (at start, and when another tab or the service worker
 * changed it). A local sign-in or sign-out made meanwhile wins over what was read.
 */
export async function hydrateSession(): Promise<void> {
  const started = generation;
  try {
    const store = await sessionStore();
    await lastWrite;
    let stored = await store.loadSession();
    const legacy = takeLegacySession();
    if (legacy && !stored) {
      await store.saveSession(legacy);
      stored = legacy;
    }
    const ended = stored ? null : await store.peekSessionEnded();
    if (generation === started) useSession.getState().adopt(stored, !!ended);
    else useSession.setState({ hydrated: true });
  } catch (error) {
    console.warn('Could not read the stored session', error);
    useSession.setState({ hydrated: true });
  }
}

/** The user was told that the server ended the session: forget the mark. */
export function acknowledgeSessionEnded(): void {
  useSession.setState({ endedNotice: false });
  if (canStore()) void sessionStore().then((store) => store.takeSessionEnded());
}

function future(iso: string | null, now: number): boolean {
  if (!iso) return false;
  const t = Date.parse(iso);
  return Number.isFinite(t) && t > now;
}

/**
 * Signed in while the refresh token is valid: an expired access token is renewed when the network
 * is back, so a picker is never logged out by a dead Wi-Fi. A server that sends no refresh expiry
 * falls back to the access token's expiry.
 */
export function isSignedIn(s: SessionValues = useSession.getState(), now = Date.now()): boolean {
  if (!s.refresh_token) return false;
  return s.refresh_expires_at ? future(s.refresh_expires_at, now) : future(s.expires_at, now);
}

/** Milliseconds until the session ends (refresh expiry), or null when signed out. */
export function sessionEndsIn(s: SessionValues = useSession.getState(), now = Date.now()) {
  const end = s.refresh_expires_at ?? s.expires_at;
  if (!s.refresh_token || !end) return null;
  return Date.parse(end) - now;
}

/** True while the access token can still be sent (with a little slack for clock skew). */
export function hasFreshAccessToken(s: SessionValues = useSession.getState(), now = Date.now()) {
  return !!s.access_token && future(s.expires_at, now + 15_000);
}

/** Checks that may hold up a sign-out (e.g. the outbox warns about unsent work). */
type SignOutCheck = () => boolean | Promise<boolean>;
const signOutChecks = new Set<SignOutCheck>();

/** Register a check run before a user-initiated sign-out; returns the unregister function. */
export function registerSignOutCheck(check: SignOutCheck): () => void {
  signOutChecks.add(check);
  return () => signOutChecks.delete(check);
}

/** Runs every registered check; false when one of them wants the user to stay signed in. */
export async function confirmSignOut(): Promise<boolean> {
  for (const check of signOutChecks) {
    if (!(await check())) return false;
  }
  return true;
}

/**
 * Sign out: the session is cleared locally at once (works offline), and the server is told to
 * revoke the refresh token on a best-effort basis.
 */
export function signOut(fetchImpl: typeof fetch = fetch): Promise<void> {
  const { refresh_token } = useSession.getState();
  useSession.getState().clear();
  if (!refresh_token) return Promise.resolve();
  return fetchImpl(`${apiBase.replace(/\/$/, '')}/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${refresh_token}` },
  }).then(
    () => undefined,
    () => undefined,
  );
}

// The API client sends this session's tokens and renews them through this store.
configureClient({
  tokens() {
    const s = useSession.getState();
    return {
      access_token: s.access_token,
      refresh_token: s.refresh_token,
      fresh: hasFreshAccessToken(s),
    };
  },
  saved: sessionSaved,
  adopt: (stored, ended) => useSession.getState().adopt(stored, ended),
  endedNotice: () => useSession.getState().endedNotice,
  acknowledgeEnded: acknowledgeSessionEnded,
  onEnded: (listener) =>
    useSession.subscribe((state, previous) => {
      if (state.endedNotice && !previous.endedNotice) listener();
    }),
});

// Read the stored session at start; keep tabs and the worker in step: whoever signs in, refreshes
// or signs out tells the others on a BroadcastChannel, and they read the record again.
if (hydratesAtStart) {
  void hydrateSession();
  void sessionStore().then((store) => store.onStoredSessionChange(() => void hydrateSession()));
  // Back online: a refresh that failed during the outage may be tried again at once.
  window.addEventListener('online', () => {
    void sessionStore().then((store) => store.forgetRefreshBackoff());
  });
}
