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
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BatchTraysMessages as M } from '../../../contract/batch-trays';
import { DEMO_PASSWORD } from '../../../server/seed';
import { basic, createTestApp, type TestApp } from '../../../server/test/helpers';
import { useSession, type LoginAnswer } from '../../app/session';
import BatchTraysPage from './BatchTraysPage';

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
function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <Notifications />
      {children}
    </MantineProvider>
  );
}

/** The editor and the catalog modal against the real server (SQLite), via app.inject. */
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

const page = (batchId: number) =>
  render(
    <Providers>
      <MemoryRouter initialEntries={[`/projects/1/${batchId}`]}>
        <Routes>
          <Route path="/projects/:projectid/:batchid" element={<BatchTraysPage />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );

const MOLD_COL = 3;
const row = (nr: number) => screen.getByRole('row', { name: `tray ${nr}` });
const traysOf = (batchId: number) =>
  t.app.db
    .selectFrom('trays')
    .selectAll()
    .where('batch_id', '=', batchId)
    .orderBy('tray_nr')
    .execute();

describe('BatchTraysPage with the catalog', () => {
  it('Open catalog shows the list; the toggle opens a mould, Add item puts a new tray at the end', async () => {
    await signIn('digi.manager@demo.test');
    page(1);
    await screen.findByText('Attic 1 - bricks');
    const before = await traysOf(1);
    const last = before[before.length - 1];

    fireEvent.click(screen.getByRole('button', { name: 'Open catalog' }));
    expect(await screen.findByText('Select a type and theme or category')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Toggle off: a double-click on a mould edits it.
    fireEvent.doubleClick(within(row(1)).getAllByRole('gridcell')[MOLD_COL]);
    const input = await screen.findByRole('textbox', { name: 'mold_id of tray 1' });
    fireEvent.keyDown(input, { key: 'Escape' });

    // Toggle on: the same double-click opens that mould's info in the catalog.
    fireEvent.click(screen.getByRole('switch', { name: 'Open moulds in the catalog' }));
    fireEvent.doubleClick(within(row(1)).getAllByRole('gridcell')[MOLD_COL]);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('table', { name: 'Description' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));

    const nr = last.tray_nr + 1;
    await screen.findByRole('row', { name: `tray ${nr}` });
    const after = await traysOf(1);
    expect(after).toHaveLength(before.length + 1);
    expect(after[after.length - 1]).toMatchObject({
      tray_nr: nr,
      mold_id: before[0].mold_id,
      quantity: 1,
      status: 'ready for filling',
      condition: 'NEW',
      accepted: 0,
    });
    expect(Number(after[after.length - 1].price)).toBe(0);
    // The edit started above took the claim; adding goes on while this editor holds it.
    expect(screen.getByText('You are editing this batch')).toBeTruthy();
  });

  it('refuses adding while someone else holds the batch', async () => {
    await signIn('digi.manager@demo.test');
    page(4);
    await screen.findByText('Attic 4 - slopes and tiles');
    const before = await traysOf(4);
    fireEvent.click(screen.getByRole('switch', { name: 'Open moulds in the catalog' }));
    fireEvent.doubleClick(within(row(1)).getAllByRole('gridcell')[MOLD_COL]);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('table', { name: 'Description' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(await screen.findByText(M.claimRefused)).toBeTruthy();
    expect(await traysOf(4)).toHaveLength(before.length);
  });
});
