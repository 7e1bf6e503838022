// @vitest-environment jsdom
import { HTTPError } from 'ky';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  hydrateSession,
  isSignedIn,
  LEGACY_SESSION_KEY,
  sessionSaved,
  useSession,
} from '../app/session';
import { getDb, WarehouseDb, DB_NAME } from '../offline/engine';
import { loadSession, peekSessionEnded, refreshStoredSession } from '../offline/session';
import { FakeAuthApi, serveFakeAuthApi } from '../test/authServer';
import { createApiClient, onSessionExpired, SessionExpiredError } from './client';

let served: Awaited<ReturnType<typeof serveFakeAuthApi>>;
let fake: FakeAuthApi;
let prefixUrl: string;

beforeAll(async () => {
  served = await serveFakeAuthApi(() => fake);
  prefixUrl = served.apiBase;
});

afterAll(() => served.close());

beforeEach(() => {
  fake = new FakeAuthApi();
  // Signed in with generation 1, which the server accepts.
  useSession.getState().signIn(fake.answer(1));
});

describe('api client', () => {
  it('sends the bearer token of the session', async () => {
    const { api } = createApiClient({ prefixUrl });
    await expect(api.get('v1/order/status').json()).resolves.toMatchObject({
      path: '/api/v1/order/status',
    });
  });

  it('refreshes once for many 401s at the same time, then retries each call once', async () => {
    const { api } = createApiClient({ prefixUrl });
    // The server has moved to generation 2: access-1 is refused, refresh-2 renews.
    fake.generation = 2;
    useSession.getState().signIn({ ...fake.answer(1), refresh_token: 'refresh-2' });
    const calls = await Promise.all([
      api.get('a').json<{ path: string }>(),
      api.post('b', { json: { n: 1 } }).json<{ body: string }>(),
      api.get('c').json<{ path: string }>(),
    ]);
    expect(fake.refreshCalls).toBe(1);
    expect(calls[0].path).toBe('/api/a');
    expect(calls[1].body).toBe('{"n":1}');
    expect(useSession.getState().access_token).toBe('access-3');
    expect(useSession.getState().refresh_token).toBe('refresh-3');
  });

  it('renews an expired access token before sending, without a wasted 401', async () => {
    const { api } = createApiClient({ prefixUrl });
    useSession.setState({ expires_at: new Date(Date.now() - 1000).toISOString() });
    await api.get('x').json();
    expect(fake.refreshCalls).toBe(1);
    expect(useSession.getState().access_token).toBe('access-2');
  });

  it('signs out locally when the refresh is refused, and reports it', async () => {
    let expired = 0;
    const { api } = createApiClient({ prefixUrl, onSessionExpired: () => expired++ });
    fake.generation = 5;
    fake.refusesRefresh = true;
    await expect(api.get('x').json()).rejects.toBeInstanceOf(SessionExpiredError);
    expect(expired).toBe(1);
    expect(isSignedIn()).toBe(false);
    expect(useSession.getState().refresh_token).toBeNull();
  });

  it('keeps the session when the network fails (offline)', async () => {
    const { api, refreshSession } = createApiClient({ prefixUrl: 'http://127.0.0.1:9/api' });
    await expect(api.get('x', { timeout: 2000 }).json()).rejects.toThrow();
    await expect(refreshSession()).rejects.not.toBeInstanceOf(SessionExpiredError);
    expect(isSignedIn()).toBe(true);
    expect(useSession.getState().refresh_token).toBe('refresh-1');
  });

  it('does not refresh for a refused login (Basic credentials)', async () => {
    const { api } = createApiClient({ prefixUrl });
    const error = await api
      .post('login', { headers: { Authorization: 'Basic eDp5' } })
      .json()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).response.status).toBe(401);
    expect(fake.refreshCalls).toBe(0);
  });

  it('exposes refreshSession as one shared flight', async () => {
    const { refreshSession } = createApiClient({ prefixUrl });
    const [a, b] = await Promise.all([refreshSession(), refreshSession()]);
    expect(a).toBe('access-2');
    expect(b).toBe('access-2');
    expect(fake.refreshCalls).toBe(1);
  });

  it('uses the tokens another context (the service worker) rotated, never the old refresh token', async () => {
    await sessionSaved();
    // The worker, on its own connection, renews the session while this page still holds access-1.
    const worker = new WarehouseDb(DB_NAME);
    await refreshStoredSession({ apiBase: prefixUrl, db: worker, staleAccessToken: 'access-1' });
    worker.close();
    expect(fake.refreshCalls).toBe(1);
    expect(useSession.getState().refresh_token).toBe('refresh-1');

    // The page's call with access-1 is refused; its refresh finds access-2 stored and uses it.
    const { api } = createApiClient({ prefixUrl });
    await expect(api.get('y').json()).resolves.toMatchObject({ path: '/api/y' });
    expect(fake.refreshCalls).toBe(1);
    expect(useSession.getState().access_token).toBe('access-2');
    expect(useSession.getState().refresh_token).toBe('refresh-2');
  });
});

describe('the session in IndexedDB', () => {
  it('keeps what a sign-in stored, for the service worker and the next open', async () => {
    await sessionSaved();
    expect(await loadSession(getDb())).toMatchObject({
      access_token: 'access-1',
      refresh_token: 'refresh-1',
      permissions: [3],
    });
    useSession.getState().clear();
    await sessionSaved();
    expect(await loadSession(getDb())).toBeNull();
  });

  it('a sign-in from the login screen is stored before it is shown (a reload right after finds it)', async () => {
    useSession.getState().clear();
    await sessionSaved();
    let storedWhenShown: unknown = 'not shown';
    const unsubscribe = useSession.subscribe((state) => {
      if (state.refresh_token === 'refresh-9') {
        storedWhenShown = loadSession(getDb()).then((s) => s?.refresh_token);
      }
    });
    await useSession.getState().signInStored(fake.answer(9));
    unsubscribe();
    expect(await storedWhenShown).toBe('refresh-9');
  });

  it('moves a session kept in localStorage into IndexedDB once', async () => {
    useSession.getState().clear();
    await sessionSaved();
    const legacy = { ...fake.answer(7), flags: {} };
    localStorage.setItem(LEGACY_SESSION_KEY, JSON.stringify({ state: legacy, version: 0 }));
    await hydrateSession();
    expect(useSession.getState()).toMatchObject({ refresh_token: 'refresh-7', hydrated: true });
    expect(useSession.getState().flags.picker).toBe(true);
    expect(localStorage.getItem(LEGACY_SESSION_KEY)).toBeNull();
    expect((await loadSession(getDb()))?.refresh_token).toBe('refresh-7');
  });

  it('tells the user once, on the next open, that the server ended the session', async () => {
    await sessionSaved();
    // The service worker's refresh was refused while no page was open.
    fake.refusesRefresh = true;
    await expect(refreshStoredSession({ apiBase: prefixUrl })).rejects.toThrow();
    expect(await peekSessionEnded(getDb())).not.toBeNull();

    // The app opens: it reads the stored session, and the router's listener hears it once.
    await hydrateSession();
    expect(isSignedIn()).toBe(false);
    let told = 0;
    const stop = onSessionExpired(() => told++);
    expect(told).toBe(1);
    await hydrateSession();
    stop();
    onSessionExpired(() => told++)();
    expect(told).toBe(1);
    await expect.poll(() => peekSessionEnded(getDb())).toBeNull();
  });
});
