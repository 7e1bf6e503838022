import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { ownCaTls, testCa } from '../../test/device-ca';
import { createTestApp, describeEachDialect, loginAs, type TestApp } from '../../test/helpers';
import { bearerFor } from '../../test/locations-support';
import type { TlsInfo } from '../../tls/info';
import type { DialectName } from '../../db';

const ca = testCa();
/** What the suite's server says about its HTTPS; a test switches it. */
let tls: TlsInfo = ownCaTls(ca, ['localhost', '127.0.0.1', '192.168.1.20']);

/** A server with this HTTPS state and PUBLIC_URL, and bearers of an admin, a manager and a picker. */
function suite(dialect: DialectName, config: Partial<AppConfig>) {
  const s = {} as { t: TestApp; admin: string; manager: string; picker: string };
  beforeAll(async () => {
    s.t = await createTestApp(dialect, config, { tls: () => tls });
    s.admin = await loginAs(s.t.app, 'admin@demo.test');
    s.manager = await bearerFor(s.t.app, 'Demo Bricks', ['warehouse_manager']);
    s.picker = await bearerFor(s.t.app, 'Demo Bricks', ['picker']);
  });
  afterAll(() => s.t.close());
  return s;
}

describeEachDialect('device setup', (dialect) => {
  const s = suite(dialect, { publicUrl: 'http://localhost:8080' });
  const get = (url: string, authorization?: string, headers: Record<string, string> = {}) =>
    s.t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, ...(authorization ? { authorization } : {}) },
    });

  it('shows an admin and a warehouse manager the addresses and the certificate authority', async () => {
    tls = ownCaTls(ca, ['localhost', '127.0.0.1', '192.168.1.20']);
    for (const who of [s.admin, s.manager]) {
      const res = await get('/api/device-setup', who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        source: 'own-ca',
        httpsUrls: [
          'https://192.168.1.20:8443/',
          'https://localhost:8443/',
          'https://127.0.0.1:8443/',
        ],
        setupUrls: ['http://192.168.1.20:8080/setup'],
        caCertificateUrl: '/api/device-setup/ca.crt',
        caFingerprint: ca.fingerprint,
        expiresAt: '2027-12-01T00:00:00.000Z',
      });
    }
  });

  it('refuses the device setup to a picker and to a caller without a session', async () => {
    expect((await get('/api/device-setup', s.picker)).statusCode).toBe(403);
    expect((await get('/api/device-setup')).statusCode).toBe(401);
  });

  it('hands anyone the certificate authority as DER, the one whose fingerprint is shown', async () => {
    tls = ownCaTls(ca, ['192.168.1.20']);
    const res = await get('/api/device-setup/ca.crt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="brick-warehouse-ca.crt"',
    );
    const cert = new X509Certificate(res.rawPayload);
    expect(cert.raw.equals(res.rawPayload)).toBe(true);
    expect(cert.fingerprint256).toBe(ca.fingerprint);
    expect(cert.ca).toBe(true);
  });

  it('answers 404 for the certificate authority when the server has none of its own', async () => {
    tls = { ...ownCaTls(ca, ['scan.example.com']), source: 'files', caCertPem: null };
    const res = await get('/api/device-setup/ca.crt');
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].detail).toBe(
      'This server has no certificate authority of its own.',
    );
    const setup = (await get('/api/device-setup', s.admin)).json();
    expect(setup.caCertificateUrl).toBeNull();
    expect(setup.setupUrls).toEqual([]);
  });

  it('tells a device on plain HTTP where the app answers over HTTPS for its own host', async () => {
    tls = ownCaTls(ca, ['192.168.1.20']);
    const res = await get('/api/connection', undefined, { host: '192.168.1.20:8080' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ secure: false, httpsUrl: 'https://192.168.1.20:8443/' });
  });

  it('never puts a strange Host header into the address', async () => {
    tls = ownCaTls(ca, ['192.168.1.20']);
    const res = await get('/api/connection', undefined, { host: 'a"b<c>' });
    expect(res.statusCode).toBeLessThan(500);
    if (res.statusCode === 200) expect(res.json()).toEqual({ secure: false, httpsUrl: null });
  });

  it('with HTTPS off and a plain PUBLIC_URL there is no HTTPS address', async () => {
    tls = { ...ownCaTls(ca, []), source: 'off', httpsPort: null, caCertPem: null };
    const res = await get('/api/connection', undefined, { host: '192.168.1.20:8080' });
    expect(res.json()).toEqual({ secure: false, httpsUrl: null });
    expect((await get('/api/device-setup', s.manager)).json().httpsUrls).toEqual([]);
  });
});

describeEachDialect('device setup behind an HTTPS proxy', (dialect) => {
  const s = suite(dialect, { publicUrl: 'https://wh.example.com', trustProxy: true });

  it('counts a request the proxy received over HTTPS as secure, and offers PUBLIC_URL', async () => {
    tls = { ...ownCaTls(ca, []), source: 'off', httpsPort: null, caCertPem: null };
    const call = (proto: string) =>
      s.t.app.inject({
        method: 'GET',
        url: '/api/connection',
        headers: { host: 'wh.example.com', 'x-forwarded-proto': proto },
      });
    expect((await call('https')).json()).toEqual({
      secure: true,
      httpsUrl: 'https://wh.example.com/',
    });
    expect((await call('http')).json().secure).toBe(false);
    expect(
      (
        await s.t.app.inject({
          method: 'GET',
          url: '/api/device-setup',
          headers: { authorization: s.manager },
        })
      ).json().httpsUrls,
    ).toEqual(['https://wh.example.com/']);
  });
});
