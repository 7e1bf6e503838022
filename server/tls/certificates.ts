// Certificates of the server's own certificate authority, made with node-forge (keys from Node's
// own crypto). What devices need for a locally trusted CA: a CA certificate with basic
// constraints CA and key usage keyCertSign; a server certificate with every name and address in
// subjectAltName (browsers ignore the common name), extended key usage serverAuth, and a lifetime
// under 398 days (Apple's limit for any TLS server certificate).
import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import forge from 'node-forge';
import { canonicalHost } from './hosts';

export interface KeyAndCert {
  keyPem: string;
  certPem: string;
}

const DAY = 24 * 3600 * 1000;
/** The CA is made once per installation; devices trust it for this long. */
export const CA_LIFETIME_DAYS = 3650;
export const SERVER_CERT_LIFETIME_DAYS = 397;

function newKey(): { privateKey: forge.pki.rsa.PrivateKey; keyPem: string } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { privateKey: forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey, keyPem };
}

function publicOf(key: forge.pki.rsa.PrivateKey): forge.pki.rsa.PublicKey {
  return forge.pki.setRsaPublicKey(key.n, key.e);
}

/** A random positive serial number (the top bit clear, so DER does not read it as negative). */
function serial(): string {
  const bytes = randomBytes(16);
  bytes[0] &= 0x7f;
  return bytes.toString('hex');
}

function validity(cert: forge.pki.Certificate, now: Date, days: number): void {
  // An hour back, so a device whose clock is a little behind accepts a certificate just made.
  cert.validity.notBefore = new Date(now.getTime() - 3600 * 1000);
  cert.validity.notAfter = new Date(now.getTime() + days * DAY);
}

/** A new certificate authority for this installation, named after the machine. */
export function makeCertificateAuthority(machine: string, now = new Date()): KeyAndCert {
  const { privateKey, keyPem } = newKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicOf(privateKey);
  cert.serialNumber = serial();
  validity(cert, now, CA_LIFETIME_DAYS);
  const name = [
    { name: 'commonName', value: `Brick Warehouse local CA (${machine})`.slice(0, 64) },
    { name: 'organizationName', value: 'Brick Warehouse' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  return { keyPem, certPem: forge.pki.certificateToPem(cert) };
}

/** A server certificate for `hosts` (names and IP addresses), signed by the CA. */
export function makeServerCertificate(
  ca: KeyAndCert,
  hosts: readonly string[],
  now = new Date(),
): KeyAndCert {
  if (hosts.length === 0) throw new Error('a server certificate needs at least one host');
  const caCert = forge.pki.certificateFromPem(ca.certPem);
  const caKey = forge.pki.privateKeyFromPem(ca.keyPem);
  const { privateKey, keyPem } = newKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicOf(privateKey);
  cert.serialNumber = serial();
  validity(cert, now, SERVER_CERT_LIFETIME_DAYS);
  cert.setSubject([{ name: 'commonName', value: hosts[0].slice(0, 64) }]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: hosts.map((h) => (isIP(h) ? { type: 7, ip: h } : { type: 2, value: h })),
    },
    { name: 'subjectKeyIdentifier' },
    {
      name: 'authorityKeyIdentifier',
      keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes(),
    },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { keyPem, certPem: forge.pki.certificateToPem(cert) };
}

/** The names and addresses a certificate is for, as written in its subjectAltName. */
export function certificateHosts(certPem: string): string[] {
  const san = new X509Certificate(certPem).subjectAltName ?? '';
  return san
    .split(', ')
    .map((entry) => entry.replace(/^(DNS|IP Address):/, ''))
    .filter(Boolean)
    .map(canonicalHost);
}

/** When a certificate stops being valid. */
export function expiresAt(certPem: string): Date {
  return new Date(new X509Certificate(certPem).validTo);
}

/** SHA-256 fingerprint, colon-separated upper-case hex, as phones and browsers show it. */
export function fingerprint(certPem: string): string {
  return new X509Certificate(certPem).fingerprint256;
}

/** The certificate in DER, the form Android and iOS install from a download. */
export function certificateDer(certPem: string): Buffer {
  return Buffer.from(new X509Certificate(certPem).raw);
}
