import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/**
 * A small API: tokens "access-N" / "refresh-N"; refresh-N is single-use and rotates to N+1.
 * Presenting a used refresh token again ends the session (the server's reuse detection), so a
 * test fails if any context presents a rotated token twice. Push applies each mutation id once.
 */
class FakeApi {
  generation = 1;
  used = new Set<string>();
  revoked = false;
  refreshCalls = 0;
  refreshDelayMs = 30;
  pushes = 0;
  applied = new Map<string, number>();
  /** Access tokens the server no longer accepts although not expired (a server-side expiry). */
  refusedAccess = new Set<string>();

  answer(gen: number, accessTtlMs = 600_000) {
    return {
      access_token: `access-${gen}`,
      expires_at: new Date(Date.now() + accessTtlMs).toISOString(),
      refresh_token: `refresh-${gen}`,
      token_type: 'Bearer',
      refresh_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      permissions: [3],
      user: { id: 1, name: 'Pia', email: 'picker@demo.test', company_id: 1, company_name: 'Demo' },
    };
  }

  async handle(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const auth = req.headers.authorization ?? '';
    let body = '';
    for await (const chunk of req) body += String(chunk);
    if (req.url === '/api/login/refresh') {
      this.refreshCalls++;
      await new Promise((r) => setTimeout(r, this.refreshDelayMs));
      const token = auth.replace(/^Bearer /, '');
      if (this.used.has(token)) this.revoked = true;
      if (this.revoked || token !== `refresh-${this.generation}`) {
        return send(401, { errors: [{ detail: 'Your session has ended. Please log in again.' }] });
      }
      this.used.add(token);
      this.generation++;
      return send(200, this.answer(this.generation));
    }
    const access = auth.replace(/^Bearer /, '');
    if (this.revoked || access !== `access-${this.generation}` || this.refusedAccess.has(access)) {
      return send(401, { errors: [{ detail: 'Unauthorized' }] });
    }
    if (req.url === '/api/v1/sync/push') {
      this.pushes++;
      const { mutations } = JSON.parse(body) as { mutations: Array<{ id: string; seq: number }> };
      for (const m of mutations) this.applied.set(m.id, (this.applied.get(m.id) ?? 0) + 1);
      const results = mutations.map((m) => ({ id: m.id, status: 'applied' }));
      return send(200, { results, last_seq: Math.max(0, ...mutations.map((m) => m.seq)) });
    }
    send(404, { errors: [{ detail: 'Not found' }] });
  }
}

let server: Server;
let fake: FakeApi;
let apiBase: string;
let name: string;
/** Two connections to one database: the page and the service worker. */
let page: WarehouseDb;
let worker: WarehouseDb;

beforeAll(async () => {
  server = createServer((req, res) => void fake.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  fake = new FakeApi();
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
