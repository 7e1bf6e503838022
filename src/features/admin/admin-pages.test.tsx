// @vitest-environment jsdom
import { renderScreen, signIn, startRealServer } from '../../test/realServer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADD_USER_EMPTY_EMAIL, ADD_USER_SUCCESS } from '../../../contract/admin';
import { basic, permissionIdsOf } from '../../../server/test/helpers';
import AdminPage from './AdminPage';
import BrickAdminPage from './BrickAdminPage';

/** The admin screens against the real server (SQLite): fetch is answered by app.inject. */
const t = startRealServer();

const permissionsOf = (email: string) => permissionIdsOf(t.app, email);

describe('AdminPage', () => {
  it('toggles a permission on the server and deletes a user after two confirmations', async () => {
    await signIn('admin@demo.test');
    renderScreen(<AdminPage />);
    const toggle = await screen.findByLabelText('permission 5 for picker@demo.test');
    expect(screen.queryByLabelText('permission 0 for picker@demo.test')).toBeNull();
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(async () => expect(await permissionsOf('picker@demo.test')).toEqual([3, 5]));
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(true);

    // Removing one's own admin permission is refused: the switch goes back on.
    const own = screen.getByLabelText('permission 1 for admin@demo.test') as HTMLInputElement;
    fireEvent.click(own);
    await screen.findByText(/You cannot remove your own admin permission/);
    await waitFor(() => expect(own.checked).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: 'delete sales@demo.test' }));
    const first = await screen.findByRole('dialog');
    expect(within(first).getByText(/You are about to delete/).textContent).toContain(
      'sales@demo.test',
    );
    fireEvent.click(within(first).getByRole('button', { name: 'Continue' }));
    await screen.findByText('Are you sure you want to do this?');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByLabelText('permission 4 for sales@demo.test')).toBeNull(),
    );
    const gone = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sales@demo.test')
      .executeTakeFirst();
    expect(gone).toBeUndefined();
  });

  it('refuses an empty e-mail, then adds the user and lists them', async () => {
    await signIn('admin@demo.test');
    renderScreen(<AdminPage />);
    await screen.findByLabelText('permission 3 for picker@demo.test');
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    await screen.findByText(ADD_USER_EMPTY_EMAIL);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    await screen.findByText(ADD_USER_SUCCESS);
    await screen.findByLabelText('permission 3 for new@demo.test');
  });
});

describe('BrickAdminPage', () => {
  it('asks before changing a company permission and shows a temporary password', async () => {
    await signIn('platform@demo.test');
    renderScreen(<BrickAdminPage />);
    const zero = (await screen.findByLabelText(
      'permission 0 for Other Bricks',
    )) as HTMLInputElement;
    expect(zero.checked).toBe(false);
    fireEvent.click(zero);
    await screen.findByText('Are you sure you want to do that?');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(zero.checked).toBe(true));
    const held = await t.app.db
      .selectFrom('company_permissions as cp')
      .innerJoin('companies as c', 'c.id', 'cp.company_id')
      .select('cp.permission_id')
      .where('c.name', '=', 'Other Bricks')
      .where('cp.permission_id', '=', 0)
      .executeTakeFirst();
    expect(held).toBeDefined();

    fireEvent.click(
      screen.getByRole('button', { name: 'generate temporary password for Other Bricks' }),
    );
    const password = await screen.findByLabelText('temporary password');
    const email = screen.getByLabelText('account email').textContent!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { authorization: basic(email, password.textContent!) },
    });
    expect(login.statusCode).toBe(200);
  });
});
