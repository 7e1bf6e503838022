import { canOpenPath, homePath, isPublicPath } from '../../contract/access';

export type GuardDecision =
  /** Open the page as it is. */
  | { kind: 'open'; shell: boolean }
  /** Go elsewhere (`from` is the path to return to after login). */
  | { kind: 'redirect'; to: string; from?: string }
  | { kind: 'not-found'; shell: boolean }
  | { kind: 'denied' }
  /** Signed in, but the account holds no role that has a home page. */
  | { kind: 'no-roles' };

export interface GuardInput {
  /** pathname + search of the location being opened */
  path: string;
  /** false when no route of the app matches the path */
  known: boolean;
  signedIn: boolean;
  permissions: readonly number[];
  /** the path saved when an earlier redirect sent the user to the login page */
  returnTo?: string;
}

/**
 * The navigation guard (docs/access.md): unknown paths show Not found; without a session only
 * the public pages open and anything else goes to the login page, remembering the path; a signed-in
 * user opens a path only when one of their roles admits it by whole path segments.
 */
export function decideRoute(input: GuardInput): GuardDecision {
  const { path, known, signedIn, permissions, returnTo } = input;
  const pathname = path.split('?')[0].split('#')[0];
  if (!known) return { kind: 'not-found', shell: signedIn };
  if (pathname === '/' || pathname === '') {
    if (!signedIn) return { kind: 'open', shell: false };
    // After login: back to the saved route if there is one (and it is not '/'), else home.
    const back = returnTo?.split('?')[0];
    if (back && back !== '/' && canOpenPath(permissions, back)) {
      return { kind: 'redirect', to: returnTo! };
    }
    const home = homePath(permissions);
    return home === '/' ? { kind: 'no-roles' } : { kind: 'redirect', to: home };
  }
  if (isPublicPath(pathname)) return { kind: 'open', shell: false };
  if (!signedIn) return { kind: 'redirect', to: '/', from: path };
  if (!canOpenPath(permissions, pathname)) return { kind: 'denied' };
  return { kind: 'open', shell: true };
}
