import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { roleFlags, type RoleFlags } from '../../contract/permissions';

/** The user the server reports at login and refresh. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  company_id: number;
  company_name: string;
}

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

export interface SessionValues {
  access_token: string | null;
  refresh_token: string | null;
  token_type: string | null;
  /** ISO time the access token expires. */
  expires_at: string | null;
  /** ISO time the refresh token expires: the session lasts until then, even offline. */
  refresh_expires_at: string | null;
  permissions: number[];
  /** One flag per role (spec 1 §3.9), derived from `permissions`. */
  flags: RoleFlags;
  user: SessionUser | null;
}

interface SessionActions {
  /** Store what a login or refresh answered (a refresh rotates the refresh token too). */
  signIn(answer: LoginAnswer): void;
  /** Forget the session on this device. */
  clear(): void;
}

export type SessionState = SessionValues & SessionActions;

export const SESSION_STORAGE_KEY = 'brick-warehouse-session';

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

export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      ...empty,
      signIn(answer) {
        const permissions = answer.permissions ?? get().permissions;
        set({
          access_token: answer.access_token,
          refresh_token: answer.refresh_token,
          token_type: answer.token_type,
          expires_at: answer.expires_at,
          refresh_expires_at: answer.refresh_expires_at ?? null,
          permissions,
          flags: roleFlags(permissions),
          user: answer.user ?? get().user,
        });
      },
      clear() {
        set(empty);
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ signIn: _s, clear: _c, ...values }) => values,
    },
  ),
);

function future(iso: string | null, now: number): boolean {
  if (!iso) return false;
  const t = Date.parse(iso);
  return Number.isFinite(t) && t > now;
}

/**
 * Signed in while the refresh token is valid (DESIGN "Session while offline"): an expired access
 * token is renewed when the network is back, so a picker is never logged out by a dead Wi-Fi.
 * A server that sends no refresh expiry falls back to the spec's rule (access expiry in the future).
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

export const apiBase: string = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

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

// Keep tabs in step: another tab's sign-in, refresh or sign-out rewrites the stored session.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY) void useSession.persist.rehydrate();
  });
}
