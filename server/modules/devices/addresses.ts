import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import type { DeviceSetupAnswer } from '../../../contract/device-setup';
import { CA_CERTIFICATE_PATH } from '../../../contract/device-setup';
import { canonicalHost, isLoopbackHost, urlHost } from '../../tls/hosts';
import type { TlsInfo } from '../../tls/info';

/**
 * The addresses the device setup shows, from the server's HTTPS state (server/tls/info.ts) and
 * PUBLIC_URL. Pure functions: the routes hand them `app.tls()` and the config.
 */

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/**
 * A host a client sent (its Host header) as a URL writes it, or null when it is neither a host
 * name nor an IP address: nothing else is put into an address. IPv6 goes in brackets.
 */
export function requestUrlHost(host: string): string | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (isIP(bare)) return bare.includes('%') ? null : urlHost(canonicalHost(bare));
  return HOST_NAME.test(bare) ? bare.toLowerCase().replace(/\.$/, '') : null;
}

function address(
  scheme: 'https' | 'http',
  host: string,
  port: number,
  path: string,
): string | null {
  const h = requestUrlHost(host);
  if (!h) return null;
  const defaultPort = scheme === 'https' ? 443 : 80;
  return `${scheme}://${h}${port === defaultPort ? '' : `:${port}`}${path}`;
}

/** The warehouse network's hosts first, the server's own machine's last; order kept otherwise. */
function reachableFirst(hosts: readonly string[]): string[] {
  return [...hosts.filter((h) => !isLoopbackHost(h)), ...hosts.filter((h) => isLoopbackHost(h))];
}

function present<T>(values: (T | null)[]): T[] {
  return [...new Set(values.filter((v): v is T => v !== null))];
}

/** PUBLIC_URL as the app's HTTPS address, when it is one. */
export function httpsPublicUrl(publicUrl: string): string | null {
  try {
    const url = new URL(publicUrl);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The certificate authority as DER (what a phone's "install a certificate" reads). */
export function caCertificateDer(tls: TlsInfo): Buffer | null {
  if (tls.source !== 'own-ca' || !tls.caCertPem) return null;
  return Buffer.from(new X509Certificate(tls.caCertPem).raw);
}

/** GET /api/device-setup's answer. */
export function deviceSetup(tls: TlsInfo, publicUrl: string): DeviceSetupAnswer {
  const ownHttps = tls.source !== 'off' && tls.httpsPort !== null;
  const hosts = reachableFirst(tls.hosts);
  const publicHttps = httpsPublicUrl(publicUrl);
  const httpsUrls = ownHttps
    ? present(hosts.map((h) => address('https', h, tls.httpsPort!, '/')))
    : publicHttps
      ? [publicHttps]
      : [];
  const ownCa = tls.source === 'own-ca';
  return {
    source: tls.source,
    httpsUrls,
    setupUrls: ownCa
      ? present(
          hosts
            .filter((h) => !isLoopbackHost(h))
            .map((h) => address('http', h, tls.httpPort, '/setup')),
        )
      : [],
    caCertificateUrl: ownCa && tls.caCertPem ? CA_CERTIFICATE_PATH : null,
    caFingerprint: ownCa ? tls.caFingerprint : null,
    expiresAt: tls.source === 'off' ? null : tls.expiresAt,
  };
}

/** GET /api/connection's HTTPS address for a device that reached the server as `hostname`. */
export function httpsUrlFor(tls: TlsInfo, publicUrl: string, hostname: string): string | null {
  if (tls.source !== 'off' && tls.httpsPort !== null) {
    const own = address('https', hostname, tls.httpsPort, '/');
    if (own) return own;
  }
  return httpsPublicUrl(publicUrl);
}
