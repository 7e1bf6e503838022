// realServerEnv must load before the app and the server (API base, jose's globals).
import './realServerEnv';
import { cleanup, configure, fireEvent, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed';
import { basic, createTestApp, type TestApp } from '../../server/test/helpers';
import { buildCatalog, catalogKey } from '../../server/modules/catalog-chunks/build';
import { useSession, type LoginAnswer } from '../app/session';
import { syncCatalog, type CatalogTransport } from '../offline/catalog';
import { getDb } from '../offline/db';

export { Providers, renderAt, renderInDataRouter, renderScreen } from './render';

/**
 * Screens against the real server (SQLite, demo data): the browser's fetch is answered by
 * app.inject, so what a screen shows and changes is what the server really holds.
 */

// The machine running the tests may be busy.
configure({ asyncUtilTimeout: 8000 });

let current: TestApp | undefined;
function server(): TestApp {
  if (!current) throw new Error('the real server starts in beforeAll (startRealServer)');
  return current;
}

export interface RealServerOptions {
  /** Signed in once for the whole file (else each test signs in and is signed out after). */
  signedInAs?: string;
}

/**
 * Starts a server on a fresh database for this test file and routes fetch to it. The answer stands
 * for that server once beforeAll has run (`t.app.db` reads what the server holds);
 * `t.whileOffline(steps)` runs steps with every call failing without an answer, as with the
 * network gone, and gives the network back after.
 */
export function startRealServer(
  options: RealServerOptions = {},
): TestApp & { whileOffline: (steps: () => Promise<void>) => Promise<void> } {
  const realFetch = globalThis.fetch;
  let offline = false;
  beforeAll(async () => {
    current = await createTestApp('sqlite', {}, { mailer: { async send() {}, close() {} } });
    globalThis.fetch = answerFromServer(() => offline);
    if (options.signedInAs) await signIn(options.signedInAs);
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    useSession.getState().clear();
    await current?.close();
    current = undefined;
  });
  afterEach(() => {
    cleanup();
    if (!options.signedInAs) useSession.getState().clear();
  });
  return {
    get app() {
      return server().app;
    },
    get config() {
      return server().config;
    },
    close: () => server().close(),
    async whileOffline(steps) {
      offline = true;
      try {
        await steps();
      } finally {
        offline = false;
      }
    },
  };
}

function answerFromServer(offline: () => boolean) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    if (offline()) throw new TypeError('Failed to fetch');
    const t = server();
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
      const logFile = `${t.config.dataDir}/logs/server.log`;
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      const lastError = log
        .split('\n')
        .filter((l) => l.includes('"level":50'))
        .at(-1);
      console.error(request.method, request.url, lastError);
    }
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
}

/** Signs `email` (demo password) in through the real login route, as the app's session. */
export async function signIn(email: string) {
  const res = await server().app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { authorization: basic(email, DEMO_PASSWORD) },
  });
  useSession.getState().signIn(res.json() as LoginAnswer);
}

/** Opens a Select or MultiSelect and picks `option` from its own list. */
export async function choose(input: HTMLElement, option: string) {
  fireEvent.click(input);
  await waitFor(() => expect(input.getAttribute('aria-controls')).toBeTruthy());
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  fireEvent.click(within(list).getByRole('option', { name: option, hidden: true }));
}

/** Types `value` into the field labelled `label` inside `dialog`. */
export const field = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

/**
 * Puts the server's catalog on the device (this test's IndexedDB) with the device's own sync. The
 * chunks are taken from the server's chunk builder: under jsdom a chunk's bytes reach the test's
 * fetch JSON-encoded (`{"type":"Buffer",…}`), not as the text a browser receives.
 */
export async function syncDeviceCatalog(): Promise<void> {
  const db = server().app.db;
  const built = await buildCatalog(db, await catalogKey(db));
  const transport: CatalogTransport = {
    manifest: async () => built.manifest,
    chunk: async (name) => built.chunks.get(name)!.body.toString('utf8'),
  };
  await syncCatalog(transport, getDb());
}

/**
 * Empties this test's device database (outbox, pending tray edits, kept lists, sync state), so
 * nothing one test left on the device is sent or shown in the next.
 */
export async function clearDevice(): Promise<void> {
  const db = getDb();
  await db.transaction('rw', [db.outbox, db.meta, db.trayEdits, db.trayLists], async () => {
    await Promise.all([
      db.outbox.clear(),
      db.meta.clear(),
      db.trayEdits.clear(),
      db.trayLists.clear(),
    ]);
  });
}
