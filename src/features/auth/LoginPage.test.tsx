// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { routes } from '../../app/routes';
import { useSession } from '../../app/session';

/** The server is an outside service here: a fetch stub answers the login call. */
function serverAnswers(status: number, body: unknown) {
  const calls: { url: string; headers: Headers; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const text = await input.text();
    calls.push({ url: input.url, headers: input.headers, body: text ? JSON.parse(text) : null });
    return new Response(JSON.stringify(body), {
      status,
      statusText: status === 200 ? 'OK' : 'Unauthorized',
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

const session = {
  access_token: 'a',
  expires_at: new Date(Date.now() + 600_000).toISOString(),
  refresh_token: 'r',
  token_type: 'Bearer',
  refresh_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  permissions: [3],
  user: { id: 1, name: 'Pia', email: 'picker@demo.test', company_id: 1, company_name: 'Demo' },
};

function openApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<App router={router} />);
  return router;
}

async function fillIn(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

/**
 * The app loads every page, and the error texts behind a refused call, on demand. Loading (and
 * transforming) those modules the first time can take seconds on a busy machine, longer than
 * a `findBy…` waits. Loading them before the tests leaves the tests waiting only for rendering.
 */
beforeAll(async () => {
  await Promise.all([
    import('./LoginPage'),
    import('./ForgotPasswordPage'),
    import('./SetPasswordPage'),
    import('../orders/PickerOrdersPage'),
    import('../picking/PickerPage'),
    import('../../../contract/errors'),
    import('../../app/pwa'),
  ]);
});

beforeEach(() => useSession.getState().clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('login', () => {
  it('asks for both fields and sends nothing while one is empty', async () => {
    const calls = serverAnswers(200, session);
    openApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is required!')).toBeTruthy();
    expect(screen.getByText('Password is required!')).toBeTruthy();

    await fillIn('picker@demo.test', '');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.queryByText('Email is required!')).toBeNull();
    expect(screen.getByText('Password is required!')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('signs in with Basic credentials and returns to the saved route', async () => {
    const calls = serverAnswers(200, session);
    const router = openApp('/picker/7');
    await fillIn('picker@demo.test', 'secret:1');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/picker/7'));
    expect(calls[0].url).toMatch(/\/api\/login$/);
    expect(calls[0].headers.get('Authorization')).toBe(
      `Basic ${btoa('picker@demo.test:secret:1')}`,
    );
    expect(useSession.getState().refresh_token).toBe('r');
    expect(useSession.getState().flags.picker).toBe(true);
  });

  it('goes home when no route was saved', async () => {
    serverAnswers(200, session);
    const router = openApp('/');
    await fillIn('picker@demo.test', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/user_orders'));
  });

  it("shows the server's refusal and stays on the login page", async () => {
    serverAnswers(401, {
      errors: [{ detail: 'Invalid e-mail or password.', code: 'unauthorized' }],
    });
    const router = openApp('/');
    await fillIn('picker@demo.test', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/Invalid e-mail or password\./)).toBeTruthy();
    expect(screen.getByText(/\(Status: 401 Unauthorized\)/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveProperty('disabled', false);
  });

  it('carries the typed e-mail to Forgot password', async () => {
    const router = openApp('/');
    await fillIn('picker@demo.test', '');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/forgot_password'));
    expect(router.state.location.search).toBe('?email=picker%40demo.test');
    expect((await screen.findByLabelText('Email')).getAttribute('value')).toBe('picker@demo.test');
  });
});

describe('password reset', () => {
  it('confirms the request with the fixed reset-requested text', async () => {
    const calls = serverAnswers(200, { message: 'ok' });
    openApp('/forgot_password?email=a%40b.test');
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'An email has been sent. If you have not received any mail, please make sure to check your spam folder.',
      ),
    ).toBeTruthy();
    expect(calls[0].body).toEqual({ email: 'a@b.test' });
  });

  it('sets the password with the token as bearer, then goes to login', async () => {
    const calls = serverAnswers(200, { message: 'ok' });
    const router = openApp('/set_password/tok123');
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'new-secret' },
    });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), {
      target: { value: 'new-secret' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(
      await screen.findByText('Your password has been updated, you can now log-in.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok123');
    expect(calls[0].body).toEqual({ password: 'new-secret' });
  });
});
