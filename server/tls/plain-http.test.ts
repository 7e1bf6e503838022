import { X509Certificate } from 'node:crypto';
import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import { fingerprint, makeCertificateAuthority } from './certificates';
import type { TlsInfo } from './info';
import { hostOf, plainHttpHandler } from './plain-http';

const LAN = '192.168.1.20:8080';
const HTTPS = 'https://192.168.1.20:8443';

let t: TestApp;
let server: Server;
let port: number;
let caPem: string;
let tls: TlsInfo;

beforeAll(async () => {
  t = await createTestApp('sqlite');
  caPem = makeCertificateAuthority('warehouse-pc').certPem;
  tls = {
    source: 'own-ca',
    httpsPort: 8443,
    httpPort: 8080,
    hosts: ['192.168.1.20', 'fd00::5', 'warehouse-pc.local', 'localhost'],
    caCertPem: caPem,
    caFingerprint: fingerprint(caPem),
    expiresAt: '2026-01-01T00:00:00.000Z',
  };
  server = createServer(
    plainHttpHandler(
      (req, res) => t.app.routing(req, res),
      () => tls,
    ),
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
  await t?.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** A request to the plain-HTTP port as a device that reached it under `host`. */
function send(method: string, path: string, host: string | null, body?: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        setHost: false,
        headers: {
          ...(host === null ? {} : { Host: host }),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          done({ status: res.statusCode!, headers: res.headers, body: all, text: all.toString() });
        });
      },
    );
    req.once('error', fail);
    req.end(body);
  });
}

/** Everything the setup page links or forwards to. */
function destinations(html: string): string[] {
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));
  const target = /var target = ("[^\n]*");/.exec(html);
  return target ? [...hrefs, JSON.parse(target[1]) as string] : hrefs;
}

describe('this machine (a loopback Host)', () => {
  it('gets the whole app over plain HTTP', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      const health = await send('GET', '/api/health', host);
      expect(health.status, host).toBe(200);
      expect(JSON.parse(health.text)).toEqual({ status: 'ok', database: 'sqlite' });
      const login = await send('POST', '/api/login', host, '{}');
      expect([400, 401]).toContain(login.status);
      expect(login.headers.location).toBeUndefined();
    }
  });
});

describe('another device naming this machine', () => {
  it('does not get the app over plain HTTP by sending Host: localhost', () => {
    const app = vi.fn();
    const written: { status?: number; headers?: Record<string, string> } = {};
    const req = {
      headers: { host: 'localhost:8080' },
      url: '/api/user',
      method: 'GET',
      socket: { remoteAddress: '192.168.1.30' },
    } as unknown as IncomingMessage;
    const res = {
      writeHead: (status: number, headers: Record<string, string>) =>
        Object.assign(written, { status, headers }),
      end: () => {},
    } as unknown as ServerResponse;
    plainHttpHandler(app, () => tls)(req, res);
    expect(app).not.toHaveBeenCalled();
    expect(written.status).toBe(308);
    expect(written.headers?.Location).toBe('https://localhost:8443/api/user');
  });
});

describe('another device (a LAN Host)', () => {
  it('is sent from a page to the setup page, with where it wanted to go', async () => {
    const page = await send('GET', '/picking?batch=7', LAN);
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe(`/setup?next=${encodeURIComponent('/picking?batch=7')}`);
    expect((await send('GET', '/', LAN)).headers.location).toBe('/setup?next=%2F');
  });

  it('gets the setup page with a nonce CSP its one script carries', async () => {
    const res = await send('GET', '/setup?next=%2Fpicking', LAN);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`connect-src ${HTTPS};`);
    expect(csp).toContain("frame-ancestors 'none'");
    const scripts = [...res.text.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([` nonce="${nonce}"`]);
    expect(res.text).toContain(tls.caFingerprint);
    expect(destinations(res.text)).toEqual([
      '/setup/ca.crt',
      `${HTTPS}/picking`,
      `${HTTPS}/picking`,
    ]);
    expect((await send('GET', '/setup', LAN)).headers['content-security-policy']).not.toContain(
      nonce,
    );
  });

  it('names the hosts the certificate holds when reached under another one', async () => {
    const res = await send('GET', '/setup', 'lager.example:8080');
    expect(res.text).toContain('This address (lager.example) is not in the server');
    expect(res.text).toContain('192.168.1.20, fd00::5, warehouse-pc.local, localhost');
    expect((await send('GET', '/setup', LAN)).text).not.toContain('is not in the server');
  });

  it('downloads the CA as DER, the form phones install', async () => {
    const res = await send('GET', '/setup/ca.crt', LAN);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(res.headers['content-disposition']).toContain('attachment');
    const cert = new X509Certificate(res.body);
    expect(cert.fingerprint256).toBe(fingerprint(caPem));
    expect(cert.ca).toBe(true);
    const head = await send('HEAD', '/setup/ca.crt', LAN);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('is sent to HTTPS for the API with 308, keeping method, path and query', async () => {
    const post = await send('POST', '/api/v1/picks?x=1', LAN, '{"a":1}');
    expect(post.status).toBe(308);
    expect(post.headers.location).toBe(`${HTTPS}/api/v1/picks?x=1`);
    const v6 = await send('GET', '/api/items', '[FD00:0::5]:8080');
    expect(v6.headers.location).toBe('https://[fd00::5]:8443/api/items');
  });

  it('gets /api/health from the app, for monitors', async () => {
    const res = await send('GET', '/api/health', LAN);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ status: 'ok', database: 'sqlite' });
  });

  it('is never linked to another site by next', async () => {
    for (const next of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      // Markup in next must stay text: it may not end the page's script and add a link.
      '/</script><a href=https://evil.example/>continue</a><script>',
      '/</SCRIPT ><a href=//evil.example>continue</a>',
    ]) {
      const res = await send('GET', `/setup?next=${encodeURIComponent(next)}`, LAN);
      expect(res.status).toBe(200);
      const links = destinations(res.text);
      expect(links.length, next).toBe(3);
      for (const link of links)
        expect(link.startsWith('/setup/') || link.startsWith(`${HTTPS}/`), link).toBe(true);
      expect(res.text.match(/<a /g), next).toHaveLength(2);
      expect(res.text.match(/<\/script/gi), next).toHaveLength(1);
    }
  });
});

describe('HTTPS from a certificate of the company (no CA to install)', () => {
  it('sends pages straight to HTTPS, and has no CA to download', async () => {
    const own = tls;
    tls = { ...own, source: 'files', caCertPem: null, caFingerprint: null, httpsPort: 443 };
    try {
      const page = await send('GET', '/picking', LAN);
      expect(page.status).toBe(308);
      expect(page.headers.location).toBe('https://192.168.1.20/picking');
      expect((await send('GET', '/setup/ca.crt', LAN)).status).toBe(308);
      expect((await send('GET', '/setup', LAN)).text).not.toContain('/setup/ca.crt');
    } finally {
      tls = own;
    }
  });
});

describe('a request without a usable Host', () => {
  it('gets 400, and the server keeps answering', async () => {
    for (const host of [null, '', 'bad host', '[::1', 'a:b:c']) {
      const res = await send('GET', '/', host);
      expect(res.status, String(host)).toBe(400);
    }
    // HTTP/1.0 may leave the Host out; Node hands such a request on.
    const raw = await new Promise<string>((done, fail) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('GET /setup HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (c) => (text += c.toString()));
      socket.on('end', () => done(text));
      socket.once('error', fail);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toContain('A Host header is needed.');
    expect((await send('GET', '/api/health', `localhost:${port}`)).status).toBe(200);
  });

  it('hostOf reads only the host name of a Host header', () => {
    expect(hostOf('LOCALHOST:8080')).toBe('localhost');
    expect(hostOf('[::1]:8080')).toBe('::1');
    expect(hostOf('192.168.1.20')).toBe('192.168.1.20');
    expect(hostOf(undefined)).toBeNull();
    expect(hostOf('bad host')).toBeNull();
  });
});
