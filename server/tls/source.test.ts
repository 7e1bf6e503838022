import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  certificateHosts,
  expiresAt,
  fingerprint,
  makeCertificateAuthority,
  makeServerCertificate,
  type KeyAndCert,
} from './certificates';
import { startTlsSource, type TlsSource } from './source';

const DAY = 24 * 3600 * 1000;
const WAIT = { timeout: 10_000, interval: 25 };

let dir: string;
let sources: TlsSource[];
let lines: { level: 'info' | 'warn'; text: string }[];

/** A pino stand-in that keeps what was logged (the message, with or without an object first). */
const log = {
  info: (...args: unknown[]) => void lines.push({ level: 'info', text: String(args.at(-1)) }),
  warn: (...args: unknown[]) => void lines.push({ level: 'warn', text: String(args.at(-1)) }),
} as unknown as Logger;
const logged = (level: 'info' | 'warn') =>
  lines.filter((l) => l.level === level).map((l) => l.text);

function config(
  overrides: { httpsPort?: number | null; tlsCertFile?: string; tlsKeyFile?: string } = {},
) {
  return { dataDir: dir, port: 8080, httpsPort: 8443, tlsHosts: [], ...overrides };
}

function start(...args: Parameters<typeof startTlsSource>): TlsSource {
  const tls = startTlsSource(...args);
  if (!tls) throw new Error('expected a TLS source');
  sources.push(tls);
  return tls;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bw-tls-source-'));
  sources = [];
  lines = [];
});

afterEach(() => {
  for (const tls of sources) tls.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('startTlsSource', () => {
  it('is null with HTTPS_PORT=off, even with TLS_CERT/TLS_KEY set', () => {
    expect(startTlsSource(config({ httpsPort: null }), log)).toBeNull();
    expect(
      startTlsSource(config({ httpsPort: null, tlsCertFile: 'x.crt', tlsKeyFile: 'x.key' }), log),
    ).toBeNull();
  });
});

describe('the own CA', () => {
  it('serves a certificate for the machine hosts and tells the CA devices install', () => {
    const hosts = ['192.168.1.20', 'localhost'];
    const tls = start(config(), log, { hosts: () => hosts });
    const caPem = readFileSync(join(dir, 'tls', 'ca.crt'), 'utf8');
    const { cert, key } = tls.current();
    expect(cert).toBe(readFileSync(join(dir, 'tls', 'server.crt'), 'utf8'));
    expect(key).toBe(readFileSync(join(dir, 'tls', 'server.key'), 'utf8'));
    expect(tls.info()).toEqual({
      source: 'own-ca',
      httpsPort: 8443,
      httpPort: 8080,
      hosts,
      caCertPem: caPem,
      caFingerprint: fingerprint(caPem),
      expiresAt: expiresAt(cert).toISOString(),
    });
    expect(logged('info')[0]).toMatch(/made this installation's certificate authority/);
    expect(logged('info')[1]).toMatch(/new HTTPS certificate \(none yet\) for 192\.168\.1\.20/);
  });

  it('swaps in a new certificate when the machine gets a new address, same CA', async () => {
    const hosts = ['192.168.1.20', 'localhost'];
    const tls = start(config(), log, { hosts: () => hosts, checkEveryMs: 20 });
    const before = tls.info();
    const changed = vi.fn();
    tls.onChange(changed);
    hosts.push('10.0.0.5');
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1), WAIT);
    expect(certificateHosts(tls.current().cert)).toContain('10.0.0.5');
    expect(tls.info().hosts).toContain('10.0.0.5');
    expect(tls.info().caFingerprint).toBe(before.caFingerprint);
    expect(logged('info').at(-1)).toMatch(/new HTTPS certificate \(new host 10\.0\.0\.5\)/);
  });

  it('keeps serving the current certificate when a check fails', async () => {
    let broken = false;
    const tls = start(config(), log, {
      checkEveryMs: 20,
      hosts: () => {
        if (broken) throw new Error('no interfaces');
        return ['localhost'];
      },
    });
    const before = tls.current();
    broken = true;
    await vi.waitFor(() => expect(logged('warn')[0]).toMatch(/could not renew/), WAIT);
    expect(tls.current()).toEqual(before);
  });
});

describe("the company's TLS_CERT/TLS_KEY", () => {
  let ca: KeyAndCert;
  const certFile = () => join(dir, 'cert.pem');
  const keyFile = () => join(dir, 'key.pem');
  const files = () => config({ tlsCertFile: certFile(), tlsKeyFile: keyFile() });
  const write = (pair: Partial<KeyAndCert>) => {
    if (pair.certPem) writeFileSync(certFile(), pair.certPem);
    if (pair.keyPem) writeFileSync(keyFile(), pair.keyPem);
  };

  beforeEach(() => {
    ca = makeCertificateAuthority('company');
  });

  it('serves the files and tells no CA', () => {
    const pair = makeServerCertificate(ca, ['warehouse.example']);
    write(pair);
    const tls = start(files(), log);
    expect(tls.current()).toEqual({ key: pair.keyPem, cert: pair.certPem });
    expect(tls.info()).toEqual({
      source: 'files',
      httpsPort: 8443,
      httpPort: 8080,
      hosts: ['warehouse.example'],
      caCertPem: null,
      caFingerprint: null,
      expiresAt: expiresAt(pair.certPem).toISOString(),
    });
    expect(logged('warn')).toEqual([]);
  });

  it('takes a renewed pair without a restart', async () => {
    write(makeServerCertificate(ca, ['warehouse.example']));
    const tls = start(files(), log, { watchEveryMs: 20 });
    const changed = vi.fn(() => tls.current().cert);
    tls.onChange(changed);
    const renewed = makeServerCertificate(ca, ['warehouse.example', 'new.example']);
    write(renewed);
    await vi.waitFor(() => expect(changed).toHaveBeenCalled(), WAIT);
    expect(changed).toHaveLastReturnedWith(renewed.certPem);
    expect(tls.current()).toEqual({ key: renewed.keyPem, cert: renewed.certPem });
    expect(tls.info().hosts).toEqual(['warehouse.example', 'new.example']);
    expect(logged('info').at(-1)).toMatch(/reloaded the HTTPS certificate from TLS_CERT/);
  });

  it('keeps serving the old pair while the new cert has not its key yet, then takes both', async () => {
    const old = makeServerCertificate(ca, ['warehouse.example']);
    write(old);
    const tls = start(files(), log, { watchEveryMs: 20 });
    const changed = vi.fn();
    tls.onChange(changed);
    const renewed = makeServerCertificate(ca, ['warehouse.example']);
    write({ certPem: renewed.certPem });
    await vi.waitFor(() => expect(logged('warn')[0]).toMatch(/do not make a usable pair/), WAIT);
    expect(logged('warn')[0]).toMatch(/previous certificate still serves/);
    expect(changed).not.toHaveBeenCalled();
    expect(tls.current()).toEqual({ key: old.keyPem, cert: old.certPem });

    write({ keyPem: renewed.keyPem });
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1), WAIT);
    expect(tls.current()).toEqual({ key: renewed.keyPem, cert: renewed.certPem });
  });

  it('refuses to start on a key that is not the certificate’s, naming TLS_CERT', () => {
    write({ certPem: makeServerCertificate(ca, ['a.example']).certPem });
    write({ keyPem: makeServerCertificate(ca, ['a.example']).keyPem });
    expect(() => start(files(), log)).toThrow(
      /^TLS_CERT .*cert\.pem and TLS_KEY .*cannot serve HTTPS/,
    );
  });

  it('refuses to start on a missing file, naming TLS_CERT', () => {
    expect(() => start(files(), log)).toThrow(/TLS_CERT .*cert\.pem .*cannot serve HTTPS/);
  });

  it('warns when the certificate is about to end', () => {
    const pair = makeServerCertificate(ca, ['warehouse.example']);
    write(pair);
    const now = () => new Date(expiresAt(pair.certPem).getTime() - 5.5 * DAY);
    start(files(), log, { now });
    expect(logged('warn')).toEqual([expect.stringMatching(/TLS_CERT expires in 5 days/)]);
  });

  it('warns a server left running as the end comes near, not only at start', async () => {
    const pair = makeServerCertificate(ca, ['warehouse.example']);
    write(pair);
    let at = expiresAt(pair.certPem).getTime() - 30 * DAY;
    start(files(), log, { now: () => new Date(at), checkEveryMs: 20 });
    expect(logged('warn')).toEqual([]);
    at += 20 * DAY;
    await vi.waitFor(
      () => expect(logged('warn')[0]).toMatch(/TLS_CERT expires in (9|10) days/),
      WAIT,
    );
  });

  it('stops watching the files once closed', async () => {
    write(makeServerCertificate(ca, ['warehouse.example']));
    const tls = start(files(), log, { watchEveryMs: 20 });
    const changed = vi.fn();
    tls.onChange(changed);
    tls.close();
    write(makeServerCertificate(ca, ['warehouse.example']));
    await new Promise((done) => setTimeout(done, 800)); // past the 500 ms a renewal is given
    expect(changed).not.toHaveBeenCalled();
  });
});
