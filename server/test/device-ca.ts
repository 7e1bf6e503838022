import { createHash } from 'node:crypto';
import forge from 'node-forge';
import type { TlsInfo } from '../tls/info';

/** A small self-signed certificate authority for the device setup's tests (not the server's own). */
export function testCa(): { pem: string; fingerprint: string } {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const attrs = [{ name: 'commonName', value: 'Device setup test CA' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: 'basicConstraints', cA: true }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const pem = forge.pki.certificateToPem(cert);
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  const fingerprint = createHash('sha256')
    .update(der)
    .digest('hex')
    .toUpperCase()
    .match(/../g)!
    .join(':');
  return { pem, fingerprint };
}

/** The HTTPS state of a server on its own CA, reachable at these hosts. */
export function ownCaTls(ca: { pem: string; fingerprint: string }, hosts: string[]): TlsInfo {
  return {
    source: 'own-ca',
    httpsPort: 8443,
    httpPort: 8080,
    hosts,
    caCertPem: ca.pem,
    caFingerprint: ca.fingerprint,
    expiresAt: '2027-12-01T00:00:00.000Z',
  };
}
