import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers';
import {
  fingerprint,
  makeCertificateAuthority,
  makeServerCertificate,
  type KeyAndCert,
} from './certificates';
import { serving, type Serving } from './serve';
import { startTlsSource, type TlsSource } from './source';

const HOSTS = ['localhost', '127.0.0.1'];
const log = { info: () => {}, warn: () => {} } as unknown as Logger;

let dir: string;
let ca: KeyAndCert;
let tls: TlsSource;
let serve: Serving;
let t: TestApp;
let httpsPort: number;
let plainPort: number;

function write(pair: KeyAndCert): void {
  writeFileSync(join(dir, 'cert.pem'), pair.certPem);
  writeFileSync(join(dir, 'key.pem'), pair.keyPem);
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

/** GET over HTTPS as a client that trusts `ca`, on a new connection each time. */
function httpsGet(path: string): Promise<{ status: number; body: string; served: string }> {
  return new Promise((done, fail) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: httpsPort,
        path,
        servername: 'localhost',
        ca: ca.certPem,
        agent: false,
      },
      (res) => {
        const served = (res.socket as import('node:tls').TLSSocket).getPeerCertificate()
          .fingerprint256;
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => done({ status: res.statusCode!, body, served }));
      },
    );
    req.once('error', fail);
    req.end();
  });
}

function plainGet(path: string, host: string): Promise<{ status: number; location?: string }> {
  return new Promise((done, fail) => {
    const req = request(
      { host: '127.0.0.1', port: plainPort, path, headers: { Host: host } },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode!, location: res.headers.location }));
      },
    );
    req.once('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bw-serve-'));
  ca = makeCertificateAuthority('company');
  write(makeServerCertificate(ca, HOSTS));
  const config = {
    dataDir: dir,
    port: 8080,
    httpsPort: 8443,
    tlsHosts: [],
    tlsCertFile: join(dir, 'cert.pem'),
    tlsKeyFile: join(dir, 'key.pem'),
  };
  tls = startTlsSource(config, log, { watchEveryMs: 20 })!;
  serve = serving(tls);
  t = await createTestApp('sqlite', {}, { serverFactory: serve.serverFactory });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  httpsPort = (t.app.server.address() as AddressInfo).port;
  plainPort = await freePort();
  await serve.listenPlain(plainPort, '127.0.0.1');
});

afterAll(async () => {
  await serve?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serving HTTPS with the plain-HTTP port beside it', () => {
  it('answers the app over HTTPS, trusted by a client that trusts the CA', async () => {
    const res = await httpsGet('/api/health');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok', database: 'sqlite' });
    expect(res.served).toBe(fingerprint(tls.current().cert));
  });

  it('answers this machine in full on the plain port, and sends other devices to HTTPS', async () => {
    expect(await plainGet('/api/health', `localhost:${plainPort}`)).toEqual({
      status: 200,
      location: undefined,
    });
    expect(await plainGet('/api/no/such', `localhost:${plainPort}`)).toMatchObject({ status: 404 });
    expect(await plainGet('/picking', '192.168.1.20:8080')).toEqual({
      status: 308,
      location: 'https://192.168.1.20:8443/picking',
    });
  });

  it('serves a replaced certificate on new connections without a restart', async () => {
    const before = (await httpsGet('/api/health')).served;
    const renewed = makeServerCertificate(ca, HOSTS);
    write(renewed);
    await vi.waitFor(
      async () => expect((await httpsGet('/api/health')).served).toBe(fingerprint(renewed.certPem)),
      { timeout: 10_000, interval: 50 },
    );
    expect(fingerprint(renewed.certPem)).not.toBe(before);
  });
});

describe('serving without HTTPS', () => {
  it('leaves Fastify its own server and starts no plain port', async () => {
    const plain = serving(null);
    expect(plain.serverFactory).toBeUndefined();
    await expect(plain.listenPlain(plainPort, '127.0.0.1')).resolves.toBeUndefined();
    await expect(plain.close()).resolves.toBeUndefined();
  });

  it('refuses to start the plain port before the HTTPS server exists', async () => {
    await expect(serving(tls).listenPlain(0, '127.0.0.1')).rejects.toThrow(/not made yet/);
  });
});
