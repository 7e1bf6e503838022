// @vitest-environment jsdom
import {
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADD_USER_EMPTY_EMAIL, ADD_USER_SUCCESS } from '../../../contract/admin';
import { createTestApp, type TestApp } from '../../../server/test/helpers';
import { basic } from '../../../server/test/helpers';
import { DEMO_PASSWORD } from '../../../server/seed';
import { MantineProvider, Modal, createTheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useSession, type LoginAnswer } from '../../app/session';
import AdminPage from './AdminPage';
import BrickAdminPage from './BrickAdminPage';

// Node's Request (used by ky under jsdom) needs an absolute API base.
// The server runs inside this jsdom test: jose needs Node's Uint8Array and TextEncoder (jsdom's
// belong to another realm), set before jose loads.
vi.hoisted(() => {
  vi.stubEnv('VITE_API_BASE', 'http://localhost:3000/api');
  const util = process.getBuiltinModule('node:util') as typeof import('node:util');
  globalThis.TextEncoder = util.TextEncoder as typeof TextEncoder;
  globalThis.TextDecoder = util.TextDecoder as typeof TextDecoder;
  globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
});

// The machine running the tests may be busy.
configure({ asyncUtilTimeout: 8000 });

// As the app's providers, but modals open without a transition: under jsdom a Mantine modal with a
// transition never mounts its content.
const theme = createTheme({
  components: {
    Modal: Modal.extend({ defaultProps: { transitionProps: { duration: 0 } } }),
  },
});
function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <Notifications />
      <ModalsProvider>{children}</ModalsProvider>
    </MantineProvider>
  );
}

/**
 * The screens against the real server (SQLite): the browser's fetch is answered by app.inject, so
 * what the screens show and change is what the server really holds.
 */
let t: TestApp;
const realFetch = globalThis.fetch;

async function signIn(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { authorization: basic(email, DEMO_PASSWORD) },
  });
  useSession.getState().signIn(res.json() as LoginAnswer);
}

async function permissionsOf(email: string): Promise<number[]> {
  const rows = await t.app.db
    .selectFrom('user_permissions as up')
    .innerJoin('users as u', 'u.id', 'up.user_id')
    .select('up.permission_id')
    .where('u.email', '=', email)
    .orderBy('up.permission_id')
    .execute();
  return rows.map((r) => r.permission_id);
}

beforeAll(async () => {
  t = await createTestApp('sqlite', {}, { mailer: { async send() {}, close() {} } });
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : await request.text();
    const res = await t.app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers.entries()),
      payload: body || undefined,
    });
    if (res.statusCode >= 500) {
      // Our own fault: show the server's logged error with the failing test.
      const fs = process.getBuiltinModule('node:fs') as typeof import('node:fs');
      const log = fs.readFileSync(`${t.config.dataDir}/logs/server.log`, 'utf8');
      console.error(
        request.method,
        request.url,
        log
          .split('\n')
          .filter((l) => l.includes('"level":50'))
          .at(-1),
      );
    }
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await t.close();
});
afterEach(() => {
  cleanup();
  useSession.getState().clear();
});

describe('AdminPage', () => {
  it('toggles a permission on the server and deletes a user after two confirmations', async () => {
    await signIn('admin@demo.test');
    render(
      <Providers>
        <AdminPage />
      </Providers>,
    );
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
    render(
      <Providers>
        <AdminPage />
      </Providers>,
    );
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
    render(
      <Providers>
        <BrickAdminPage />
      </Providers>,
    );
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
