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
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProjectMessages as M } from '../../../contract/projects';
import { DEMO_PASSWORD } from '../../../server/seed';
import { basic, createTestApp, type TestApp } from '../../../server/test/helpers';
import { useSession, type LoginAnswer } from '../../app/session';
import ProjectsPage from './ProjectsPage';

// The server runs inside this jsdom test (see the admin screens' test for why these are set).
vi.hoisted(() => {
  vi.stubEnv('VITE_API_BASE', 'http://localhost:3000/api');
  const util = process.getBuiltinModule('node:util') as typeof import('node:util');
  globalThis.TextEncoder = util.TextEncoder as typeof TextEncoder;
  globalThis.TextDecoder = util.TextDecoder as typeof TextDecoder;
  globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
});
configure({ asyncUtilTimeout: 8000 });
// jsdom has no layout: Mantine's dropdowns scroll the chosen option into view.
Element.prototype.scrollIntoView ??= () => {};

const theme = createTheme({
  components: { Modal: Modal.extend({ defaultProps: { transitionProps: { duration: 0 } } }) },
});
function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <Notifications />
      <MemoryRouter>{children}</MemoryRouter>
    </MantineProvider>
  );
}

/** The overview against the real server (SQLite): fetch is answered by app.inject. */
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

async function statusOf(name: string) {
  const row = await t.app.db
    .selectFrom('projects')
    .select('status')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.status;
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
    <Providers>
      <ProjectsPage />
    </Providers>,
  );
/** Opens a Select or MultiSelect and picks `option` from its own list. */
async function choose(input: HTMLElement, option: string) {
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  fireEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
}
const field = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('ProjectsPage', () => {
  it("shows 'in progress' projects; a form lists every message and creates the project", async () => {
    await signIn('digi.user@demo.test');
    page();
    await screen.findByText('Attic collection 2024');
    expect(screen.queryByText('Bulk lot March')).toBeNull();
    // A digibrick_user sees the status, without a dropdown.
    expect(screen.queryByRole('combobox', { name: 'status of Attic collection 2024' })).toBeNull();
    expect(screen.getAllByText('in progress').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog');
    // A click outside does not close the form.
    fireEvent.click(document.querySelector('.mantine-Modal-overlay')!);
    field(dialog, 'Name', 'Estate lot Utrecht');
    field(dialog, 'Main purchase price (€)', 'ten');
    field(dialog, 'Other hours', '1..5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const alert = await within(dialog).findByRole('alert');
    for (const m of [
      M.nameTaken,
      M.conditionEmpty,
      M.descriptionEmpty,
      M.purposeEmpty,
      M.mainPrice,
      M.otherHours,
    ])
      expect(within(alert).getByText(m)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);

    field(dialog, 'Name', 'Flea market haul');
    fireEvent.click(within(dialog).getByPlaceholderText('Select a condition'));
    fireEvent.click(await screen.findByRole('option', { name: 'Like new', hidden: true }));
    field(dialog, 'Description', 'One crate');
    field(dialog, 'Purpose', 'Part out');
    field(dialog, 'Main purchase price (€)', '42,125');
    field(dialog, 'Other hours', '1.5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const card = await screen.findByLabelText('project Flea market haul');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText('€ 42.13')).toBeTruthy();
    expect(within(card).getByText('Like new')).toBeTruthy();
  });

  it('lets a digibrick_manager archive a project from its card; the filter shows archived ones', async () => {
    await signIn('digi.manager@demo.test');
    page();
    const select = await screen.findByRole('combobox', { name: 'status of Estate lot Utrecht' });
    await choose(select, 'is archived');
    await waitFor(() => expect(screen.queryByText('Estate lot Utrecht')).toBeNull());
    expect(await statusOf('Estate lot Utrecht')).toBe('is archived');

    const filter = screen.getByRole('combobox', { name: 'Status' });
    await choose(filter, 'is archived');
    await screen.findByText('Estate lot Utrecht');
    expect(screen.getByText('Bulk lot March')).toBeTruthy();
  });
});
