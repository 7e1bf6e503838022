import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDialect, loginAs, type TestApp } from '../test/helpers';
import { scriptHash } from './security-headers';

type Headers = Record<string, string | string[] | number | undefined>;

function expectSecure(h: Headers, where: string) {
  const csp = String(h['content-security-policy']);
  expect(csp, where).toContain("script-src 'self'");
  expect(csp, where).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toContain("object-src 'none'");
  expect(h['x-content-type-options'], where).toBe('nosniff');
  expect(h['referrer-policy'], where).toBe('no-referrer');
  expect(h['x-frame-options'], where).toBe('DENY');
  for (const name of Object.keys(h)) expect(name, where).not.toMatch(/^access-control-/);
}

describeEachDialect('security headers', (dialect) => {
  let t: TestApp;
  let pwa: string;
  beforeAll(async () => {
    pwa = mkdtempSync(join(tmpdir(), 'bw-pwa-'));
    writeFileSync(join(pwa, 'index.html'), '<!doctype html><title>PWA</title>');
    t = await createTestApp(dialect, { staticDir: pwa });
  });
  afterAll(async () => {
    await t.close();
    rmSync(pwa, { recursive: true, force: true });
  });
  const get = (url: string, auth?: string, origin?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...(auth ? { authorization: auth } : {}), ...(origin ? { origin } : {}) },
    });

  it('are on the PWA, its history fallback, the API, its errors, the docs and the label page', async () => {
    const wm = await loginAs(t.app, 'warehouse@demo.test');
    const labels = await get('/api/v1/location_labels?location_id=1&layout=roll', wm);
    expect(labels.statusCode).toBe(200);
    const answers = {
      pwa: await get('/'),
      fallback: await get('/orders'),
      api: await get('/api/health'),
      unauthorized: await get('/api/user'),
      notFound: await get('/api/nope'),
      invalid: await get('/api/v1/location?location_id=abc', wm),
      docs: await get('/api/docs/'),
      docsJson: await get('/api/docs/json'),
      labels,
      crossOrigin: await get('/api/health', undefined, 'https://evil.example'),
    };
    for (const [where, res] of Object.entries(answers)) expectSecure(res.headers, where);
    expect(answers.docs.statusCode).toBe(200);
    expect(answers.api.headers['strict-transport-security']).toBeUndefined();
    // Only the health check may be fetched (opaquely) from another origin: the setup page's probe.
    expect(answers.api.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const where of ['pwa', 'unauthorized', 'docs', 'labels'] as const)
      expect(answers[where].headers['cross-origin-resource-policy'], where).toBe('same-origin');
  });

  it("allows the label page's one inline script by its hash, and no inline handler", async () => {
    const wm = await loginAs(t.app, 'warehouse@demo.test');
    const res = await get('/api/v1/location_labels?location_id=1&layout=sheet', wm);
    const scripts = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(String(res.headers['content-security-policy'])).toContain(scriptHash(scripts[0]));
    expect(res.body).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('HSTS and the docs setting', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));
  const make = async (overrides: Parameters<typeof createTestApp>[1]) => {
    const a = await createTestApp('sqlite', overrides);
    apps.push(a);
    return a;
  };

  it('sends HSTS and upgrade-insecure-requests only over HTTPS, HSTS only on the standard port', async () => {
    // Behind a proxy that ends TLS on 443 (X-Forwarded-Proto tells the request's protocol).
    const proxied = await make({
      publicUrl: 'https://warehouse.example',
      httpsPort: null,
      trustProxy: true,
    });
    const overHttps = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https', host: 'warehouse.example' },
    });
    expect(overHttps.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(overHttps.headers['content-security-policy'])).toContain(
      'upgrade-insecure-requests',
    );
    // The same server asked over plain HTTP: nothing that would send the browser elsewhere.
    const plain = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'warehouse.example' },
    });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['content-security-policy'])).not.toContain(
      'upgrade-insecure-requests',
    );
    // The server's own HTTPS on 8443: HSTS would keep the port and upgrade the setup page's
    // plain port 8080 to an https://…:8080 nobody answers, so none.
    const own = await make({ publicUrl: 'https://192.168.1.20:8443', httpsPort: 8443 });
    const res = await own.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: '192.168.1.20:8443' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends Cross-Origin-Opener-Policy where browsers honour it, not on plain HTTP by a LAN address', async () => {
    const a = await make({});
    const at = (host: string) =>
      a.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
    expect((await at('localhost:8080')).headers['cross-origin-opener-policy']).toBe('same-origin');
    expect((await at('[::1]:8080')).headers['cross-origin-opener-policy']).toBe('same-origin');
    const lan = await at('192.168.1.20:8080');
    expect(lan.headers['cross-origin-opener-policy']).toBeUndefined();
    expectSecure(lan.headers, 'plain HTTP by a LAN address');
  });

  it('API_DOCS=signed-in asks for a token, off removes the docs', async () => {
    const signedIn = await make({ apiDocs: 'signed-in' });
    for (const url of ['/api/docs/', '/api/docs/json']) {
      const anon = await signedIn.app.inject({ method: 'GET', url });
      expect(anon.statusCode, url).toBe(401);
      const forged = await signedIn.app.inject({
        method: 'GET',
        url,
        headers: { authorization: 'Bearer e30.e30.x' },
      });
      expect(forged.statusCode, url).toBe(401);
      const auth = await loginAs(signedIn.app, 'picker@demo.test');
      const ok = await signedIn.app.inject({
        method: 'GET',
        url,
        headers: { authorization: auth },
      });
      expect(ok.statusCode, url).toBe(200);
    }
    const off = await make({ apiDocs: 'off' });
    expect((await off.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);
  });
});
