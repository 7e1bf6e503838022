// The server's own certificate authority in DATA_DIR/tls: made once (ca.key, ca.crt), and a server
// certificate (server.key, server.crt) for every host of the machine, made anew when a host is
// missing from it (a new LAN address, a name added to TLS_HOSTS), when it was not issued by this
// CA, or when it expires within RENEW_BEFORE_DAYS. Devices trust the CA once; renewals of the
// server certificate never need them again.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  certificateHosts,
  expiresAt,
  makeCertificateAuthority,
  makeServerCertificate,
  type KeyAndCert,
} from './certificates';
import { canonicalHost } from './hosts';

/** A server certificate is made anew this long before it expires (it lasts 397 days). */
export const RENEW_BEFORE_DAYS = 60;

export function tlsDir(dataDir: string): string {
  return join(dataDir, 'tls');
}

function readPair(dir: string, name: string): KeyAndCert | null {
  const key = join(dir, `${name}.key`);
  const cert = join(dir, `${name}.crt`);
  if (!existsSync(key) || !existsSync(cert)) return null;
  return { keyPem: readFileSync(key, 'utf8'), certPem: readFileSync(cert, 'utf8') };
}

/** Written beside and renamed into place, so a crash never leaves half a key. */
function writePair(dir: string, name: string, pair: KeyAndCert): void {
  for (const [ext, text, mode] of [
    ['key', pair.keyPem, 0o600],
    ['crt', pair.certPem, 0o644],
  ] as const) {
    const file = join(dir, `${name}.${ext}`);
    writeFileSync(`${file}.new`, text, { mode });
    renameSync(`${file}.new`, file);
  }
}

/** The installation's CA: read from DATA_DIR/tls, or made there the first time. */
export function loadOrCreateCa(
  dataDir: string,
  machine: string,
): { ca: KeyAndCert; made: boolean } {
  const dir = tlsDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const found = readPair(dir, 'ca');
  const half = ['ca.key', 'ca.crt'].filter((f) => existsSync(join(dir, f)));
  if (!found && half.length === 1) {
    // Never made anew silently: every device trusts this CA, and would need setting up again.
    throw new Error(
      `${join(dir, half[0])} is there without its pair (${half[0] === 'ca.key' ? 'ca.crt' : 'ca.key'}): restore it from a backup, or remove ${half[0]} to make a new certificate authority (every device must then be set up again)`,
    );
  }
  if (found) {
    const cert = new X509Certificate(found.certPem);
    if (!cert.ca) throw new Error(`${join(dir, 'ca.crt')} is not a CA certificate`);
    if (!cert.checkPrivateKey(createPrivateKey(found.keyPem)))
      throw new Error(`${join(dir, 'ca.key')} is not the key of ${join(dir, 'ca.crt')}`);
    return { ca: found, made: false };
  }
  const ca = makeCertificateAuthority(machine);
  writePair(dir, 'ca', ca);
  return { ca, made: true };
}

/** Why the server certificate must be made anew, or null while it serves. */
export function renewalReason(
  ca: KeyAndCert,
  server: KeyAndCert | null,
  hosts: readonly string[],
  now: Date,
): string | null {
  if (!server) return 'none yet';
  const cert = new X509Certificate(server.certPem);
  const issuer = new X509Certificate(ca.certPem);
  if (!cert.checkIssued(issuer) || !cert.verify(issuer.publicKey)) return 'not issued by this CA';
  if (!cert.checkPrivateKey(createPrivateKey(server.keyPem))) return 'key does not match';
  const held = new Set(certificateHosts(server.certPem).map(canonicalHost));
  const missing = hosts.map(canonicalHost).filter((h) => !held.has(h));
  if (missing.length > 0) return `new host${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`;
  const left = expiresAt(server.certPem).getTime() - now.getTime();
  if (left < RENEW_BEFORE_DAYS * 24 * 3600 * 1000)
    return `expires ${expiresAt(server.certPem).toISOString().slice(0, 10)}`;
  return null;
}

/** The server certificate for `hosts`: the one in DATA_DIR/tls while it serves, else a new one. */
export function serverCertificate(
  dataDir: string,
  ca: KeyAndCert,
  hosts: readonly string[],
  now = new Date(),
): { pair: KeyAndCert; renewed: string | null } {
  const dir = tlsDir(dataDir);
  const current = readPair(dir, 'server');
  const reason = renewalReason(ca, current, hosts, now);
  if (current && reason === null) return { pair: current, renewed: null };
  const pair = makeServerCertificate(ca, hosts, now);
  writePair(dir, 'server', pair);
  return { pair, renewed: reason };
}
