// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StoreItemMessages, StoreMessages } from '../../../contract/bricksyncer';
import { DEMO_PASSWORD } from '../../../server/seed';
import { basic, createTestApp, type TestApp } from '../../../server/test/helpers';
import { useSession, type LoginAnswer } from '../../app/session';
import AddStorePage from './AddStorePage';
import DeleteStorePage from './DeleteStorePage';
import EditItemsPage from './EditItemsPage';
import EditStorePage from './EditStorePage';
import LogsPage from './LogsPage';
import SettingsPage from './SettingsPage';
import StockIssuesPage from './StockIssuesPage';
import StorePage from './StorePage';
import StoresPage from './StoresPage';

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

let t: TestApp;
const realFetch = globalThis.fetch;

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
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { authorization: basic('syncer@demo.test', DEMO_PASSWORD) },
  });
  useSession.getState().signIn(res.json() as LoginAnswer);
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  useSession.getState().clear();
  await t.close();
});
afterEach(() => cleanup());

function at(path: string) {
  return render(
    <MantineProvider>
      <Notifications />
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/bricksyncer/stores" element={<StoresPage />} />
          <Route path="/bricksyncer/stores/add" element={<AddStorePage />} />
          <Route path="/bricksyncer/stores/:storeId" element={<StorePage />} />
          <Route path="/bricksyncer/stores/:storeId/edit" element={<EditStorePage />} />
          <Route path="/bricksyncer/stores/:storeId/delete" element={<DeleteStorePage />} />
          <Route path="/bricksyncer/edit_items" element={<EditItemsPage />} />
          <Route path="/bricksyncer/issues" element={<StockIssuesPage />} />
          <Route path="/bricksyncer/logs" element={<LogsPage />} />
          <Route path="/bricksyncer/settings" element={<SettingsPage />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('stores', () => {
  it('adds a store (messages first), shows it masked, edits and deletes it after the question', async () => {
    at('/bricksyncer/stores/add');
    type('Name', 'Attic store');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(/External id is required/)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Token secret is required/).length).toBeGreaterThan(0);
    type('External id', 'atticbricks');
    type('Consumer key', 'consumer-key-0000AAAA');
    type('Consumer secret', 'consumer-secret-1111BBBB');
    type('Token value', 'token-value-2222CCCC');
    type('Token secret', 'token-secret-3333DDDD');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Attic store' })).toBeTruthy();
    for (const shown of ['****AAAA', '****BBBB', '****CCCC', '****DDDD']) {
      expect(screen.getByText(shown)).toBeTruthy();
    }
    expect(document.body.textContent).not.toContain('consumer-secret');
    const row = await t.app.db
      .selectFrom('stores')
      .select(['id', 'credentials'])
      .where('name', '=', 'Attic store')
      .executeTakeFirstOrThrow();
    expect(row.credentials).not.toContain('1111BBBB');

    fireEvent.click(screen.getByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Edit store' })).toBeTruthy();
    type('Name', 'Attic store 2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Attic store 2' })).toBeTruthy();
    expect(screen.getByText('****DDDD')).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Delete' }));
    expect(await screen.findByText(StoreMessages.deleteQuestion('Attic store 2'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Demo Bricks on BrickLink')).toBeTruthy();
    expect(screen.queryByText('Attic store 2')).toBeNull();
  });

  it("shows 'Store not found' for another company's store", async () => {
    at('/bricksyncer/stores/3');
    expect((await screen.findAllByText(StoreMessages.notFound)).length).toBeGreaterThan(0);
  });
});

describe('edit prices, stock issues, logs, settings', () => {
  it('shows prices in Dutch euro; a bad edit lists its messages, a good one is saved', async () => {
    at('/bricksyncer/edit_items');
    await screen.findByText('Edit prices');
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(11);
    expect(document.body.textContent).toMatch(/€\s0,1\d\d?/);
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Edit' }));
    type('Price', '0');
    type('Tier price', '10:1,20:2');
    type('Quantity', '100000');
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(new RegExp(StoreItemMessages.price))).toBeTruthy();
    expect(screen.getByText(/TIER_QUANTITY1:TIER_PRICE1/)).toBeTruthy();
    type('Price', '1,255');
    type('Tier price', '');
    type('Quantity', '0');
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/€\s1,255/)).toBeTruthy();
  });

  it('resolves a stock issue; lists logs newest first; saves a setting', async () => {
    at('/bricksyncer/issues');
    const resolve = await screen.findAllByRole('button', { name: 'Resolve' });
    fireEvent.click(resolve[0]);
    expect(await screen.findByText('Resolved')).toBeTruthy();
    cleanup();

    at('/bricksyncer/logs');
    await screen.findByText('Logs');
    const messages = (await screen.findAllByRole('row')).slice(1).map((r) => r.textContent);
    expect(messages[0]).toContain('Stock check finished');
    cleanup();

    at('/bricksyncer/settings');
    const input = await screen.findByLabelText('order_import_days');
    fireEvent.change(input, { target: { value: '45' } });
    fireEvent.click(within(input.closest('tr')!).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('order_import_days saved')).toBeTruthy();
    const stored = await t.app.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'order_import_days')
      .execute();
    expect(stored.map((s) => s.value)).toContain('45');
  });
});
