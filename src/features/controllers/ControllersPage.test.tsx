// @vitest-environment jsdom
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ControllerMessages } from '../../../contract/controllers';
import { createTestApp, type TestApp } from '../../../server/test/helpers';
import { basic } from '../../../server/test/helpers';
import { DEMO_PASSWORD } from '../../../server/seed';
import { MantineProvider, Modal, createTheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useSession, type LoginAnswer } from '../../app/session';
import ControllersPage from './ControllersPage';

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

describe('ControllersPage', () => {
  it('lists the runs, shows an error on demand and starts a run after the confirmation', async () => {
    await signIn('admin@demo.test');
    render(
      <Providers>
        <ControllersPage />
      </Providers>,
    );
    expect(await screen.findByRole('heading', { name: 'Controllers' })).toBeTruthy();
    expect(screen.getByText(ControllerMessages.intro)).toBeTruthy();
    // The demo holds one completed and one failed run; only the failed one has the info button.
    expect(await screen.findByText('completed')).toBeTruthy();
    const info = screen.getAllByLabelText('Show the error');
    expect(info).toHaveLength(1);
    const error = 'Loading parts: the download of parts.csv.gz stopped after 12 MB';
    expect(screen.queryByText(error)).toBeNull();
    fireEvent.click(info[0]);
    expect(screen.getByText(error)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New controller' }));
    expect(await screen.findByText(ControllerMessages.confirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    // The new run shows at the top and, read again while busy, ends completed.
    await waitFor(() => expect(screen.getAllByText('completed')).toHaveLength(2), {
      timeout: 15_000,
    });
    const runs = await t.app.db.selectFrom('controller_runs').select('status').execute();
    expect(runs.map((r) => r.status).sort()).toEqual(['completed', 'completed', 'failed']);
  }, 30_000);
});
