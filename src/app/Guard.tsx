import { Suspense, useEffect, useReducer, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { onSessionExpired } from '../api/client';
import { notifyError } from '../ui/notify';
import { decideRoute } from './guard';
import { lazyLoaded } from './lazyLoaded';
import { NoRoles, NotFound, PageLoading, PermissionDenied } from './pages/StatusPages';
import { isSignedIn, sessionEndsIn, useSession } from './session';

// The shell (AppShell, menu) loads after sign-in, keeping the login page small.
const Shell = lazyLoaded<{ children: ReactNode }>(() =>
  import('./Shell').then(({ Shell }) => ({ default: Shell })),
);
/** Start loading the shell (main.tsx does on a cold open of a page inside it). */
export const preloadShell = Shell.preload;

export const NOT_FOUND_ROUTE_ID = 'not-found';

export interface LoginRedirectState {
  from?: string;
}

/** Re-render when the session ends by time (refresh token expiry). */
function useSessionClock() {
  const session = useSession();
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const endsIn = sessionEndsIn(session);
  useEffect(() => {
    if (endsIn === null || endsIn <= 0) return;
    const timer = setTimeout(tick, Math.min(endsIn + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [endsIn]);
  useEffect(
    () => onSessionExpired(() => notifyError('Your session has expired. Please log in again.')),
    [],
  );
  return session;
}

/** The layout route that decides, on every navigation, what the user may see. */
export function Guard() {
  const session = useSessionClock();
  const location = useLocation();
  const matches = useMatches();
  const known = !matches.some((m) => m.id === NOT_FOUND_ROUTE_ID);
  // The stored session is read from IndexedDB at start: decide only once it is known.
  if (!session.hydrated) return <PageLoading />;
  const decision = decideRoute({
    path: location.pathname + location.search,
    known,
    signedIn: isSignedIn(session),
    permissions: session.permissions,
    returnTo: (location.state as LoginRedirectState | null)?.from,
  });

  if (decision.kind === 'redirect') {
    const state: LoginRedirectState | undefined = decision.from
      ? { from: decision.from }
      : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  const content = {
    open: <Outlet />,
    'not-found': <NotFound />,
    denied: <PermissionDenied />,
    'no-roles': <NoRoles />,
  }[decision.kind];
  const withShell = 'shell' in decision ? decision.shell : true;
  // One tree shape for every decision, so the shell stays mounted while the user navigates.
  return (
    <Suspense fallback={<PageLoading />}>{withShell ? <Shell>{content}</Shell> : content}</Suspense>
  );
}
