import { createPrivateKey, X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { connect, type PeerCertificate } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CA_LIFETIME_DAYS,
  certificateDer,
  certificateHosts,
  expiresAt,
  fingerprint,
  makeCertificateAuthority,
  makeServerCertificate,
  SERVER_CERT_LIFETIME_DAYS,
  type KeyAndCert,
} from './certificates';

const DAY = 24 * 3600 * 1000;
const NOW = new Date('2025-03-01T12:00:00.000Z');
const HOSTS = ['localhost', 'warehouse.local', '192.168.1.20', '127.0.0.1', 'fd00::5', '::1'];

let ca: KeyAndCert;
let server: KeyAndCert;
let caX509: X509Certificate;
let serverX509: X509Certificate;

beforeAll(() => {
  ca = makeCertificateAuthority('warehouse-pc', NOW);
  server = makeServerCertificate(ca, HOSTS, NOW);
  caX509 = new X509Certificate(ca.certPem);
  serverX509 = new X509Certificate(server.certPem);
});

describe('the certificate authority', () => {
  it('is a CA named after the machine, signed by itself', () => {
    expect(caX509.ca).toBe(true);
    expect(caX509.subject).toContain('warehouse-pc');
    expect(caX509.verify(caX509.publicKey)).toBe(true);
    expect(caX509.checkIssued(caX509)).toBe(true);
  });

  it('lasts ten years from an hour before it was made', () => {
    expect(new Date(caX509.validFrom).getTime()).toBe(NOW.getTime() - 3600 * 1000);
    expect(new Date(caX509.validTo).getTime()).toBe(NOW.getTime() + CA_LIFETIME_DAYS * DAY);
    expect(CA_LIFETIME_DAYS).toBe(3650);
  });

  it('is a new authority each time (another key, another serial)', () => {
    const other = new X509Certificate(makeCertificateAuthority('warehouse-pc', NOW).certPem);
    expect(other.serialNumber).not.toBe(caX509.serialNumber);
    expect(other.fingerprint256).not.toBe(caX509.fingerprint256);
    expect(serverX509.verify(other.publicKey)).toBe(false);
  });
});

describe('a server certificate', () => {
  it('is issued and signed by the CA, and is not a CA itself', () => {
    expect(serverX509.verify(caX509.publicKey)).toBe(true);
    expect(serverX509.checkIssued(caX509)).toBe(true);
    expect(serverX509.ca).toBe(false);
    expect(serverX509.checkPrivateKey(createPrivateKey(server.keyPem))).toBe(true);
    expect(serverX509.checkPrivateKey(createPrivateKey(ca.keyPem))).toBe(false);
  });

  it('holds every host given: names, .local, IPv4 and IPv6', () => {
    for (const name of ['localhost', 'warehouse.local'])
      expect(serverX509.checkHost(name)).toBe(name);
    for (const ip of ['192.168.1.20', '127.0.0.1', 'fd00::5', '::1'])
      expect(serverX509.checkIP(ip)).toBe(ip);
    expect(serverX509.checkHost('other.local')).toBeUndefined();
    expect(serverX509.checkIP('192.168.1.21')).toBeUndefined();
    expect(certificateHosts(server.certPem)).toEqual(HOSTS);
  });

  it('is for TLS servers and lasts 397 days (under the 398 days phones accept)', () => {
    expect(serverX509.keyUsage).toContain('1.3.6.1.5.5.7.3.1');
    expect(SERVER_CERT_LIFETIME_DAYS).toBe(397);
    expect(expiresAt(server.certPem).getTime()).toBe(
      NOW.getTime() + SERVER_CERT_LIFETIME_DAYS * DAY,
    );
    const lifetime =
      new Date(serverX509.validTo).getTime() - new Date(serverX509.validFrom).getTime();
    expect(lifetime).toBeLessThan(398 * DAY);
  });

  it('needs at least one host', () => {
    expect(() => makeServerCertificate(ca, [], NOW)).toThrow(/at least one host/);
  });

  it('has a fingerprint and a DER form that match the certificate', () => {
    expect(fingerprint(ca.certPem)).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const der = certificateDer(ca.certPem);
    expect(der[0]).toBe(0x30); // a DER SEQUENCE, not PEM text
    expect(new X509Certificate(der).fingerprint256).toBe(fingerprint(ca.certPem));
  });
});

describe('a TLS handshake with the server certificate', () => {
  let https: Server;
  let port: number;
  // A certificate made now, so the handshake's clock check passes.
  let live: { ca: KeyAndCert; server: KeyAndCert };

  beforeAll(async () => {
    const liveCa = makeCertificateAuthority('warehouse-pc');
    live = { ca: liveCa, server: makeServerCertificate(liveCa, HOSTS) };
    https = createServer({ key: live.server.keyPem, cert: live.server.certPem }, (_req, res) =>
      res.end('hello'),
    );
    await new Promise<void>((done) => https.listen(0, '127.0.0.1', done));
    port = (https.address() as AddressInfo).port;
  });

  afterAll(async () => {
    https.closeAllConnections();
    await new Promise((done) => https.close(done));
  });

  function handshake(
    servername: string,
    ca?: string,
  ): Promise<{ authorized: boolean; peer: PeerCertificate }> {
    return new Promise((done, fail) => {
      const socket = connect({ host: '127.0.0.1', port, servername, ca }, () => {
        const result = { authorized: socket.authorized, peer: socket.getPeerCertificate() };
        socket.end();
        done(result);
      });
      socket.once('error', fail);
    });
  }

  it('is trusted by a client that trusts the CA', async () => {
    const { authorized, peer } = await handshake('localhost', live.ca.certPem);
    expect(authorized).toBe(true);
    expect(peer.fingerprint256).toBe(fingerprint(live.server.certPem));
  });

  it('is trusted under the .local name too', async () => {
    expect((await handshake('warehouse.local', live.ca.certPem)).authorized).toBe(true);
  });

  it('is refused by a client that does not trust the CA', async () => {
    await expect(handshake('localhost')).rejects.toMatchObject({
      code: expect.stringMatching(
        /UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED|UNABLE_TO_GET_ISSUER/,
      ),
    });
  });

  it('is refused for a name it does not hold', async () => {
    await expect(handshake('elsewhere.example', live.ca.certPem)).rejects.toMatchObject({
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
    });
  });
});
