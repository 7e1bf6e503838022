// @vitest-environment jsdom
import { MantineProvider, Modal, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import {
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/seed';
import { basic, createTestApp, type TestApp } from '../../../server/test/helpers';
import { useSession, type LoginAnswer } from '../../app/session';
import BackupsPage from './BackupsPage';

// The server runs inside this jsdom test (see the admin screens' test for why these are set).
vi.hoisted(() => {
  vi.stubEnv('VITE_API_BASE', 'http://localhost:3000/api');
  const util = process.getBuiltinModule('node:util') as typeof import('node:util');
  globalThis.TextEncoder = util.TextEncoder as typeof TextEncoder;
  globalThis.TextDecoder = util.TextDecoder as typeof TextDecoder;
  globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
});
configure({ asyncUtilTimeout: 8000 });
Element.prototype.scrollIntoView ??= () => {};

const theme = createTheme({
  components: { Modal: Modal.extend({ defaultProps: { transitionProps: { duration: 0 } } }) },
});

/** The Backups screen against the real server (SQLite): fetch is answered by app.inject. */
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
  t = await createTestApp('sqlite');
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
    return new Response(new Uint8Array(res.rawPayload), {
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

const page = () =>
  render(
    <MantineProvider theme={theme}>
      <Notifications />
      <MemoryRouter initialEntries={['/backup/1']}>
        <Routes>
          <Route path="/backup/:projectid" element={<BackupsPage />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
async function choose(input: HTMLElement, option: string) {
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  fireEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
}
const quantities = async (batchId: number) =>
  (
    await t.app.db
      .selectFrom('trays')
      .select(['tray_nr', 'quantity'])
      .where('batch_id', '=', batchId)
      .orderBy('tray_nr')
      .execute()
  ).map((r) => [r.tray_nr, r.quantity]);

describe('BackupsPage', () => {
  it('a digibrick_user sees the cards and their stored data, without RESET', async () => {
    await signIn('digi.user@demo.test');
    page();
    const card = await screen.findByLabelText(/^backup \d+$/);
    expect(within(card).getByText(/Attic 1 - bricks/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'RESET' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Show' }));
    expect(await within(card).findByText('Before price update')).toBeTruthy();
    expect(within(card).getByText(/"tray_nr": 1,/)).toBeTruthy();
  });

  it('filters by batch id; a digibrick_manager resets a batch after confirming', async () => {
    const backup = await t.app.db
      .selectFrom('backups')
      .select(['id', 'json'])
      .where('batch_id', '=', 1)
      .executeTakeFirstOrThrow();
    const stored = (JSON.parse(backup.json) as { tray_nr: number; quantity: number }[])
      .map((s) => [s.tray_nr, s.quantity])
      .sort((a, b) => a[0] - b[0]);
    await t.app.db.updateTable('trays').set({ quantity: 0 }).where('batch_id', '=', 1).execute();
    await signIn('digi.manager@demo.test');
    page();
    await screen.findByLabelText(`backup ${backup.id}`);
    await choose(screen.getByRole('combobox', { name: 'Batch ids' }), '2 Attic 2 - plates');
    await screen.findByText('There are no backups of these batches.');
    await choose(screen.getByRole('combobox', { name: 'Batch ids' }), '1 Attic 1 - bricks');
    const card = await screen.findByLabelText(`backup ${backup.id}`);

    fireEvent.click(within(card).getByRole('button', { name: 'RESET' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to do that?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await quantities(1)).every(([, q]) => q === 0)).toBe(true);

    fireEvent.click(within(card).getByRole('button', { name: 'RESET' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'RESET' }),
    );
    await screen.findByText(`Batch Attic 1 - bricks was reset to backup ${backup.id}`);
    expect(await quantities(1)).toEqual(stored);
  });
});
