import { describe, expect, it } from 'vitest';
import { Permission } from '../../contract/permissions';
import { decideRoute } from './guard';

const picker = [Permission.picker];
const manager = [Permission.order_manager];
const input = { known: true, signedIn: true, permissions: picker };

describe('decideRoute', () => {
  it('opens the public pages without a session, bare (no shell)', () => {
    for (const path of [
      '/',
      '/forgot_password',
      '/forgot_password?email=a@b.c',
      '/set_password/abc',
    ]) {
      expect(decideRoute({ ...input, path, signedIn: false })).toEqual({
        kind: 'open',
        shell: false,
      });
    }
  });

  it('shows Not found for an unknown path, inside the shell only when signed in', () => {
    expect(decideRoute({ ...input, path: '/nowhere', known: false })).toEqual({
      kind: 'not-found',
      shell: true,
    });
    expect(decideRoute({ ...input, path: '/nowhere', known: false, signedIn: false })).toEqual({
      kind: 'not-found',
      shell: false,
    });
  });

  it('sends a visitor without a session to the login page, remembering the path', () => {
    expect(decideRoute({ ...input, path: '/picker/12?x=1', signedIn: false })).toEqual({
      kind: 'redirect',
      to: '/',
      from: '/picker/12?x=1',
    });
  });

  it('denies a path none of the roles admits, matching whole segments', () => {
    expect(decideRoute({ ...input, path: '/orders' })).toEqual({ kind: 'denied' });
    expect(decideRoute({ ...input, path: '/admin' })).toEqual({ kind: 'denied' });
    expect(decideRoute({ ...input, path: '/fill_orders', permissions: picker })).toEqual({
      kind: 'denied',
    });
  });

  it('opens an allowed path inside the shell', () => {
    expect(decideRoute({ ...input, path: '/picker/12' })).toEqual({ kind: 'open', shell: true });
    expect(decideRoute({ ...input, path: '/orders', permissions: manager })).toEqual({
      kind: 'open',
      shell: true,
    });
  });

  it("redirects '/' to the home of the roles when signed in", () => {
    expect(decideRoute({ ...input, path: '/' })).toEqual({ kind: 'redirect', to: '/user_orders' });
    expect(
      decideRoute({ ...input, path: '/', permissions: [Permission.warehouse_manager] }),
    ).toEqual({ kind: 'redirect', to: '/location/1' });
    expect(decideRoute({ ...input, path: '/', permissions: [] })).toEqual({ kind: 'no-roles' });
  });

  it('returns after login to the saved path when the roles admit it, else home', () => {
    expect(decideRoute({ ...input, path: '/', returnTo: '/picker/7' })).toEqual({
      kind: 'redirect',
      to: '/picker/7',
    });
    expect(decideRoute({ ...input, path: '/', returnTo: '/admin' })).toEqual({
      kind: 'redirect',
      to: '/user_orders',
    });
    expect(decideRoute({ ...input, path: '/', returnTo: '/' })).toEqual({
      kind: 'redirect',
      to: '/user_orders',
    });
  });
});
