import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small stand-in for the API's sign-in side, for the session and API client tests: tokens
 * "access-N" / "refresh-N", one generation valid at a time. refresh-N is single-use and rotates to
 * N+1; presenting a used refresh token again ends the session (the server's reuse detection), so a
 * test fails if any context presents a rotated token twice. Push applies each mutation id once;
 * any other call with a valid access token is answered with what it sent (path, method, body).
 */
export class FakeAuthApi {
  generation = 1;
  used = new Set<string>();
  revoked = false;
  /** Refuse every refresh (the server ended the session). */
  refusesRefresh = false;
  refreshCalls = 0;
  refreshDelayMs = 30;
  pushes = 0;
  applied = new Map<string, number>();
  /** Access tokens the server no longer accepts although not expired (a server-side expiry). */
  refusedAccess = new Set<string>();

  /** What POST /login and /login/refresh answer for generation `gen`. */
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
      if (this.refusesRefresh || this.revoked || token !== `refresh-${this.generation}`) {
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
    send(200, { path: req.url, method: req.method, body });
  }
}

/**
 * Serve the fake on a free local port. `current` names the fake that answers (a test makes a new
 * one before each case). The API base is `http://127.0.0.1:<port>/api`.
 */
export async function serveFakeAuthApi(current: () => FakeAuthApi) {
  const server = createServer((req, res) => void current().handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
