import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  certificateHosts,
  expiresAt,
  makeCertificateAuthority,
  makeServerCertificate,
} from './certificates';
import {
  loadOrCreateCa,
  RENEW_BEFORE_DAYS,
  renewalReason,
  serverCertificate,
  tlsDir,
} from './local-ca';

const DAY = 24 * 3600 * 1000;
const HOSTS = ['192.168.1.20', 'warehouse-pc', 'warehouse-pc.local', 'localhost', '::1'];

let dataDir: string;
const file = (name: string) => join(tlsDir(dataDir), name);
const read = (name: string) => readFileSync(file(name), 'utf8');
const mode = (name: string) => statSync(file(name)).mode & 0o777;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'bw-local-ca-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('loadOrCreateCa', () => {
  it('makes the CA once in DATA_DIR/tls, its key readable by the owner only', () => {
    const first = loadOrCreateCa(dataDir, 'warehouse-pc');
    expect(first.made).toBe(true);
    expect(read('ca.crt')).toBe(first.ca.certPem);
    expect(read('ca.key')).toBe(first.ca.keyPem);
    expect(new X509Certificate(first.ca.certPem).ca).toBe(true);
    expect(mode('ca.key')).toBe(0o600);
    expect(statSync(tlsDir(dataDir)).mode & 0o077).toBe(0);

    const again = loadOrCreateCa(dataDir, 'warehouse-pc');
    expect(again.made).toBe(false);
    expect(again.ca).toEqual(first.ca);
  });

  it('refuses a ca.crt that is not a CA, or a ca.key that is not its key', () => {
    const { ca } = loadOrCreateCa(dataDir, 'warehouse-pc');
    const leaf = makeServerCertificate(ca, ['localhost']);
    writeFileSync(file('ca.crt'), leaf.certPem);
    writeFileSync(file('ca.key'), leaf.keyPem);
    expect(() => loadOrCreateCa(dataDir, 'warehouse-pc')).toThrow(
      /ca\.crt is not a CA certificate/,
    );

    const other = makeCertificateAuthority('elsewhere');
    writeFileSync(file('ca.crt'), ca.certPem);
    writeFileSync(file('ca.key'), other.keyPem);
    expect(() => loadOrCreateCa(dataDir, 'warehouse-pc')).toThrow(/ca\.key is not the key of/);
    // Never overwritten: devices trust this CA.
    expect(read('ca.crt')).toBe(ca.certPem);
  });

  it('refuses half a CA (a restore that missed the key) instead of making a new one', () => {
    const { ca } = loadOrCreateCa(dataDir, 'warehouse-pc');
    rmSync(file('ca.key'));
    expect(() => loadOrCreateCa(dataDir, 'warehouse-pc')).toThrow(
      /ca\.crt is there without its pair \(ca\.key\): restore it from a backup/,
    );
    expect(read('ca.crt')).toBe(ca.certPem);
    rmSync(file('ca.crt'));
    writeFileSync(file('ca.key'), ca.keyPem);
    expect(() => loadOrCreateCa(dataDir, 'warehouse-pc')).toThrow(/ca\.key is there without/);
  });
});

describe('serverCertificate', () => {
  it('makes a server certificate for every host, issued by the CA, its key private', () => {
    const { ca } = loadOrCreateCa(dataDir, 'warehouse-pc');
    const { pair, renewed } = serverCertificate(dataDir, ca, HOSTS);
    expect(renewed).toBe('none yet');
    expect(read('server.crt')).toBe(pair.certPem);
    expect(read('server.key')).toBe(pair.keyPem);
    expect(mode('server.key')).toBe(0o600);
    const cert = new X509Certificate(pair.certPem);
    expect(cert.checkIssued(new X509Certificate(ca.certPem))).toBe(true);
    expect(certificateHosts(pair.certPem)).toEqual(HOSTS);
  });

  it('keeps the same certificate while the hosts are the same (in any order or spelling)', () => {
    const { ca } = loadOrCreateCa(dataDir, 'warehouse-pc');
    const first = serverCertificate(dataDir, ca, HOSTS);
    const again = serverCertificate(
      dataDir,
      ca,
      [...HOSTS].reverse().map((h) => h.toUpperCase()),
    );
    expect(again.renewed).toBeNull();
    expect(again.pair).toEqual(first.pair);
    expect(read('server.crt')).toBe(first.pair.certPem);
    // A host dropped from the list does not call for a new certificate either.
    expect(serverCertificate(dataDir, ca, HOSTS.slice(1)).renewed).toBeNull();
  });

  it('makes a new certificate, by the same CA, when the machine has a new host', () => {
    const { ca } = loadOrCreateCa(dataDir, 'warehouse-pc');
    const first = serverCertificate(dataDir, ca, HOSTS);
    const next = serverCertificate(dataDir, ca, [...HOSTS, '10.0.0.5']);
    expect(next.renewed).toBe('new host 10.0.0.5');
    expect(next.pair.certPem).not.toBe(first.pair.certPem);
    expect(certificateHosts(read('server.crt'))).toContain('10.0.0.5');
    expect(loadOrCreateCa(dataDir, 'warehouse-pc')).toEqual({ ca, made: false });
    expect(
      new X509Certificate(next.pair.certPem).verify(new X509Certificate(ca.certPem).publicKey),
    ).toBe(true);
  });

  it(`renews a certificate that ends within ${RENEW_BEFORE_DAYS} days, not earlier`, () => {
    const { ca } = loadOrCreateCa(dataDir, 'warehouse-pc');
    const first = serverCertificate(dataDir, ca, HOSTS).pair;
    const end = expiresAt(first.certPem).getTime();

    const early = new Date(end - (RENEW_BEFORE_DAYS + 1) * DAY);
    expect(serverCertificate(dataDir, ca, HOSTS, early).renewed).toBeNull();

    const late = new Date(end - (RENEW_BEFORE_DAYS - 1) * DAY);
    const renewed = serverCertificate(dataDir, ca, HOSTS, late);
    expect(renewed.renewed).toMatch(/^expires \d{4}-\d\d-\d\d$/);
    expect(expiresAt(renewed.pair.certPem).getTime()).toBeGreaterThan(late.getTime() + 300 * DAY);
    expect(read('server.crt')).toBe(renewed.pair.certPem);
  });

  it('replaces a server certificate another CA issued, even one with the same name', () => {
    const { ca } = loadOrCreateCa(dataDir, 'warehouse-pc');
    const stranger = makeServerCertificate(makeCertificateAuthority('warehouse-pc'), HOSTS);
    writeFileSync(file('server.crt'), stranger.certPem);
    writeFileSync(file('server.key'), stranger.keyPem);
    const { pair, renewed } = serverCertificate(dataDir, ca, HOSTS);
    expect(renewed).toBe('not issued by this CA');
    expect(
      new X509Certificate(pair.certPem).verify(new X509Certificate(ca.certPem).publicKey),
    ).toBe(true);
    expect(read('server.crt')).toBe(pair.certPem);
  });

  it('replaces a server certificate whose key file is another key', () => {
    const { ca } = loadOrCreateCa(dataDir, 'warehouse-pc');
    serverCertificate(dataDir, ca, HOSTS);
    writeFileSync(file('server.key'), makeServerCertificate(ca, HOSTS).keyPem);
    const { pair, renewed } = serverCertificate(dataDir, ca, HOSTS);
    expect(renewed).toBe('key does not match');
    expect(read('server.key')).toBe(pair.keyPem);
  });
});

describe('renewalReason', () => {
  it('names every missing host', () => {
    const ca = makeCertificateAuthority('pc');
    const server = makeServerCertificate(ca, ['localhost']);
    expect(renewalReason(ca, server, ['localhost'], new Date())).toBeNull();
    expect(renewalReason(ca, server, ['a.example', 'localhost', 'fd00::5'], new Date())).toBe(
      'new hosts a.example, fd00::5',
    );
  });
});
