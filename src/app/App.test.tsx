// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Permission, type RoleName } from '../../contract/permissions';
import { enqueue, getDb } from '../offline';
import { App } from './App';
import { UNSENT_WARNING } from './OfflineSync';
import { routes } from './routes';
import { useSession } from './session';

function signInAs(...roles: RoleName[]) {
  const permissions = roles.map((r) => Permission[r]);
  useSession.getState().signIn({
    access_token: 'access',
    expires_at: new Date(Date.now() + 600_000).toISOString(),
    refresh_token: 'refresh',
    token_type: 'Bearer',
    refresh_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    permissions,
    user: { id: 1, name: 'Pia Picker', email: 'p@demo.test', company_id: 1, company_name: 'Demo' },
  });
}

function openApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<App router={router} />);
  return router;
}

async function menuLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

beforeEach(() => useSession.getState().clear());
afterEach(cleanup);

describe('app shell and guard', () => {
  it('shows the login page without a session and keeps the asked path for later', async () => {
    const router = openApp('/picker/12');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({ from: '/picker/12' });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it("sends a signed-in picker from '/' to Picker Orders, with the picker's menu", async () => {
    signInAs('picker');
    const router = openApp('/');
    expect(await screen.findByRole('heading', { name: 'Picker Orders' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user_orders');
    expect(await menuLinks()).toEqual([
      'Picker Orders',
      'Tray Overview',
      'Warehouse Overview',
      'Find an item',
      'Check this device',
    ]);
    expect(screen.getByText('Pia Picker')).toBeTruthy();
  });

  it('shows the menu of an order manager', async () => {
    signInAs('order_manager');
    openApp('/orders');
    expect(await menuLinks()).toEqual([
      'Manage Orders',
      'Picker Orders',
      'Manage Batches',
      'Tray Overview',
      'Find an item',
      'Item Reports',
      'Check this device',
    ]);
  });

  it('denies a path outside the roles, even one sharing a prefix', async () => {
    signInAs('picker');
    openApp('/orders');
    expect(await screen.findByRole('heading', { name: 'Permission denied' })).toBeTruthy();
  });

  it('shows Not found for an unknown path', async () => {
    signInAs('picker');
    openApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('treats a picker as signed in while offline with an expired access token', async () => {
    signInAs('picker');
    useSession.setState({ expires_at: new Date(Date.now() - 3_600_000).toISOString() });
    openApp('/user_orders');
    expect(await screen.findByRole('heading', { name: 'Picker Orders' })).toBeTruthy();
  });

  it('sends the user to login once the refresh token has expired', async () => {
    signInAs('picker');
    useSession.setState({ refresh_expires_at: new Date(Date.now() - 1000).toISOString() });
    const router = openApp('/trays');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('logs out from the menu', async () => {
    signInAs('picker');
    const router = openApp('/trays');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    within(nav).getByRole('button', { name: 'Log out' }).click();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState().refresh_token).toBeNull();
  });

  it('warns before logging out with unsent work, and stays when asked', async () => {
    await getDb().outbox.clear();
    await enqueue('test.note.v1', { note: 'picked 3' });
    signInAs('picker');
    openApp('/trays');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText(UNSENT_WARNING)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay logged in' }));
    await vi.waitFor(() => expect(screen.queryByText(UNSENT_WARNING)).toBeNull());
    expect(useSession.getState().refresh_token).toBe('refresh');
    await getDb().outbox.clear();
  });
});
