import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WarehouseDb } from './db';
import { enqueue, listOutbox } from './outbox';
import { flush } from './push';
import {
  loadSession,
  peekSessionEnded,
  refreshStoredSession,
  saveSession,
  SessionExpiredError,
  sessionTransport,
  takeSessionEnded,
  type StoredSession,
} from './session';
import { FakeAuthApi, serveFakeAuthApi } from '../test/authServer';

let served: Awaited<ReturnType<typeof serveFakeAuthApi>>;
let fake: FakeAuthApi;
let apiBase: string;
let name: string;
/** Two connections to one database: the page and the service worker. */
let page: WarehouseDb;
let worker: WarehouseDb;

beforeAll(async () => {
  served = await serveFakeAuthApi(() => fake);
  apiBase = served.apiBase;
});
afterAll(() => served.close());

beforeEach(async () => {
  fake = new FakeAuthApi();
  name = `session-test-${crypto.randomUUID()}`;
  page = new WarehouseDb(name);
  worker = new WarehouseDb(name);
  await saveSession(fake.answer(1) as StoredSession, page);
});
afterEach(() => {
  page.close();
  worker.close();
});

describe('the stored session', () => {
  it('is one record both contexts read', async () => {
    expect((await loadSession(worker))?.refresh_token).toBe('refresh-1');
    await saveSession({ ...fake.answer(2), permissions: [1] } as StoredSession, worker);
    expect(await loadSession(page)).toMatchObject({ refresh_token: 'refresh-2', permissions: [1] });
  });

  it('is refreshed by one context at a time: the other uses the new tokens', async () => {
    const [a, b] = await Promise.all([
      refreshStoredSession({ apiBase, db: page, staleAccessToken: 'access-1' }),
      refreshStoredSession({ apiBase, db: worker, staleAccessToken: 'access-1' }),
    ]);
    expect(fake.refreshCalls).toBe(1);
    expect(fake.revoked).toBe(false);
    expect(a.access_token).toBe('access-2');
    expect(b.access_token).toBe('access-2');
    expect((await loadSession(page))?.refresh_token).toBe('refresh-2');
  });

  it('refreshes again when the stored token is the refused one', async () => {
    await refreshStoredSession({ apiBase, db: worker });
    // The page held access-2 and the server refused it (say, its clock ran ahead).
    fake.refusedAccess.add('access-2');
    const next = await refreshStoredSession({ apiBase, db: page, staleAccessToken: 'access-2' });
    expect(next.access_token).toBe('access-3');
    expect(fake.refreshCalls).toBe(2);
    expect(fake.revoked).toBe(false);
  });

  it('ends the session on a refused refresh, keeps the outbox and marks it for the page', async () => {
    await enqueue('stock.add.v1', { qty: 1 }, undefined, worker);
    fake.revoked = true;
    const error = await refreshStoredSession({ apiBase, db: worker }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect((error as SessionExpiredError).refused).toBe(true);
    expect(await loadSession(page)).toBeNull();
    expect(await peekSessionEnded(page)).toMatchObject({ email: 'picker@demo.test' });
    expect((await listOutbox(page)).map((e) => e.state)).toEqual(['pending']);
    // Told once: taking the mark removes it; a new sign-in clears it too.
    expect(await takeSessionEnded(page)).not.toBeNull();
    expect(await takeSessionEnded(page)).toBeNull();
  });

  it('keeps the session when the server cannot be reached', async () => {
    const error = await refreshStoredSession({ apiBase: 'http://127.0.0.1:9/api', db: worker })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(SessionExpiredError);
    expect((await loadSession(page))?.refresh_token).toBe('refresh-1');
    expect(await peekSessionEnded(page)).toBeNull();
  });

  it('waits between refreshes while the server cannot be reached, in every context', async () => {
    let clock = Date.now();
    let calls = 0;
    const down: typeof fetch = async () => {
      calls++;
      throw new TypeError('Failed to fetch');
    };
    const refresh = (db: WarehouseDb) =>
      refreshStoredSession({
        apiBase,
        db,
        fetch: down,
        now: () => clock,
        staleAccessToken: 'access-1',
      });
    await expect(refresh(page)).rejects.toThrow('Failed to fetch');
    // Right after: no request, from this context or the other ("unreachable", like no network).
    await expect(refresh(worker)).rejects.toThrow(TypeError);
    await expect(refresh(worker)).rejects.toThrow(/refresh: waiting until/);
    clock += 4_000;
    await expect(refresh(page)).rejects.toThrow(/refresh: waiting until/);
    expect(calls).toBe(1);
    clock += 1_000;
    await expect(refresh(worker)).rejects.toThrow('Failed to fetch');
    clock += 9_000;
    await expect(refresh(page)).rejects.toThrow(/refresh: waiting until/);
    expect(calls).toBe(2);
    // A 5xx counts the same; the session is kept throughout.
    clock += 1_000;
    fake.refreshDelayMs = 0;
    const unavailable: typeof fetch = async () => {
      calls++;
      return new Response('{}', { status: 503 });
    };
    await expect(
      refreshStoredSession({ apiBase, db: page, fetch: unavailable, now: () => clock }),
    ).rejects.toThrow('refresh: HTTP 503');
    expect(calls).toBe(3);
    expect((await loadSession(worker))?.refresh_token).toBe('refresh-1');
    // Back: once the wait is over the refresh goes through and the wait is forgotten.
    clock += 20_000;
    const next = await refreshStoredSession({ apiBase, db: worker, now: () => clock });
    expect(next.access_token).toBe('access-2');
    expect(await worker.meta.get('session_refresh_backoff')).toBeUndefined();
  });

  it('has nothing to refresh after a sign-out (not marked as ended by the server)', async () => {
    await page.meta.delete('session');
    const error = await refreshStoredSession({ apiBase, db: worker }).catch((e: unknown) => e);
    expect((error as SessionExpiredError).refused).toBe(false);
    expect(fake.refreshCalls).toBe(0);
    expect(await peekSessionEnded(page)).toBeNull();
  });
});

describe('sessionTransport (what the service worker flushes with)', () => {
  const queue = async (n: number) => {
    for (let i = 0; i < n; i++) await enqueue('stock.add.v1', { qty: i }, undefined, page);
  };

  it('pushes with the stored bearer token', async () => {
    await queue(3);
    const result = await flush({ ...sessionTransport({ apiBase, db: worker }), db: worker });
    expect(result).toMatchObject({ status: 'done', applied: 3 });
    expect([...fake.applied.values()]).toEqual([1, 1, 1]);
    expect(fake.refreshCalls).toBe(0);
  });

  it('renews an expired access token first, without a wasted 401', async () => {
    await saveSession({ ...fake.answer(1, -60_000) } as StoredSession, page);
    await queue(2);
    const result = await flush({ ...sessionTransport({ apiBase, db: worker }), db: worker });
    expect(result).toMatchObject({ status: 'done', applied: 2 });
    expect(fake.refreshCalls).toBe(1);
    expect(fake.pushes).toBe(1);
    expect((await loadSession(page))?.access_token).toBe('access-2');
  });

  it('on a 401 refreshes and goes on; each write lands once', async () => {
    fake.refusedAccess.add('access-1');
    await queue(5);
    const result = await flush({
      ...sessionTransport({ apiBase, db: worker }),
      db: worker,
      batchSize: 2,
    });
    expect(result).toMatchObject({ status: 'done', applied: 5 });
    expect(fake.refreshCalls).toBe(1);
    expect(fake.revoked).toBe(false);
    expect([...fake.applied.values()]).toEqual([1, 1, 1, 1, 1]);
    expect(await listOutbox(page)).toEqual([]);
  });

  it('stops on a refused refresh with every entry kept', async () => {
    fake.refusedAccess.add('access-1');
    fake.revoked = true;
    await queue(2);
    const result = await flush({ ...sessionTransport({ apiBase, db: worker }), db: worker });
    expect(result.status).toBe('signed-out');
    expect(fake.refreshCalls).toBe(1);
    expect((await listOutbox(page)).map((e) => e.state)).toEqual(['pending', 'pending']);
    expect(await peekSessionEnded(page)).not.toBeNull();
  });
});
